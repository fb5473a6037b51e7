import { QUOTATION_STATUSES, type QuotationStatus } from '@lading/contract/status-codes';

/**
 * The quotation list's status filter and page, kept in the address (the dashboard's counts link here). No status:
 * the active quotations (QUOTED within their validity, and REQUESTED).
 */
export type QuotationListSearch = { status?: QuotationStatus; page?: number };

export function parseQuotationListSearch(search: Record<string, unknown>): QuotationListSearch {
  const page = Number(search.page);
  return {
    status: QUOTATION_STATUSES.includes(search.status as QuotationStatus)
      ? (search.status as QuotationStatus)
      : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
