import {
  type CallActualsBody,
  CallActualsBodySchema,
  CUT_OFF_CODES,
  type CutOffCode,
  type DelayCallBody,
  DelayCallBodySchema,
  NOTIFY_DELAY_HOURS,
  type OmitCallBody,
  OmitCallBodySchema,
  REQUIRED_CUT_OFFS,
  type SetCutOffsBody,
  SetCutOffsBodySchema,
  type TransportCall,
  type Voyage,
} from '@lading/contract/voyages';
import { ActionIcon, Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, type UseFormSetError, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/textarea-field';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { ApiError } from '../../../lib/api-client';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { formatPortTime, fromPortLocalInput, portOffset, toPortLocalInput } from '../../../lib/port-time';
import { toast } from '../../../lib/toast';
import { type CallChange, useChangeCall } from '../api/change-call';
import { actualsLabel, type CallAction, delayEffect, shiftLabel } from './call-changes';
import { labelledMessage } from './field-messages';
import classes from './voyages.module.css';

type Call = TransportCall;
const portName = (call: Call) => `${call.port.name} (${call.port.code})`;

/** A date and time cell in the port's time (dd/mm/yyyy hh:mm): its label says so, with the offset. */
function PortTimeField<T extends Record<string, unknown>>({
  name,
  label,
  call,
  required,
  autoFocus,
}: {
  name: string;
  label: string;
  call: Call;
  required?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <DateField<T>
      name={name as never}
      label={`${label} (port time, ${portOffset(call.etd, call.port.timeZone)})`}
      fieldName={label}
      withTime
      required={required}
      {...(autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}

type Problem = { stale: boolean; message: string } | null;

/**
 * One call change sent at the voyage's version: the toast and closing on success; on a 412 the voyage is read again
 * (`onReload`) and the form says so, keeping what was typed; a 404 is a call of another office's port; 400 fields
 * land on the form's cells (`placeFields`), anything else is said above the buttons.
 */
function useCallChange(voyage: Voyage, call: Call, onDone: () => void, onReload: () => Promise<unknown>) {
  const change = useChangeCall();
  const [problem, setProblem] = useState<Problem>(null);
  const run = async (
    next: CallChange,
    success: string,
    placeFields: (fields: Record<string, string>) => number = () => 0,
  ) => {
    setProblem(null);
    try {
      await change.mutateAsync({ voyage, sequence: call.sequence, change: next });
      toast.success(success);
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setProblem({ stale: false, message: 'The change could not be saved. Please try again in a moment.' });
        return;
      }
      if (error.status === 412) {
        await onReload();
        setProblem({
          stale: true,
          message:
            'Someone changed this voyage after you opened it. It has been reloaded: check the call above, then save again.',
        });
        return;
      }
      if (error.status === 404) {
        setProblem({
          stale: false,
          message: `Only the office serving ${portName(call)} changes this call.`,
        });
        return;
      }
      if (placeFields(error.fields) === 0)
        setProblem({ stale: false, message: Object.values(error.fields)[0] ?? error.message });
    }
  };
  return { run, problem, pending: change.isPending };
}

function ProblemAlert({ problem }: { problem: Problem }) {
  if (!problem) return null;
  return (
    <Alert
      color={problem.stale ? 'yellow' : 'red'}
      title={problem.stale ? 'Changed by someone else' : 'Not saved'}
      role="alert"
      data-testid="call-change-problem"
    >
      {problem.message}
    </Alert>
  );
}

function Buttons({ children, onCancel }: { children: ReactNode; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/** The call's current times, for reference above a form. */
function CallTimes({ call }: { call: Call }) {
  const tz = call.port.timeZone;
  return (
    <Text size="sm" component="div">
      Now: arrival {formatPortTime(call.eta, tz)}, departure {formatPortTime(call.etd, tz)}
      {call.ata ? `; arrived ${formatPortTime(call.ata, tz)}` : ''}
    </Text>
  );
}

/** A confirmation step's text, focused when it appears so it is read. */
function Confirmation({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack
      gap="xs"
      ref={ref}
      tabIndex={-1}
      data-testid="call-change-confirmation"
      className={classes.confirm}
    >
      {children}
    </Stack>
  );
}

/* ---------------------------------------------------------------- delay */

type DelayForm = { eta: string; etd: string; reason: string };
const DELAY_LABELS: Record<string, string> = { eta: 'New ETA', etd: 'New ETD', reason: 'Reason' };

function DelayCallForm({ voyage, call, onDone, onReload }: FormProps) {
  const tz = call.port.timeZone;
  const toField = (path: string) => (path in DELAY_LABELS ? path : null);
  const toMessage = (field: string, message: string) => labelledMessage(DELAY_LABELS[field], message);
  const [resolver] = useState(() =>
    mappedBodyResolver(DelayCallBodySchema, {
      toBody: (form: DelayForm) => ({
        eta: fromPortLocalInput(form.eta, tz) ?? undefined,
        etd: fromPortLocalInput(form.etd, tz) ?? undefined,
        reason: form.reason,
      }),
      toField,
      toMessage,
    }),
  );
  const form = useForm<DelayForm, unknown, DelayCallBody>({
    defaultValues: { eta: toPortLocalInput(call.eta, tz), etd: toPortLocalInput(call.etd, tz), reason: '' },
    resolver,
  });
  const [confirming, setConfirming] = useState<DelayCallBody | null>(null);
  const { run, problem, pending } = useCallChange(voyage, call, onDone, onReload);
  const place = (fields: Record<string, string>) => {
    setConfirming(null);
    return applyServerFieldErrors(
      Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field, toMessage(field, message)]),
      ),
      form.setError,
      toField,
    );
  };
  if (confirming) {
    const effect = delayEffect(call, confirming);
    const verb = effect.direction === 'earlier' ? 'brought forward' : 'delayed';
    return (
      <Stack gap="sm">
        <Confirmation>
          <Text size="sm" fw={600}>
            New estimates for call {call.sequence}, {portName(call)}:
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              Arrival {formatPortTime(confirming.eta, tz)} ({shiftLabel(effect.etaHours)})
            </List.Item>
            <List.Item>
              Departure {formatPortTime(confirming.etd, tz)} ({shiftLabel(effect.etdHours)})
            </List.Item>
            <List.Item>Reason: {confirming.reason}</List.Item>
          </List>
          {effect.notifies ? (
            <Alert color="yellow" title="Customers will be told" data-testid="delay-notice">
              The change is over {NOTIFY_DELAY_HOURS} hours: every customer with a booking on voyage{' '}
              {voyage.carrierVoyageNumber} is told (bell and e-mail), with your reason.
            </Alert>
          ) : (
            <Text size="sm" data-testid="delay-notice">
              The change is {NOTIFY_DELAY_HOURS} hours or less: customers booked on this voyage are not told.
            </Text>
          )}
          <Text size="sm">The call’s cut-offs move with its departure.</Text>
        </Confirmation>
        <ProblemAlert problem={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button
            loading={pending}
            onClick={() =>
              void run(
                { kind: 'delay', ...confirming },
                `Call ${call.sequence} at ${call.port.name} ${verb}`,
                place,
              )
            }
          >
            Confirm new estimates
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(setConfirming)} noValidate aria-label={`Delay call ${call.sequence}`}>
        <Stack gap={4}>
          <CallTimes call={call} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            <PortTimeField<DelayForm> name="eta" label="New ETA" call={call} required autoFocus />
            <PortTimeField<DelayForm> name="etd" label="New ETD" call={call} required />
          </SimpleGrid>
          <TextAreaField<DelayForm>
            name="reason"
            label="Reason"
            required
            maxLength={300}
            rows={2}
            description="Customers booked on the voyage read it when they are told of the change."
          />
          <ProblemAlert problem={problem} />
          <Buttons onCancel={onDone}>
            <Button type="submit">Review the change</Button>
          </Buttons>
        </Stack>
      </form>
    </FormProvider>
  );
}

/* ---------------------------------------------------------------- omit */

type OmitForm = { reason: string };

function OmitCallForm({ voyage, call, onDone, onReload }: FormProps) {
  const toField = (path: string) => (path === 'reason' ? path : null);
  const toMessage = (_field: string, message: string) => labelledMessage('Reason', message);
  const [resolver] = useState(() =>
    mappedBodyResolver(OmitCallBodySchema, { toBody: (form: OmitForm) => form, toField, toMessage }),
  );
  const form = useForm<OmitForm, unknown, OmitCallBody>({ defaultValues: { reason: '' }, resolver });
  const [confirming, setConfirming] = useState<OmitCallBody | null>(null);
  const { run, problem, pending } = useCallChange(voyage, call, onDone, onReload);
  if (confirming)
    return (
      <Stack gap="sm">
        <Confirmation>
          <Text size="sm" fw={600}>
            Omit call {call.sequence}, {portName(call)}, from voyage {voyage.carrierVoyageNumber}?
          </Text>
          <Text size="sm">
            The vessel will not call there on this voyage: cargo booked to or from {call.port.name} must be
            rolled over to another sailing. This cannot be undone.
          </Text>
          <Text size="sm">Reason: {confirming.reason}</Text>
        </Confirmation>
        <ProblemAlert problem={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button
            color="#c92a2a"
            loading={pending}
            onClick={() =>
              void run(
                { kind: 'omit', ...confirming },
                `Call ${call.sequence} at ${call.port.name} omitted`,
                (fields) => {
                  setConfirming(null);
                  return applyServerFieldErrors(fields, form.setError, toField);
                },
              )
            }
          >
            Omit the call
          </Button>
        </Group>
      </Stack>
    );
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(setConfirming)} noValidate aria-label={`Omit call ${call.sequence}`}>
        <Stack gap={4}>
          <CallTimes call={call} />
          <TextAreaField<OmitForm>
            name="reason"
            label="Reason"
            required
            maxLength={300}
            rows={2}
            data-autofocus
          />
          <ProblemAlert problem={problem} />
          <Buttons onCancel={onDone}>
            <Button type="submit" color="#c92a2a">
              Review the omission
            </Button>
          </Buttons>
        </Stack>
      </form>
    </FormProvider>
  );
}

/* ---------------------------------------------------------------- actuals */

type ActualsForm = { ata: string; atd: string };
const ACTUAL_LABELS: Record<string, string> = { ata: 'Actual arrival', atd: 'Actual departure' };

function ActualsCallForm({ voyage, call, onDone, onReload }: FormProps) {
  const tz = call.port.timeZone;
  const toField = (path: string) => (path in ACTUAL_LABELS ? path : null);
  const toMessage = (field: string, message: string) => labelledMessage(ACTUAL_LABELS[field], message);
  const [resolver] = useState(() =>
    mappedBodyResolver(CallActualsBodySchema, {
      toBody: (form: ActualsForm) => ({
        ata: call.ata ? undefined : (fromPortLocalInput(form.ata, tz) ?? undefined),
        atd: fromPortLocalInput(form.atd, tz) ?? undefined,
      }),
      toField: (path) => (call.ata && path === 'ata' ? 'atd' : toField(path)),
      toMessage,
    }),
  );
  const form = useForm<ActualsForm, unknown, CallActualsBody>({
    defaultValues: { ata: toPortLocalInput(call.ata, tz), atd: toPortLocalInput(call.atd, tz) },
    resolver,
  });
  const { run, problem, pending } = useCallChange(voyage, call, onDone, onReload);
  const submit = form.handleSubmit((body) => {
    const what = body.ata && body.atd ? 'Arrival and departure' : body.atd ? 'Departure' : 'Arrival';
    return run(
      { kind: 'actuals', ...(body.ata ? { ata: body.ata } : {}), ...(body.atd ? { atd: body.atd } : {}) },
      `${what} at ${call.port.name} recorded`,
      (fields) =>
        applyServerFieldErrors(
          Object.fromEntries(
            Object.entries(fields).map(([field, message]) => [field, toMessage(field, message)]),
          ),
          form.setError,
          toField,
        ),
    );
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={actualsLabel(call)}>
        <Stack gap={4}>
          <CallTimes call={call} />
          <Text size="sm" c="dimmed">
            What happened, in the port’s time; neither lies in the future. The departure needs the arrival
            first.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            {call.ata ? (
              <Text size="sm" pt={24}>
                Arrived {formatPortTime(call.ata, tz)}
              </Text>
            ) : (
              <PortTimeField<ActualsForm> name="ata" label="Actual arrival" call={call} autoFocus />
            )}
            <PortTimeField<ActualsForm>
              name="atd"
              label="Actual departure"
              call={call}
              autoFocus={Boolean(call.ata)}
            />
          </SimpleGrid>
          <ProblemAlert problem={problem} />
          <Buttons onCancel={onDone}>
            <Button type="submit" loading={pending}>
              {actualsLabel(call)}
            </Button>
          </Buttons>
        </Stack>
      </form>
    </FormProvider>
  );
}

/* ---------------------------------------------------------------- cut-offs */

type CutOffsForm = { cutOffs: { code: CutOffCode; at: string }[] };

function CutOffRows({ call }: { call: Call }) {
  const { control } = useFormContext<CutOffsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'cutOffs' });
  const present = new Set(fields.map((field) => field.code));
  const missing = (Object.keys(CUT_OFF_CODES) as CutOffCode[]).filter((code) => !present.has(code));
  return (
    <Stack gap={4}>
      <ul className={classes.rows}>
        {fields.map((field, index) => {
          const required = REQUIRED_CUT_OFFS.includes(field.code);
          return (
            <li key={field.id} className={`${classes.row} ${classes.cutOffRow}`} data-testid="call-cut-off">
              <Text size="sm" className={classes.cutOffName}>
                <Text span fw={700} size="sm">
                  {field.code}
                </Text>{' '}
                {CUT_OFF_CODES[field.code]}
              </Text>
              <PortTimeField<CutOffsForm>
                name={`cutOffs.${index}.at`}
                label={`${field.code} at`}
                call={call}
                required
                autoFocus={index === 0}
              />
              <div className={classes.rowActions}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={required ? `${field.code} is required` : `Remove cut-off ${field.code}`}
                  disabled={required}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </div>
            </li>
          );
        })}
      </ul>
      {missing.length > 0 && (
        <OnDemandSelect
          label="Add a cut-off"
          placeholder="Choose a DCSA cut-off code"
          maw={420}
          data={missing.map((code) => ({ value: code, label: `${code} · ${CUT_OFF_CODES[code]}` }))}
          value={null}
          onChange={(code) => {
            if (code)
              append({ code: code as CutOffCode, at: toPortLocalInput(call.etd, call.port.timeZone) });
          }}
        />
      )}
    </Stack>
  );
}

function CutOffsCallForm({ voyage, call, onDone, onReload }: FormProps) {
  const tz = call.port.timeZone;
  const toField = (path: string) => {
    const row = /^cutOffs\.(\d+)/.exec(path);
    return row ? `cutOffs.${row[1]}.at` : path === 'cutOffs' ? 'cutOffs.root' : null;
  };
  const toMessage = (field: string, message: string) =>
    field.endsWith('.at') ? labelledMessage('The cut-off', message) : message;
  const [resolver] = useState(() =>
    mappedBodyResolver(SetCutOffsBodySchema, {
      toBody: (form: CutOffsForm) => ({
        cutOffs: form.cutOffs.map((row) => ({
          code: row.code,
          at: fromPortLocalInput(row.at, tz) ?? undefined,
        })),
      }),
      toField,
      toMessage,
    }),
  );
  const form = useForm<CutOffsForm, unknown, SetCutOffsBody>({
    defaultValues: {
      cutOffs: call.cutOffs.map((cutOff) => ({ code: cutOff.code, at: toPortLocalInput(cutOff.at, tz) })),
    },
    resolver,
  });
  const { run, problem, pending } = useCallChange(voyage, call, onDone, onReload);
  const rootError = form.formState.errors.cutOffs?.root?.message ?? form.formState.errors.cutOffs?.message;
  const submit = form.handleSubmit((body) =>
    run({ kind: 'cut-offs', cutOffs: body.cutOffs }, `Cut-offs at ${call.port.name} saved`, (fields) =>
      applyServerFieldErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, message]) => [field, toMessage(toField(field) ?? '', message)]),
        ),
        form.setError as UseFormSetError<CutOffsForm>,
        toField,
      ),
    ),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={`Cut-offs at ${call.port.name}`}>
        <Stack gap={4}>
          <CallTimes call={call} />
          <Text size="sm" c="dimmed">
            This voyage’s cut-offs at this call, in the port’s time; none may be after the estimated
            departure.
          </Text>
          <CutOffRows call={call} />
          {rootError && (
            <Text c="red.9" size="sm" role="alert">
              {rootError}
            </Text>
          )}
          <ProblemAlert problem={problem} />
          <Buttons onCancel={onDone}>
            <Button type="submit" loading={pending}>
              Save cut-offs
            </Button>
          </Buttons>
        </Stack>
      </form>
    </FormProvider>
  );
}

/* ---------------------------------------------------------------- the dialog */

type FormProps = { voyage: Voyage; call: Call; onDone: () => void; onReload: () => Promise<unknown> };

const TITLES: Record<CallAction, (call: Call) => string> = {
  delay: (call) => `New estimates: call ${call.sequence}, ${call.port.name}`,
  omit: (call) => `Omit call ${call.sequence}, ${call.port.name}`,
  actuals: (call) => `${actualsLabel(call)}: call ${call.sequence}, ${call.port.name}`,
  'cut-offs': (call) => `Cut-offs: call ${call.sequence}, ${call.port.name}`,
};

const FORMS: Record<CallAction, (props: FormProps) => ReactNode> = {
  delay: DelayCallForm,
  omit: OmitCallForm,
  actuals: ActualsCallForm,
  'cut-offs': CutOffsCallForm,
};

/**
 * The change of one call of a voyage, in a dialog: new estimates (reviewed before they are sent, saying whether the
 * customers booked on the voyage will be told), omission (confirmed), actual arrival and departure, or the call's
 * cut-offs. Times are typed in the port's time and sent in UTC, with the voyage's version.
 */
export function CallChangeModal({
  voyage,
  action,
  onClose,
  onReload,
}: {
  voyage: Voyage;
  action: { kind: CallAction; sequence: number } | null;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  const isPhone = usePhoneLayout();
  const call = action ? voyage.calls.find((candidate) => candidate.sequence === action.sequence) : undefined;
  const Form = action ? FORMS[action.kind] : null;
  return (
    <Modal
      opened={Boolean(action && call)}
      onClose={onClose}
      title={action && call ? TITLES[action.kind](call) : ''}
      size="xl"
      fullScreen={isPhone}
    >
      {action && call && Form && (
        <Form
          key={`${action.kind}-${call.sequence}`}
          voyage={voyage}
          call={call}
          onDone={onClose}
          onReload={onReload}
        />
      )}
    </Modal>
  );
}
