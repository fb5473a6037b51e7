import type { Port } from '@lading/contract/reference-data';
import type { Voyage } from '@lading/contract/voyages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { findPortByCode } from '../../../lib/reference-data/find-sea-ports';
import { rateEnquiryKeys } from './query-keys';

/** A port the address names by code (the schedules' "Get a price"), for the form's typeahead. */
export function useLanePort(code: string | undefined) {
  return useQuery({
    queryKey: rateEnquiryKeys.port(code ?? ''),
    queryFn: ({ signal }): Promise<Port | null> => findPortByCode(code!, signal),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET cp/voyages/{id}: the sailing chosen on the schedules, with its calls (CP.SCHEDULE.VIEW). */
export function getSailing(voyageId: number, signal?: AbortSignal): Promise<Voyage> {
  return apiRequest(`/cp/voyages/${voyageId}`, { signal, busy: false });
}

export function useSailing(voyageId: number | undefined) {
  return useQuery({
    queryKey: rateEnquiryKeys.sailing(voyageId ?? 0),
    queryFn: ({ signal }) => getSailing(voyageId!, signal),
    enabled: voyageId !== undefined,
    retry: false,
  });
}
