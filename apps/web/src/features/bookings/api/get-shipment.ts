import type { Shipment } from '@lading/contract/shipments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET cp/bookings/{id}/shipment/: the shipment page in one request (plan, deadlines, bill, pricing, log). */
export function getShipment(id: number, signal?: AbortSignal): Promise<Shipment> {
  return apiRequest<Shipment>(`/cp/bookings/${id}/shipment/`, { signal });
}

export const shipmentQuery = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.shipment(id),
    queryFn: ({ signal }) => getShipment(id, signal),
    retry: false,
  });

export function useShipment(id: number) {
  return useQuery({ ...shipmentQuery(id), enabled: Number.isInteger(id) && id > 0 });
}
