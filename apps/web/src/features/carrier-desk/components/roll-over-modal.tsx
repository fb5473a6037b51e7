import { type Booking, RollOverBodySchema } from '@lading/contract/bookings';
import { CUT_OFF_CODES, type PointToPointResult } from '@lading/contract/voyages';
import { Alert, Box, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { useField } from '../../../components/form/text-fields';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { formatPortTime } from '../../../lib/port-time';
import { toast } from '../../../lib/toast';
import { useSailings } from '../api/find-sailings';
import { useRollOverBooking } from '../api/roll-over-booking';
import {
  currentSailingName,
  passedCustomerCutOffs,
  type RollOverBody,
  type RollOverForm,
  rollOverChoices,
  rollOverMessage,
  rollOverQuestion,
  sailingName,
  toRollOverBody,
  toRollOverField,
} from './roll-over';

const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;
const CUT_OFF_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 19rem), 1fr))',
  gap: '0 var(--mantine-spacing-md)',
  ...WRAP,
} as const;

export type RollOverModalProps = {
  /** Its opener gives the focus back on close (it loads the dialog lazily: useReturnFocusOnClose). */
  opened: boolean;
  onClose: () => void;
  /** After the closing transition: the opener's `useReturnFocusOnClose` callback. */
  onClosed?: () => void;
  booking: Booking;
  /** The booking's departure now, at the port of loading (UTC), with that port's zone; null on no sailing. */
  departure: { etd: string; timeZone: string | null } | null;
};

/** One sailing's facts under its radio: departure, arrival, route, and the cut-offs at the port of loading. */
function SailingFacts({ sailing, now }: { sailing: PointToPointResult; now: number }) {
  const via = sailing.transhipment;
  return (
    <Stack gap={2} component="span" style={WRAP}>
      <Text size="sm" component="span" data-testid="roll-over-etd">
        ETD {formatPortTime(sailing.etd, sailing.pol.timeZone)} from {sailing.pol.name}
      </Text>
      <Text size="sm" component="span">
        ETA {formatPortTime(sailing.eta, sailing.pod.timeZone)} at {sailing.pod.name} · {sailing.transitDays}{' '}
        day
        {sailing.transitDays === 1 ? '' : 's'} ·{' '}
        {via ? `via ${via.name} (${via.code}) on ${via.vesselName} ${via.carrierVoyageNumber}` : 'direct'}
      </Text>
      {sailing.cutOffs.length > 0 && (
        <Box component="span" style={CUT_OFF_GRID}>
          {sailing.cutOffs.map((cutOff) => (
            <Text size="xs" component="span" key={cutOff.code}>
              <abbr title={CUT_OFF_CODES[cutOff.code]}>{cutOff.code}</abbr>{' '}
              {formatPortTime(cutOff.at, sailing.pol.timeZone)}
              {Date.parse(cutOff.at) <= now && (
                <Text span size="xs" fw={700} c="red.9">
                  {' '}
                  (passed)
                </Text>
              )}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** The lane's other upcoming sailings as radio buttons (arrow keys move within the group). */
function SailingChoice({ choices, now }: { choices: PointToPointResult[]; now: number }) {
  const { field, fieldState } = useField<RollOverForm>('voyageId');
  return (
    <Radio.Group
      label="New sailing"
      withAsterisk
      name="roll-over-voyage"
      value={field.value === null ? null : String(field.value)}
      onChange={(value) => field.onChange(Number(value))}
      error={fieldState.error?.message}
    >
      <Stack gap="xs" mt={6}>
        {choices.map((sailing, i) => (
          <div key={sailing.voyageId} data-testid="roll-over-sailing" style={WRAP}>
            <Radio
              value={String(sailing.voyageId)}
              ref={i === 0 ? field.ref : undefined}
              onBlur={field.onBlur}
              label={`${sailingName(sailing)} · ${sailing.serviceCode}`}
              description={<SailingFacts sailing={sailing} now={now} />}
              styles={{ labelWrapper: WRAP, body: { minWidth: 0 } }}
            />
          </div>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A confirmation step's text, focused when it appears so it is read first. */
function Confirmation({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="xs" ref={ref} tabIndex={-1} data-testid="roll-over-confirmation" style={{ outline: 'none' }}>
      {children}
    </Stack>
  );
}

function problemText(error: unknown, booking: Booking): string {
  if (!(error instanceof ApiError)) return 'The booking could not be moved. Please try again in a moment.';
  if (error.status === 404)
    return `Booking ${booking.number} is not in your office’s scope, or no longer exists.`;
  if (error.status === 403) return 'Your account may not move bookings between sailings.';
  // 409: the new sailing has left (CUT_OFF_PASSED), or the booking is no longer live.
  return error.message;
}

function RollOverSteps({ booking, departure, onClose }: Omit<RollOverModalProps, 'opened'>) {
  const [now] = useState(() => Date.now());
  const sailings = useSailings(booking.pol?.code, booking.pod?.code);
  const choices = rollOverChoices(sailings.data?.results ?? [], booking.voyageId, now);
  const [resolver] = useState(() =>
    mappedBodyResolver(RollOverBodySchema, {
      toBody: toRollOverBody,
      toField: toRollOverField,
      toMessage: rollOverMessage,
    }),
  );
  const form = useForm<RollOverForm, unknown, RollOverBody>({
    defaultValues: { voyageId: null, reason: '' },
    resolver,
  });
  const [confirming, setConfirming] = useState<RollOverBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const move = useRollOverBooking();
  const target = confirming ? choices.find((sailing) => sailing.voyageId === confirming.voyageId) : undefined;

  const send = async (body: RollOverBody, to: PointToPointResult) => {
    setProblem(null);
    try {
      await move.mutateAsync({ id: booking.id, body });
      toast.success(`Booking ${booking.number} moved to ${sailingName(to)}`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const placed = applyServerFieldErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([field, message]) => [field, rollOverMessage(field, message)]),
          ),
          form.setError,
          toRollOverField,
        );
        if (placed > 0) {
          setConfirming(null);
          return;
        }
      }
      setProblem(problemText(error, booking));
    }
  };

  if (confirming && target) {
    const passed = passedCustomerCutOffs(target, now);
    return (
      <Stack gap="sm">
        <Confirmation>
          <Text fw={600}>{rollOverQuestion(booking, target)}</Text>
          <List size="sm" spacing={2}>
            <List.Item>
              New departure from {target.pol.name}: {formatPortTime(target.etd, target.pol.timeZone)}
              {departure ? ` (now ${formatPortTime(departure.etd, departure.timeZone)})` : ''}
            </List.Item>
            <List.Item>Reason: {confirming.reason}</List.Item>
          </List>
          <Text size="sm">
            The customer is told (bell and e-mail), with your reason. The booking’s draft bill of lading takes
            the new vessel and voyage, and the log keeps both sailings.
          </Text>
          {passed.length > 0 && (
            <Alert color="yellow" title="Cut-offs already passed" data-testid="roll-over-passed">
              On {sailingName(target)} the {passed.map((cutOff) => cutOff.code).join(' and ')} passed already:
              accept the customer’s{' '}
              {passed.map((cutOff) => (cutOff.code === 'DCO' ? 'SI' : 'VGM')).join(' and ')} late on the
              shipment page if they still need to send it.
            </Alert>
          )}
        </Confirmation>
        {problem && (
          <Alert color="red" title="Not moved" role="alert" data-testid="roll-over-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button loading={move.isPending} onClick={() => void send(confirming, target)}>
            Move the booking
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((body) => {
          setProblem(null);
          setConfirming(body);
        })}
        noValidate
        aria-label={`Roll over booking ${booking.number}`}
      >
        <Stack gap="sm">
          <Text size="sm">
            Now on <strong>{currentSailingName(booking)}</strong>
            {departure ? `, departing ${formatPortTime(departure.etd, departure.timeZone)}` : ''}.{' '}
            {`Pick another sailing from ${booking.pol?.name} (${booking.pol?.code}) to ${booking.pod?.name} (${booking.pod?.code}); times are each port’s own.`}
          </Text>
          {sailings.isPending ? (
            <Text size="sm" role="status">
              Loading the lane’s sailings…
            </Text>
          ) : sailings.isError ? (
            <Alert color="red" title="The sailings could not be loaded">
              <Button size="xs" variant="white" color="red" onClick={() => void sailings.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : choices.length === 0 ? (
            <Text size="sm" data-testid="roll-over-none">
              No other sailing of this lane departs in the next 90 days.
            </Text>
          ) : (
            <SailingChoice choices={choices} now={now} />
          )}
          <TextAreaField<RollOverForm>
            name="reason"
            label="Reason"
            required
            maxLength={300}
            rows={2}
            description="The customer reads it with the notice, and the booking’s log keeps it."
          />
          {problem && (
            <Alert color="red" title="Not moved" role="alert" data-testid="roll-over-problem">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={choices.length === 0}>
              Review the move
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * Carrier staff roll a booking over to another sailing of its lane, in a dialog of two steps: the lane's upcoming
 * sailings (the desk's sailing finder, less the booking's own; ETD, ETA and cut-offs in each port's time) and a
 * reason; then a confirmation that says what happens ("Move BKG… from X to Y? The customer is told."). Sent as
 * `{ voyageId, reason }`; a 400 goes back to the field it names, a 409 or 404 is said in the dialog.
 */
export function RollOverModal({ opened, onClose, onClosed, booking, departure }: RollOverModalProps) {
  const isPhone = usePhoneLayout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Roll over booking ${booking.number} to another sailing`}
      size="xl"
      fullScreen={isPhone}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      {opened && <RollOverSteps booking={booking} departure={departure} onClose={onClose} />}
    </Modal>
  );
}
