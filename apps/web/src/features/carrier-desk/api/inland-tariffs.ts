import type { InlandMode, InlandTariff } from '@lading/contract/inland-tariffs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type TariffListFilters, tariffListParams } from './find-tariffs';
import { carrierDeskKeys } from './query-keys';

export type FindInlandTariffsQuery = TariffListFilters & { mode?: InlandMode; portId?: number };

/** GET cp/admin/inland-tariffs/: by mode, port, size-type, a day of validity and status (carrier staff). */
export function findInlandTariffs(
  query: FindInlandTariffsQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: InlandTariff[] }> {
  return apiRequest('/cp/admin/inland-tariffs/', {
    query: { mode: query.mode, port_id: query.portId, ...tariffListParams(query) },
    signal,
  });
}

export function useInlandTariffs(query: FindInlandTariffsQuery) {
  return useQuery({
    queryKey: carrierDeskKeys.inlandTariffList(query),
    queryFn: ({ signal }) => findInlandTariffs(query, signal),
    placeholderData: keepPreviousData,
  });
}
