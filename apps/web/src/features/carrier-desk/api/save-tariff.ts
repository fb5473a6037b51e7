import type { Tariff, TariffBody } from '@lading/contract/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

/** POST cp/tariffs/: a new tariff (409 naming validFrom when its validity overlaps another of the lane and size-type). */
export function createTariff(body: TariffBody): Promise<Tariff> {
  return apiRequest<Tariff>('/cp/tariffs/', { method: 'POST', json: body });
}

/** PUT cp/tariffs/{id}/ at the version read (If-Match; 412 when someone saved it since). */
export function updateTariff({
  id,
  version,
  body,
}: {
  id: number;
  version: number;
  body: TariffBody;
}): Promise<Tariff> {
  return apiRequest<Tariff>(`/cp/tariffs/${id}/`, {
    method: 'PUT',
    json: body,
    headers: { 'If-Match': `W/"${version}"` },
  });
}

/** Create (no tariff given) or edit at its version. */
export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tariff, body }: { tariff: Tariff | null; body: TariffBody }) =>
      tariff ? updateTariff({ id: tariff.id, version: tariff.version, body }) : createTariff(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierDeskKeys.tariffs }),
  });
}
