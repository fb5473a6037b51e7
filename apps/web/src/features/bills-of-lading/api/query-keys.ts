import { sharedQueryRoots } from '../../../lib/query-keys';
import type { FindBillsOfLadingQuery } from './find-bills-of-lading';

/**
 * Bills read one by one (bl_view) are under one root; the lists, the review queue and the reviews under another, so
 * a status change refreshes all three with one call.
 */
export const billOfLadingKeys = {
  details: sharedQueryRoots.billsOfLading,
  detail: (id: number) => [...sharedQueryRoots.billsOfLading, id] as const,
  /** The bill's sailing deadlines (SI by the DCO, VGM by the VCO). */
  deadlines: (id: number) => [...sharedQueryRoots.billsOfLading, id, 'deadlines'] as const,
  /** The lists, the review queue and every review. */
  lists: ['bills-of-lading'],
  list: (query: FindBillsOfLadingQuery) => ['bills-of-lading', query] as const,
  reviewQueue: ['bills-of-lading', 'review-queue'],
  review: (id: number) => ['bills-of-lading', 'review', id] as const,
} as const;
