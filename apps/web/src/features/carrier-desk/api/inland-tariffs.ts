import type { InlandMode, InlandTariff, InlandTariffBody } from '@lading/contract/inland-tariffs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

const URL = '/cp/admin/inland-tariffs/';
const ifMatch = (version: number) => ({ 'If-Match': `W/"${version}"` });

export type FindInlandTariffsQuery = {
  mode?: InlandMode;
  portId?: number;
  isoCode?: string;
  /** YYYY-MM-DD: only tariffs valid that day. */
  validOn?: string;
  /** Only active (true) or inactive (false) tariffs; unset: both. */
  isActive?: boolean;
  skip?: number;
  limit?: number;
};

/** GET cp/admin/inland-tariffs/: by mode, port, size-type, a day of validity and status (carrier staff). */
export function findInlandTariffs(
  query: FindInlandTariffsQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: InlandTariff[] }> {
  return apiRequest(URL, {
    query: {
      mode: query.mode,
      port_id: query.portId,
      iso_code: query.isoCode || undefined,
      valid_on: query.validOn || undefined,
      is_active: query.isActive,
      skip: query.skip,
      limit: query.limit,
    },
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

/** Create (no tariff given: POST) or edit at the version read (PUT with If-Match; 412 when someone saved it since). */
export function useSaveInlandTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tariff, body }: { tariff: InlandTariff | null; body: InlandTariffBody }) =>
      tariff
        ? apiRequest<InlandTariff>(`${URL}${tariff.id}/`, {
            method: 'PUT',
            json: body,
            headers: ifMatch(tariff.version),
          })
        : apiRequest<InlandTariff>(URL, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierDeskKeys.inlandTariffs }),
  });
}

/** Deactivate or reactivate (PUT …/active/), or delete, at the version read; the lists load again afterwards. */
export function useInlandTariffLifecycle() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: carrierDeskKeys.inlandTariffs });
  return {
    setActive: useMutation({
      mutationFn: ({ tariff, active }: { tariff: InlandTariff; active: boolean }) =>
        apiRequest<InlandTariff>(`${URL}${tariff.id}/active/`, {
          method: 'PUT',
          json: { active },
          headers: ifMatch(tariff.version),
        }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (tariff: InlandTariff) =>
        apiRequest<void>(`${URL}${tariff.id}/`, { method: 'DELETE', headers: ifMatch(tariff.version) }),
      onSettled: refresh,
    }),
  };
}
