import { formatAmount2 } from '@lading/contract/decimal';
import {
  VGM_DECLARATION_METHODS,
  VGM_METHOD_LABELS,
  type VgmContainer,
  type VgmDeclarationBody,
  VgmDeclarationBodySchema,
  type VgmDeclarations as VgmDeclarationsRead,
  vgmMismatch,
} from '@lading/contract/vgm';
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { DateField } from '../../../components/form/date-fields';
import { FormOptions } from '../../../components/form/field-chrome';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { StaleRecordAlert } from '../../../components/form/stale-record-alert';
import { TextField, useField } from '../../../components/form/text-fields';
import { QueryStatus } from '../../../components/query-status';
import { ApiError } from '../../../lib/api-client';
import { deadlineText } from '../../../lib/deadline';
import { formatDateTime } from '../../../lib/format-date-time';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { usePutVgmDeclarations, useVgmDeclarations } from '../api/vgm-declarations';
import { toVgmBody, toVgmFormField, type VgmForm, vgmFormDefaults } from './vgm-form';

const kg = (value: number) => `${formatAmount2(value)} kg`;

/** The weighing method: SM1 or SM2, as two labelled radio buttons (keyboard: arrows within the group). */
function MethodField({ containerNumber, readOnly }: { containerNumber: string; readOnly: boolean }) {
  const { field, fieldState } = useField<VgmForm>('method');
  return (
    <Radio.Group
      label="Weighing method"
      withAsterisk
      name={`vgm-method-${containerNumber}`}
      value={field.value || null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Stack gap={6} mt={6}>
        {VGM_DECLARATION_METHODS.map((method, i) => (
          <Radio
            key={method}
            value={method}
            label={VGM_METHOD_LABELS[method]}
            ref={i === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
            disabled={readOnly}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The 5 % check as the mass is typed (the same rule as the server's): the server's warning while the mass is the one
 * declared; nothing to compare with until the bill gives the container's cargo gross weight.
 */
function VgmWarning({ container, saved }: { container: VgmContainer; saved: string }) {
  const mass = useWatch<VgmForm, 'verifiedGrossMass'>({ name: 'verifiedGrossMass' }) ?? '';
  const warning =
    mass === saved
      ? container.warning
      : vgmMismatch({
          vgm: mass,
          cargoGrossWeight: container.cargoGrossWeight,
          tareWeight: container.tareWeight,
        });
  if (warning)
    return (
      <Alert color="orange" variant="light" title="Check the weights" role="status">
        {warning.message}
      </Alert>
    );
  if (container.cargoGrossWeight === null)
    return (
      <Text size="xs" c="dimmed">
        The bill of lading gives no cargo gross weight for this container yet: the VGM is checked against
        cargo gross + tare once it does.
      </Text>
    );
  return null;
}

/** Why the last save failed, beside the form (a 400 naming a field goes on that field instead). */
function SaveProblem({ error, onReload }: { error: unknown; onReload: () => void }) {
  if (!(error instanceof ApiError))
    return (
      <Alert color="red" title="Not saved" role="alert">
        The declaration could not be saved. Please try again in a moment.
      </Alert>
    );
  if (error.status === 412)
    return (
      <StaleRecordAlert message={error.message} reloadText="Reload the declarations" onReload={onReload} />
    );
  if (error.code === 'CUT_OFF_PASSED')
    return (
      <Alert color="red" title="Not saved: the VGM cut-off has passed" role="alert">
        {error.message} Ask the carrier to accept the VGM late.
      </Alert>
    );
  return (
    <Alert color="red" title="Not saved" role="alert">
      {error.message}
    </Alert>
  );
}

/** One container: its facts, the declaration form (or the declaration, read-only) and the weight check. */
function ContainerVgmForm({
  bookingId,
  container,
  readOnly,
  onReload,
}: {
  bookingId: number;
  container: VgmContainer;
  readOnly: boolean;
  onReload: () => void;
}) {
  const put = usePutVgmDeclarations();
  const defaults = useMemo(() => vgmFormDefaults(container), [container]);
  const resolver = useMemo(
    () =>
      mappedBodyResolver(VgmDeclarationBodySchema, {
        toBody: toVgmBody(container),
        toField: toVgmFormField,
      }),
    [container],
  );
  const form = useForm<VgmForm, unknown, VgmDeclarationBody>({ defaultValues: defaults, resolver });
  const [problem, setProblem] = useState<unknown>(null);
  const no = container.containerNumber;
  const headingId = `vgm-${no}`;
  const submit = form.handleSubmit(async (declaration) => {
    setProblem(null);
    try {
      await put.mutateAsync({ id: bookingId, body: { declarations: [declaration] } });
      toast.success(`VGM of ${no} declared`);
    } catch (error) {
      const placed =
        error instanceof ApiError && error.status === 400
          ? applyServerFieldErrors(error.fields, form.setError, toVgmFormField)
          : 0;
      if (placed === 0) setProblem(error);
    }
  });
  const declared = container.declaration;
  return (
    <FormProvider {...form}>
      <FormOptions.Provider value={{ readOnly }}>
        <Paper
          withBorder
          p="sm"
          radius="md"
          component="form"
          onSubmit={submit}
          noValidate
          aria-labelledby={headingId}
          data-testid="vgm-container"
        >
          <Stack gap="xs">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={3} size="h5" ff="monospace" id={headingId}>
                {no}
              </Title>
              <Text size="sm" c="dimmed">
                {container.nickname} ({container.isoCode}) · tare {kg(container.tareWeight)}
                {container.cargoGrossWeight !== null && ` · cargo gross ${kg(container.cargoGrossWeight)}`}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {declared
                ? `Declared by ${declared.declaredBy || 'the shipper'}, ${formatDateTime(declared.declaredAt)}`
                : 'Not declared yet'}
            </Text>
            <MethodField containerNumber={no} readOnly={readOnly} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={0}>
              <DecimalField<VgmForm>
                name="verifiedGrossMass"
                label="Verified gross mass (kg)"
                required
                decimals={2}
                autoComplete="off"
              />
              <DateField<VgmForm> name="weighingDate" label="Weighing date" required />
              <TextField<VgmForm>
                name="weighingParty"
                label="Weighing party"
                description="Who weighed it (weighbridge, CFS, terminal)"
                required
                maxLength={200}
              />
              <TextField<VgmForm>
                name="authorisedSignatory"
                label="Authorised signatory"
                description="The shipper's person who signs the VGM"
                required
                maxLength={120}
              />
            </SimpleGrid>
            <VgmWarning container={container} saved={defaults.verifiedGrossMass} />
            {problem !== null && <SaveProblem error={problem} onReload={onReload} />}
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={put.isPending} aria-describedby={headingId}>
                  {declared ? 'Save declaration' : 'Declare VGM'}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </FormOptions.Provider>
    </FormProvider>
  );
}

/** The VGM cut-off as the customer needs it: due in …, accepted late until …, or why nothing can change now. */
function Deadline({ data }: { data: VgmDeclarationsRead }) {
  const { deadline, closed, pol } = data;
  const where = pol ? ` at ${pol.name} (${pol.code})` : '';
  const sailing = deadline ? `${deadline.vesselName} ${deadline.carrierVoyageNumber}${where}` : null;
  if (closed)
    return (
      <Alert
        color={closed.reason === 'BILL_ISSUED' ? 'gray' : 'red'}
        title="The VGM can no longer change"
        role="status"
      >
        {closed.reason === 'BILL_ISSUED' || !deadline
          ? closed.message
          : `VGM cut-off (VCO) of ${sailing}: ${deadlineText(
              {
                at: deadline.at,
                lateUntil: deadline.lateAcceptanceUntil,
                departed: closed.reason === 'DEPARTED',
              },
              pol?.timeZone,
            )}. Ask the carrier if the VGM must still change.`}
      </Alert>
    );
  if (!deadline)
    return (
      <Text size="sm" c="dimmed">
        This booking is on no scheduled sailing: no VGM cut-off applies.
      </Text>
    );
  return (
    <Text size="sm" data-testid="vgm-deadline">
      VGM cut-off (VCO) of {sailing}:{' '}
      <Text span fw={600}>
        {deadlineText({ at: deadline.at, lateUntil: deadline.lateAcceptanceUntil }, pol?.timeZone)}
      </Text>
    </Text>
  );
}

/**
 * SOLAS VGM declarations of one booking (issue 26): per container allocated to it, the weighing method (SM1/SM2), the
 * verified gross mass (kg, rounded half up to 2 decimals as typed), weighing date, weighing party and authorised
 * signatory, each saved on its own at the version read; the VGM cut-off and whether the VGM may still change; a
 * warning when the mass is more than 5 % from cargo gross + tare. Customers declare; carrier staff (and everyone
 * after the cut-off) see the declarations read-only. Self-contained: mount it with the booking's id (the VGM screen,
 * the shipment page).
 */
export function VgmDeclarations({ bookingId }: { bookingId: number }) {
  const query = useVgmDeclarations(bookingId);
  const can = useCan();
  const data = query.data;
  const readOnly = !can('CP.VGM.EDIT') || !data?.editable;
  const reload = () => void query.refetch();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="vgm-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="vgm-heading">
          VGM declarations (SOLAS)
        </Title>
        <QueryStatus
          query={query}
          skeletonHeight={160}
          errorTitle="The VGM declarations could not be loaded"
          notFoundText="This booking does not exist or is not yours."
        />
        {data && (
          <>
            <Deadline data={data} />
            {data.containers.length === 0 ? (
              <Text size="sm" c="dimmed">
                No containers are allocated to this booking yet: the carrier allocates them when it confirms
                the booking.
              </Text>
            ) : (
              data.containers.map((container) => (
                <ContainerVgmForm
                  // A new version is a new form: its values and version are those just read.
                  key={`${container.containerNumber}:${container.version}:${readOnly}`}
                  bookingId={bookingId}
                  container={container}
                  readOnly={readOnly}
                  onReload={reload}
                />
              ))
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
