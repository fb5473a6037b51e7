import type { Port } from '@lading/contract/reference-data';
import { findPorts } from '../../../lib/reference-data/find-ports';

/**
 * The place typeahead of an equipment event: five sea or dry ports (a terminal, an inland depot) by name or
 * UN/LOCODE. The server checks the code against the same list.
 */
export async function searchEventPlaces(term: string, signal: AbortSignal): Promise<Port[]> {
  return (await findPorts({ limit: 5, name: term, portType: ['SP', 'DP'] }, signal)).results;
}
