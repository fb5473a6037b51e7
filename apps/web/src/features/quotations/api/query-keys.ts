import { sharedQueryRoots } from '../../../lib/query-keys';
import type { FindQuotationsQuery } from './find-quotations';

/** The customer's quotation lists, under the root the carrier desk refreshes when it prices one. */
export const quotationKeys = {
  all: sharedQueryRoots.quotations,
  list: (query: FindQuotationsQuery) => [...sharedQueryRoots.quotations, query] as const,
};

/** What the rate enquiry looks up for a lane handed over by the schedules: its ports by code, the sailing chosen. */
export const rateEnquiryKeys = {
  port: (code: string) => ['rate-enquiry', 'port', code] as const,
  sailing: (voyageId: number) => ['rate-enquiry', 'sailing', voyageId] as const,
  /** Whether a customer whose session says PENDING is a member of their company by now. */
  membership: (userId: number) => [...sharedQueryRoots.membership, userId] as const,
} as const;
