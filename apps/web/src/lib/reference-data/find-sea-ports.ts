import type { Port } from '@lading/contract/reference-data';
import { findPorts } from './find-ports';

// Apart from find-ports.ts, which the BL list's first load carries: these are for the schedule screens only.

/** The sea-port typeahead's search (schedules, a service's rotation): five sea ports by name or UN/LOCODE. */
export async function searchSeaPorts(term: string, signal: AbortSignal): Promise<Port[]> {
  return (await findPorts({ limit: 5, name: term, portType: ['SP'] }, signal)).results;
}

/** The port with this UN/LOCODE (a search's prefix match, the exact code picked from it), or null. */
export async function findPortByCode(code: string, signal?: AbortSignal): Promise<Port | null> {
  const { results } = await findPorts({ limit: 5, code }, signal);
  return results.find((port) => port.code === code.toUpperCase()) ?? null;
}
