import type { Tariff } from '@lading/contract/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

/**
 * PUT cp/tariffs/{id}/active/ at the version read (If-Match): deactivate (kept, it prices no new enquiry) or reactivate
 * (409 naming validFrom when an active tariff of the lane now covers the window).
 */
export function setTariffActive({ tariff, active }: { tariff: Tariff; active: boolean }): Promise<Tariff> {
  return apiRequest<Tariff>(`/cp/tariffs/${tariff.id}/active/`, {
    method: 'PUT',
    json: { active },
    headers: { 'If-Match': `W/"${tariff.version}"` },
  });
}

/** DELETE cp/tariffs/{id}/ at the version read: 409 naming the quotations priced from it (deactivate it instead). */
export function deleteTariff(tariff: Tariff): Promise<void> {
  return apiRequest<void>(`/cp/tariffs/${tariff.id}/`, {
    method: 'DELETE',
    headers: { 'If-Match': `W/"${tariff.version}"` },
  });
}

/** Deactivate, reactivate or delete; every tariff list loads again afterwards. */
export function useTariffLifecycle() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: carrierDeskKeys.tariffs });
  return {
    setActive: useMutation({ mutationFn: setTariffActive, onSettled: refresh }),
    remove: useMutation({ mutationFn: deleteTariff, onSettled: refresh }),
  };
}
