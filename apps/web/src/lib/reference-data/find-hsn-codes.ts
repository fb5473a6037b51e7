import type { HsnCode } from '@lading/contract/reference-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { HSN_CODES_PATH } from '../early-calls';
import { referenceDataKeys } from './query-keys';

/** GET core/base/v1/hsn-codes/cp-hsn-code-list/ (optional commodityStartsWith): the HS list the commodity field filters. */
export function findHsnCodes(commodityStartsWith?: string, signal?: AbortSignal): Promise<HsnCode[]> {
  return apiRequest<HsnCode[]>(HSN_CODES_PATH, {
    query: { commodityStartsWith },
    signal,
  });
}

/** The whole list, loaded once and kept: it changes only with an import. */
export const hsnCodesQuery = () =>
  queryOptions({
    queryKey: referenceDataKeys.hsnCodes,
    queryFn: ({ signal }) => findHsnCodes(undefined, signal),
    staleTime: Infinity,
  });

export function useHsnCodes() {
  return useQuery(hsnCodesQuery());
}
