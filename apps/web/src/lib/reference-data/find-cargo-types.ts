import type { CargoType } from '@lading/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { referenceDataKeys } from './query-keys';

/** GET core/base/v1/cargo-types/: the cargo types and, under HAZ, the hazard classes. */
export function findCargoTypes(signal?: AbortSignal): Promise<CargoType[]> {
  return apiRequest<CargoType[]>('/core/base/v1/cargo-types/', { signal });
}

export function useCargoTypes() {
  return useQuery({
    queryKey: referenceDataKeys.cargoTypes,
    queryFn: ({ signal }) => findCargoTypes(signal),
    staleTime: Infinity,
  });
}
