import type { Tariff } from '@lading/contract/tariffs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

/** The filters and paging every kind of tariff list takes (sea and inland). */
export type TariffListFilters = {
  isoCode?: string;
  /** YYYY-MM-DD: only tariffs valid that day. */
  validOn?: string;
  /** Only active (true) or inactive (false) tariffs; unset: both. */
  isActive?: boolean;
  skip?: number;
  limit?: number;
};

/** Those filters as the API's query parameters (an empty text is no filter). */
export const tariffListParams = (query: TariffListFilters) => ({
  iso_code: query.isoCode || undefined,
  valid_on: query.validOn || undefined,
  is_active: query.isActive,
  skip: query.skip,
  limit: query.limit,
});

export type FindTariffsQuery = TariffListFilters & { polId?: number; podId?: number };

/** GET cp/tariffs/: by lane, size-type and a day of validity (carrier staff). */
export function findTariffs(
  query: FindTariffsQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: Tariff[] }> {
  return apiRequest('/cp/tariffs/', {
    query: { pol_id: query.polId, pod_id: query.podId, ...tariffListParams(query) },
    signal,
  });
}

export function useTariffs(query: FindTariffsQuery) {
  return useQuery({
    queryKey: carrierDeskKeys.tariffList(query),
    queryFn: ({ signal }) => findTariffs(query, signal),
    placeholderData: keepPreviousData,
  });
}
