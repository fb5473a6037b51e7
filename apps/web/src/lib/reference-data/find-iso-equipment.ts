import type { IsoEquipment } from '@lading/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { referenceDataKeys } from './query-keys';

/** GET core/base/v1/iso-equipment/: the ISO 6346 size-types (22G1, 45G1, …). */
export function findIsoEquipment(signal?: AbortSignal): Promise<IsoEquipment[]> {
  return apiRequest<IsoEquipment[]>('/core/base/v1/iso-equipment/', { signal });
}

export function useIsoEquipment() {
  return useQuery({
    queryKey: referenceDataKeys.isoEquipment,
    queryFn: ({ signal }) => findIsoEquipment(signal),
    staleTime: Infinity,
  });
}
