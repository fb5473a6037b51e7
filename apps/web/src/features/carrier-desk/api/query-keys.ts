import { sharedQueryRoots } from '../../../lib/query-keys';
import type { FindTariffsQuery } from './find-tariffs';
import type { FindInlandTariffsQuery } from './inland-tariffs';

/** The carrier desk's work lists, the records opened from them and the tariffs. */
export const carrierDeskKeys = {
  quotationsToPrice: sharedQueryRoots.quotationsToPrice,
  quotation: (id: number) => ['carrier-desk', 'quotation', id] as const,
  bookingsToConfirm: sharedQueryRoots.bookingsToConfirm,
  booking: (id: number) => ['carrier-desk', 'booking', id] as const,
  /** A lane's upcoming sailings, to confirm a booking onto. */
  sailings: (pol: string, pod: string) => ['carrier-desk', 'sailings', pol, pod] as const,
  /** Every page and filter of the tariff list. */
  tariffs: ['carrier-desk', 'tariffs'],
  tariffList: (query: FindTariffsQuery) => ['carrier-desk', 'tariffs', query] as const,
  /** Every page and filter of the inland tariff list. */
  inlandTariffs: ['carrier-desk', 'inland-tariffs'],
  inlandTariffList: (query: FindInlandTariffsQuery) => ['carrier-desk', 'inland-tariffs', query] as const,
} as const;
