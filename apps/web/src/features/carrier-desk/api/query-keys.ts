import type { FindTariffsQuery } from './find-tariffs';

/** The carrier desk's work lists, the records opened from them and the tariffs. */
export const carrierDeskKeys = {
  quotationsToPrice: ['carrier-desk', 'quotations-to-price'],
  quotation: (id: number) => ['carrier-desk', 'quotation', id] as const,
  bookingsToConfirm: ['carrier-desk', 'bookings-to-confirm'],
  booking: (id: number) => ['carrier-desk', 'booking', id] as const,
  /** A lane's upcoming sailings, to confirm a booking onto. */
  sailings: (pol: string, pod: string) => ['carrier-desk', 'sailings', pol, pod] as const,
  /** Every page and filter of the tariff list. */
  tariffs: ['carrier-desk', 'tariffs'],
  tariffList: (query: FindTariffsQuery) => ['carrier-desk', 'tariffs', query] as const,
} as const;
