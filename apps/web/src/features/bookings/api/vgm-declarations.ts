import type { PutVgmDeclarationsBody, VgmDeclarations } from '@lading/contract/vgm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { bookingKeys } from './query-keys';

/** GET cp/bookings/{id}/vgm/: the booking's containers with their VGM declarations and the VGM cut-off. */
export function getVgmDeclarations(id: number, signal?: AbortSignal): Promise<VgmDeclarations> {
  return apiRequest<VgmDeclarations>(`/cp/bookings/${id}/vgm/`, { signal });
}

export function useVgmDeclarations(id: number) {
  return useQuery({
    queryKey: bookingKeys.vgm(id),
    queryFn: ({ signal }) => getVgmDeclarations(id, signal),
  });
}

/** PUT cp/bookings/{id}/vgm/: declarations, each with the version it was based on (0 for a first one). */
export function putVgmDeclarations({
  id,
  body,
}: {
  id: number;
  body: PutVgmDeclarationsBody;
}): Promise<VgmDeclarations> {
  return apiRequest<VgmDeclarations>(`/cp/bookings/${id}/vgm/`, { method: 'PUT', json: body });
}

export function usePutVgmDeclarations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putVgmDeclarations,
    onSuccess: (declarations) => {
      const key = bookingKeys.vgm(declarations.bookingId);
      queryClient.setQueryData(key, declarations);
      // The shipment page's tasks and containers, and the bill (its VGM column and version), are read again.
      void queryClient.invalidateQueries({
        queryKey: sharedQueryRoots.bookings,
        predicate: (query) => query.queryKey[1] !== 'vgm',
      });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.billsOfLading });
    },
  });
}
