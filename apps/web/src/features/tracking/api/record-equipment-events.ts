import type { ImportMovesBody, RecordEquipmentEventBody, TrackingEvent } from '@lading/contract/tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { trackingKeys } from './query-keys';

/**
 * POST cp/admin/equipment-events/: one equipment event in the standard's names (ADMIN.EQUIPMENT_EVENT.CREATE). A
 * 400 names the body's fields (`equipmentReference`, `UNLocationCode`, …); 201 answers the event as the Track screen
 * shows it.
 */
export function recordEquipmentEvent(body: RecordEquipmentEventBody): Promise<TrackingEvent> {
  return apiRequest<TrackingEvent>('/cp/admin/equipment-events/', { method: 'POST', json: body });
}

/**
 * POST cp/admin/equipment-events/import/: a CSV of terminal moves, all or nothing. A bad file answers 400 with every
 * error by line and column in `fields` ("line 3.eventCode") and writes nothing.
 */
export function importMoves(body: ImportMovesBody): Promise<{ imported: number; eventIds: string[] }> {
  return apiRequest('/cp/admin/equipment-events/import/', { method: 'POST', json: body });
}

/**
 * A recorded move changes what this browser's Track screens and shipment pages show (other browsers hear of it
 * through the bell).
 */
function useRefreshTracking() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trackingKeys.all });
    void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings });
  };
}

export function useRecordEquipmentEvent() {
  const onSuccess = useRefreshTracking();
  return useMutation({ mutationFn: recordEquipmentEvent, onSuccess });
}

export function useImportMoves() {
  const onSuccess = useRefreshTracking();
  return useMutation({ mutationFn: importMoves, onSuccess });
}
