import { sharedQueryRoots } from '../../../lib/query-keys';
import type { FindQuotationsQuery } from './find-quotations';

/** The customer's quotation lists, under the root the carrier desk refreshes when it prices one. */
export const quotationKeys = {
  all: sharedQueryRoots.quotations,
  list: (query: FindQuotationsQuery) => [...sharedQueryRoots.quotations, query] as const,
};
