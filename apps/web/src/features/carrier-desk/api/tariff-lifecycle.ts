import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LifecycleTariff, TariffKind } from '../components/tariff-lifecycle';

const ifMatch = (version: number) => ({ 'If-Match': `W/"${version}"` });

/**
 * Create (no tariff given: POST to the kind's collection) or edit at the version read (PUT …/{id}/ with If-Match: 412
 * when someone saved it since; 409 naming the field when it overlaps another active tariff); the kind's lists load
 * again afterwards.
 */
export function useSaveTariff<T extends LifecycleTariff, B>(kind: TariffKind<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tariff, body }: { tariff: T | null; body: B }) =>
      tariff
        ? apiRequest<T>(`${kind.url}${tariff.id}/`, {
            method: 'PUT',
            json: body,
            headers: ifMatch(tariff.version),
          })
        : apiRequest<T>(kind.url, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kind.queryKey }),
  });
}

/**
 * At the version read (If-Match): deactivate (PUT …/{id}/active/: kept, it prices no new enquiry) or reactivate (409
 * when an active tariff now covers its window), or delete (DELETE …/{id}/: 409 naming the quotations priced from it,
 * deactivate it instead). The kind's lists load again afterwards, whatever the answer.
 */
export function useTariffLifecycle<T extends LifecycleTariff>(kind: TariffKind<T>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: kind.queryKey });
  return {
    setActive: useMutation({
      mutationFn: ({ tariff, active }: { tariff: T; active: boolean }) =>
        apiRequest<T>(`${kind.url}${tariff.id}/active/`, {
          method: 'PUT',
          json: { active },
          headers: ifMatch(tariff.version),
        }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (tariff: T) =>
        apiRequest<void>(`${kind.url}${tariff.id}/`, { method: 'DELETE', headers: ifMatch(tariff.version) }),
      onSettled: refresh,
    }),
  };
}
