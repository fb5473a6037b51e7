import { CUT_OFF_CODES } from '@lading/contract/voyages';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { formatPortTime, portOffset } from '../../../lib/port-time';
import { toast } from '../../../lib/toast';
import { useGrantLateAcceptance } from '../api/grant-late-acceptance';
import {
  CUT_OFF_NAMES,
  cutOffWhen,
  fieldMessage,
  type LateAcceptanceBody,
  type LateAcceptanceContext,
  type LateAcceptanceForm,
  lateAcceptanceDefaults,
  lateAcceptanceSchema,
  TASK_NAMES,
  toLateAcceptanceBody,
  toLateAcceptanceField,
} from './late-acceptance';

export type LateAcceptanceModalProps = {
  /** Its opener gives the focus back on close (it loads the dialog lazily: useReturnFocusOnClose). */
  opened: boolean;
  onClose: () => void;
  /** After the closing transition: the opener's `useReturnFocusOnClose` callback. */
  onClosed?: () => void;
  bill: { id: number; number: string };
  context: LateAcceptanceContext;
  /** The late acceptance the task has now (UTC), if any: a new one replaces it. */
  lateUntil: string | null;
};

/** What the server's refusal means here, when it names no field of the form. */
function problemText(error: unknown, bill: { number: string }): string {
  if (!(error instanceof ApiError))
    return 'The late acceptance could not be saved. Please try again in a moment.';
  if (error.status === 404)
    return `Bill of lading ${bill.number} is not in your office’s scope, or no longer exists.`;
  if (error.status === 403) return 'Your account may not accept shipping instructions or VGM late.';
  // A 409 (the bill is issued: nothing is submitted any more), or a 400 on no field of the form.
  return error.message;
}

function LateAcceptanceFormBody({
  bill,
  context,
  lateUntil,
  onClose,
}: Omit<LateAcceptanceModalProps, 'opened'>) {
  const zone = context.port.timeZone;
  const [now] = useState(() => Date.now());
  const [resolver] = useState(() =>
    mappedBodyResolver(lateAcceptanceSchema(context), {
      toBody: (form: LateAcceptanceForm) => toLateAcceptanceBody(form, context),
      toField: toLateAcceptanceField,
      toMessage: fieldMessage,
    }),
  );
  const form = useForm<LateAcceptanceForm, unknown, LateAcceptanceBody>({
    defaultValues: lateAcceptanceDefaults(context, now),
    resolver,
  });
  const grant = useGrantLateAcceptance();
  const [problem, setProblem] = useState<string | null>(null);
  const what = TASK_NAMES[context.cutOff];
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const granted = await grant.mutateAsync({ billId: bill.id, body });
      toast.success(`${what} of ${bill.number} accepted late until ${formatPortTime(granted.until, zone)}`);
      onClose();
    } catch (error) {
      const placed =
        error instanceof ApiError && error.status === 400
          ? applyServerFieldErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([field, message]) => [field, fieldMessage(field, message)]),
              ),
              form.setError,
              toLateAcceptanceField,
            )
          : 0;
      if (placed === 0) setProblem(problemText(error, bill));
    }
  });
  const running = lateUntil && Date.parse(lateUntil) > now ? lateUntil : null;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={`Accept the ${what} of ${bill.number} late`}>
        <Stack gap="xs">
          <Text size="sm" data-testid="late-acceptance-cut-off">
            The {CUT_OFF_NAMES[context.cutOff]} at {context.port.name} is{' '}
            <strong>{formatPortTime(context.at, zone)}</strong> ({cutOffWhen(context.at, now)}).
          </Text>
          {context.departure && (
            <Text size="sm">
              {context.departure.vesselName} {context.departure.carrierVoyageNumber} leaves{' '}
              {context.port.name} {formatPortTime(context.departure.etd, zone)}.
            </Text>
          )}
          {running && (
            <Text size="sm" data-testid="late-acceptance-running">
              Already accepted late until {formatPortTime(running, zone)}; a new acceptance replaces it.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            The customer can then{' '}
            {context.cutOff === 'DCO' ? 'submit the shipping instructions' : 'change the VGM'} until the time
            you set, in {context.port.name}’s time. Your reason goes into the bill’s history.
          </Text>
          <DateField<LateAcceptanceForm>
            name="until"
            label={`Accept until (port time, ${portOffset(context.at, zone)})`}
            fieldName="Accept until"
            withTime
            required
            data-autofocus
          />
          <TextAreaField<LateAcceptanceForm>
            name="reason"
            label="Reason"
            required
            maxLength={300}
            rows={2}
            description={`Why the ${CUT_OFF_CODES[context.cutOff].toLowerCase()} is waived for this bill.`}
          />
          {problem && (
            <Alert color="red" title="Not saved" role="alert" data-testid="late-acceptance-problem">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={grant.isPending}>
              Accept late
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * Carrier staff accept a bill's shipping instructions (after the DCO) or VGM (after the VCO) late, in a dialog: the
 * cut-off named with its time at the port of loading, "until" typed in that port's time (its offset in the label),
 * which must lie in the future, after the cut-off and no later than the vessel's departure, and a reason. Sent as
 * `{ cutOff, reason, until }` (UTC); the server's 400 lands on the field it names, a 409 or 404 is said in the dialog.
 */
export function LateAcceptanceModal({
  opened,
  onClose,
  onClosed,
  bill,
  context,
  lateUntil,
}: LateAcceptanceModalProps) {
  const isPhone = usePhoneLayout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Accept the ${TASK_NAMES[context.cutOff]} of ${bill.number} late`}
      size="lg"
      fullScreen={isPhone}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      {opened && (
        <LateAcceptanceFormBody bill={bill} context={context} lateUntil={lateUntil} onClose={onClose} />
      )}
    </Modal>
  );
}
