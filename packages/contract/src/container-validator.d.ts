declare module 'container-validator' {
  /** ISO 6346 container number validator (owner code, category, serial, check digit). */
  export default class ContainerValidator {
    isValid(containerNumber: string): boolean;
    createCheckDigit(firstTenCharacters: string): number;
  }
}
