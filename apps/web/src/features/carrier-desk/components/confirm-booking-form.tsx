import { type Booking, type ConfirmBookingBody, ConfirmBookingBodySchema } from '@lading/contract/bookings';
import type { PointToPointResult } from '@lading/contract/voyages';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/choice-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { type ConfirmBookingResult, useConfirmBooking } from '../api/confirm-booking';
import { useSailings } from '../api/find-sailings';
import classes from './carrier-desk.module.css';
import {
  CONTAINER_NUMBER_TYPED,
  type ConfirmForm,
  checkContainerNumber,
  confirmFormDefaults,
  toConfirmBody,
  toConfirmFormField,
  typedContainerNumber,
} from './confirm-form';

const resolver = mappedBodyResolver(ConfirmBookingBodySchema, {
  toBody: toConfirmBody,
  toField: toConfirmFormField,
});

// Dark enough on white for small text (WCAG AA 4.5:1); Mantine's green.9 is 4.3:1.
const CHECK_COLOURS = { valid: '#1e6b30', 'bad-check-digit': 'red.9', 'bad-format': 'red.9' } as const;

/** The live ISO 6346 message under a container number as it is typed. */
function ContainerNumberHint({ index }: { index: number }) {
  const { control, formState } = useFormContext<ConfirmForm>();
  const typed = useWatch({ control, name: `containers.${index}.containerNumber` }) ?? '';
  const check = checkContainerNumber(typed);
  // A message of the form (on submit, or the server's) already says what is wrong; the hint stays when it says OK.
  const hasError = Boolean(formState.errors.containers?.[index]?.containerNumber);
  if (check.state === 'empty' || (hasError && check.state !== 'valid')) return null;
  const colour =
    check.state in CHECK_COLOURS ? CHECK_COLOURS[check.state as keyof typeof CHECK_COLOURS] : 'dimmed';
  return (
    <Text
      size="xs"
      c={colour}
      id={`container-check-${index}`}
      aria-live="polite"
      data-testid={`container-check-${index}`}
      mt={-2}
    >
      {check.message}
    </Text>
  );
}

function ContainerRows() {
  const { control } = useFormContext<ConfirmForm>();
  const { fields } = useFieldArray({ control, name: 'containers' });
  return (
    <Stack gap={0} component="section" aria-labelledby="containers-title">
      <Title order={2} size="h5" id="containers-title">
        Containers ({fields.length})
      </Title>
      {fields.map((field, index) => (
        <div key={field.id} className={`${classes.row} ${classes.container}`} data-testid="container-row">
          <Stack gap={2} className={classes.checkbox} style={{ paddingTop: 26 }}>
            <Badge
              variant="light"
              color="dark"
              radius="sm"
              aria-label={`Container ${index + 1}: ${field.isoCode}`}
            >
              {field.isoCode}
            </Badge>
          </Stack>
          <Stack gap={0} className={classes.wide}>
            <TextField<ConfirmForm>
              name={`containers.${index}.containerNumber`}
              label={`Container number ${index + 1} (${field.isoCode})`}
              required
              maxLength={CONTAINER_NUMBER_TYPED}
              autoComplete="off"
              spellCheck={false}
              placeholder="MSKU1234565"
              aria-describedby={`container-check-${index}`}
              normalize={typedContainerNumber}
            />
            <ContainerNumberHint index={index} />
          </Stack>
          <DecimalField<ConfirmForm>
            name={`containers.${index}.tareWeight`}
            label={`Tare weight ${index + 1} (kg)`}
            required
            decimals={2}
          />
        </div>
      ))}
    </Stack>
  );
}

/** One sailing as an option: vessel, voyage, service, departure and arrival dates, and the transhipment if any. */
export function sailingLabel(sailing: PointToPointResult): string {
  const via = sailing.transhipment
    ? ` via ${sailing.transhipment.code} (${sailing.transhipment.vesselName} ${sailing.transhipment.carrierVoyageNumber})`
    : '';
  return `${sailing.vesselName} ${sailing.carrierVoyageNumber} · ${sailing.serviceCode} · ETD ${formatDate(sailing.etd)} · ETA ${formatDate(sailing.eta)}${via}`;
}

/** The sailing: one of the lane's upcoming voyages (the one the customer chose is picked already). */
function SailingField({ booking }: { booking: Booking }) {
  const sailings = useSailings(booking.pol?.code, booking.pod?.code);
  const options = (sailings.data?.results ?? []).map((sailing) => ({
    value: String(sailing.voyageId),
    label: sailingLabel(sailing),
  }));
  // The chosen sailing stays offered even when it is no longer among the upcoming ones.
  if (booking.voyageId !== null && !options.some((o) => o.value === String(booking.voyageId)))
    options.unshift({
      value: String(booking.voyageId),
      label: `${booking.vesselName ?? 'Chosen sailing'} ${booking.voyageNumber ?? ''}`.trim(),
    });
  return (
    <SelectField<ConfirmForm>
      name="voyageId"
      label="Sailing"
      required
      numeric
      data={options}
      placeholder={sailings.isPending ? 'Loading sailings…' : 'Pick the vessel and voyage'}
      nothingFoundMessage={
        sailings.isError ? 'The sailings could not be loaded' : 'No sailings on this lane in the next 90 days'
      }
    />
  );
}

/**
 * Confirm a booking: the sailing and one container per unit booked (rows pre-filled per size-type), each number
 * checked live (ISO 6346 check digit). The server confirms, allocates and creates the customer's bill draft.
 */
export function ConfirmBookingForm({
  booking,
  onConfirmed,
}: {
  booking: Booking;
  onConfirmed: (result: ConfirmBookingResult) => void;
}) {
  const confirm = useConfirmBooking();
  const form = useForm<ConfirmForm, unknown, ConfirmBookingBody>({
    defaultValues: confirmFormDefaults(booking.equipment, booking.voyageId),
    resolver,
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await confirm.mutateAsync({ id: booking.id, body });
      toast.success(`Booking ${result.booking.number} confirmed: bill of lading draft created`);
      onConfirmed(result);
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, form.setError, toConfirmFormField)
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The booking could not be confirmed.');
    }
  });
  return (
    <FormProvider {...form}>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Confirm booking"
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            Sailing
          </Title>
          <SailingField booking={booking} />
          <ContainerRows />
          {confirm.isError &&
            !(confirm.error instanceof ApiError && Object.keys(confirm.error.fields).length) && (
              <Alert color="red" title="Not confirmed">
                {confirm.error instanceof ApiError ? confirm.error.message : 'Please try again in a moment.'}
              </Alert>
            )}
          <Text size="sm" c="dimmed">
            Confirming creates the bill of lading draft for the customer with these containers.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              Confirm booking
            </Button>
          </Group>
        </Stack>
      </Paper>
    </FormProvider>
  );
}
