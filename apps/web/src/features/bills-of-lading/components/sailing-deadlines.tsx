import type { BlStatus } from '@lading/contract/bills-of-lading';
import { Stack, Text } from '@mantine/core';
import { PlainAlert } from '../../../components/plain-alert';
import type { ApiError } from '../../../lib/api-client';
import { deadlineState, deadlineText, useNow } from '../../../lib/deadline';
import { useCan } from '../../../lib/permissions';
import { formatPortTime } from '../../../lib/port-time';
import { useBillDeadlines } from '../api/get-bill-deadlines';

/** The cut-offs a bill meets, as its edit screen names them. */
const NAMES = { DCO: 'SI', VCO: 'VGM' } as const;
const CUT_OFF_NAMES = { DCO: 'documentation cut-off (DCO)', VCO: 'VGM cut-off (VCO)' } as const;

/**
 * The sailing's deadlines on the bill's edit screen (issue 26): before the documentation cut-off, "SI due in 1 d 4 h,
 * Sat 28/11/2026 18:00 GMT+5:30" (and the VGM's) in the port of loading's time; after it, a clear message that the
 * carrier no longer takes the shipping instructions (the save is refused with 409 CUT_OFF_PASSED) unless it accepts
 * them late, and until when it does. Nothing for a bill on no sailing, or one issued.
 */
export function SailingDeadlines({ billId, status }: { billId: number; status: BlStatus }) {
  const now = useNow();
  const can = useCan();
  const sailing = useBillDeadlines(billId).data?.sailing;
  if (!sailing || status === 'ISSUED' || status === 'SURRENDERED') return null;
  const zone = sailing.port.timeZone;
  const vessel = `${sailing.vesselName} ${sailing.carrierVoyageNumber}`;
  const si = sailing.deadlines.find((d) => d.cutOff === 'DCO');
  const siState = si ? deadlineState({ ...si, departed: sailing.departed }, now) : 'none';
  const lines = sailing.deadlines
    .filter((d) => d.at !== null)
    .map((d) => (
      <Text size="sm" key={d.cutOff} data-testid={`deadline-${d.cutOff}`}>
        {NAMES[d.cutOff]} {deadlineText({ ...d, departed: sailing.departed }, zone, now)}
      </Text>
    ));
  if (lines.length === 0) return null;
  if (sailing.departed)
    return (
      <PlainAlert
        color="red"
        title={`${vessel} has left ${sailing.port.name}`}
        role="alert"
        data-testid="sailing-deadlines"
      >
        The carrier no longer takes shipping instructions or VGM changes for this sailing. Please contact the
        carrier.
      </PlainAlert>
    );
  if (siState === 'overdue' && si?.at)
    return (
      <PlainAlert
        color="red"
        title="The SI deadline has passed"
        role="alert"
        data-testid="sailing-deadlines"
        data-state="overdue"
      >
        <Stack gap={4}>
          <Text size="sm">
            The {CUT_OFF_NAMES.DCO} of {vessel} at {sailing.port.name} was {formatPortTime(si.at, zone)}. The
            carrier no longer accepts the shipping instructions for this sailing, so{' '}
            {can('ADMIN.BL_REVIEW.VIEW')
              ? // Carrier staff: the customer is the one refused; the carrier can take the submission late.
                `the customer cannot submit ${status === 'APPROVED' ? 'changes to this approved bill' : 'this bill'} unless the carrier accepts it late.`
              : `${status === 'APPROVED' ? 'changes to this approved bill' : 'this bill'} cannot be submitted. Please contact the carrier: they can accept ${status === 'APPROVED' ? 'them' : 'it'} late.`}
          </Text>
          {lines}
        </Stack>
      </PlainAlert>
    );
  return (
    <PlainAlert
      color={siState === 'due' && si?.lateUntil && Date.parse(si.lateUntil) > now ? 'orange' : 'blue'}
      title={`Deadlines of ${vessel} at ${sailing.port.name}`}
      data-testid="sailing-deadlines"
      data-state={siState}
    >
      <Stack gap={2}>{lines}</Stack>
    </PlainAlert>
  );
}

const CUT_OFF_TEXT: Record<string, string> = {
  DCO: 'The documentation cut-off (DCO) for the shipping instructions',
  VCO: 'The VGM cut-off (VCO)',
};

/** The save refused with 409 CUT_OFF_PASSED (`error`): which deadline passed, when (the port's time), and what to do. */
export function CutOffRefusal({ billId, error }: { billId: number; error: ApiError }) {
  const detail = (error.body as { error?: { cutOff?: string; at?: string } } | undefined)?.error;
  const cutOff = detail?.cutOff ?? '';
  const at = detail?.at ?? null;
  // The port of loading's zone from the banner's read (UTC until it is in).
  const portTimeZone = useBillDeadlines(billId).data?.sailing?.port.timeZone;
  return (
    <PlainAlert
      color="red"
      role="alert"
      title="The bill was not saved: the deadline has passed"
      data-testid="cut-off-refusal"
    >
      <Text size="sm">
        {CUT_OFF_TEXT[cutOff] ?? `The ${cutOff} cut-off`} passed
        {at ? ` on ${formatPortTime(at, portTimeZone)}` : ''}, so the carrier no longer takes this change.
        Please contact the carrier: they can accept it late. Your changes are still on the screen.
      </Text>
    </PlainAlert>
  );
}
