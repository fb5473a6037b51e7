import type { FindVesselsQuery } from './find-vessels';
import type { FindVoyagesQuery } from './find-voyages';

/** The carrier's schedule: vessels, liner services and voyages (staff). */
export const voyageAdminKeys = {
  all: ['voyage-admin'],
  /** Every page and filter of the vessel list, and the service form's vessel search. */
  vessels: ['voyage-admin', 'vessels'],
  vesselPage: (query: FindVesselsQuery) => ['voyage-admin', 'vessels', query] as const,
  services: ['voyage-admin', 'services'],
  /** Every voyage list and voyage. */
  voyages: ['voyage-admin', 'voyages'],
  voyageLists: ['voyage-admin', 'voyages', 'list'],
  voyagePage: (query: FindVoyagesQuery) => ['voyage-admin', 'voyages', 'list', query] as const,
  voyage: (id: number) => ['voyage-admin', 'voyages', 'one', id] as const,
} as const;
