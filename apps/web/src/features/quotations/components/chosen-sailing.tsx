import type { Voyage } from '@lading/contract/voyages';
import { Paper, Text } from '@mantine/core';
import { formatPortTime } from '../../../lib/port-time';
import { useSailing } from '../api/find-lane';

/** The call of the voyage at a port (the first after `after`, for the port of discharge). */
const callAt = (voyage: Voyage, code: string | undefined, after = 0) =>
  voyage.calls.find((call) => call.port.code === code && call.sequence > after);

/**
 * The sailing the customer chose on the schedules, above the enquiry: vessel, voyage, service, the departure from
 * the port of loading and the arrival at the port of discharge (when this voyage calls there; else a connection
 * carries the cargo on), each in the port's time. Nothing while it loads; a short note if it cannot be read.
 */
export function ChosenSailing({ voyageId, pol, pod }: { voyageId: number; pol?: string; pod?: string }) {
  const sailing = useSailing(voyageId);
  if (sailing.isPending) return null;
  if (sailing.isError)
    return (
      <Text size="sm" c="dimmed">
        The sailing you chose could not be shown; the enquiry is made for the lane.
      </Text>
    );
  const voyage = sailing.data;
  const loading = callAt(voyage, pol);
  const discharge = callAt(voyage, pod, loading?.sequence ?? 0);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="chosen-sailing">
      <Text size="sm" fw={700}>
        Sailing chosen
      </Text>
      <Text size="sm">
        {voyage.vessel.name} · voyage {voyage.carrierVoyageNumber} ({voyage.service.code})
        {loading && `, departing ${loading.port.name} ${formatPortTime(loading.etd, loading.port.timeZone)}`}
        {discharge
          ? `, arriving ${discharge.port.name} ${formatPortTime(discharge.eta, discharge.port.timeZone)}`
          : ', with a connection on to the port of discharge'}
        .
      </Text>
    </Paper>
  );
}
