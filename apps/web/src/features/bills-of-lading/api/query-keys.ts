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
  lists: sharedQueryRoots.billOfLadingLists,
  list: (query: FindBillsOfLadingQuery) => [...sharedQueryRoots.billOfLadingLists, query] as const,
  reviewQueue: [...sharedQueryRoots.billOfLadingLists, 'review-queue'],
  review: (id: number) => [...sharedQueryRoots.billOfLadingLists, 'review', id] as const,
} as const;
