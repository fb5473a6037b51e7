import { useQuery } from '@tanstack/react-query';
import { findPortByCode } from '../../../lib/reference-data/find-sea-ports';
import type { SchedulePort } from '../components/schedule-form';
import { scheduleKeys } from './query-keys';

/** The port a code in the address names, for the typeahead to show (kept: ports change only with an import). */
export function usePortByCode(code: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.port(code ?? ''),
    queryFn: async ({ signal }): Promise<SchedulePort | null> => findPortByCode(code!, signal),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
