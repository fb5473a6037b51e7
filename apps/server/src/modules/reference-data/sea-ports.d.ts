// The sea-ports package ships no types: a map from UN/LOCODE to a port record.
declare module 'sea-ports' {
  const seaPorts: {
    JSON: Record<string, { name: string; country?: string; coordinates?: [number, number] }>;
  };
  export default seaPorts;
}
