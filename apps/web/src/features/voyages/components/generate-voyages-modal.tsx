import { todayIso } from '@lading/contract/quotations';
import {
  type CarrierService,
  type GenerateVoyagesBody,
  GenerateVoyagesBodySchema,
} from '@lading/contract/voyages';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { AnchorLink } from '../../../components/anchor-link';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { IntegerField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { toast } from '../../../lib/toast';
import { type GenerateVoyagesResult, useGenerateVoyages } from '../api/generate-voyages';
import { labelledMessage } from './field-messages';

type GenerateForm = { from: string; weeks: number | null };

const LABELS: Record<string, string> = { from: 'First sailing', weeks: 'Number of sailings' };
const toField = (path: string) => (path in LABELS ? path : null);
const toMessage = (field: string, message: string) => labelledMessage(LABELS[field], message);

const resolver = mappedBodyResolver(GenerateVoyagesBodySchema, {
  toBody: (form: GenerateForm) => ({ from: form.from || undefined, weeks: form.weeks ?? undefined }),
  toField,
  toMessage,
});

/** "4 voyages created" / "2 voyages created, 2 already there" / "No new voyage: all 4 already there". */
export function generatedSummary({ created, existing }: Pick<GenerateVoyagesResult, 'created' | 'existing'>) {
  const voyages = (n: number) => `${n} ${n === 1 ? 'voyage' : 'voyages'}`;
  if (created === 0)
    return `No new voyage: ${existing === 1 ? 'the voyage' : `all ${existing}`} already there`;
  return existing === 0
    ? `${voyages(created)} created`
    : `${voyages(created)} created, ${existing} already there`;
}

/**
 * "Generate voyages" for a service: from a first sailing day, a number of sailings at the service's frequency, with
 * voyage numbers, calls, estimates and cut-offs from its rotation. Generating the same sailings again makes nothing
 * twice: the answer says how many were created and how many were there already, with a link to them.
 */
export function GenerateVoyagesModal({
  service,
  onClose,
}: {
  service: CarrierService | null;
  onClose: () => void;
}) {
  const isPhone = usePhoneLayout();
  return (
    <Modal
      opened={service !== null}
      onClose={onClose}
      title={service ? `Generate voyages of ${service.code}` : ''}
      size="lg"
      fullScreen={isPhone}
    >
      {service && <GenerateVoyagesForm key={service.id} service={service} onClose={onClose} />}
    </Modal>
  );
}

function GenerateVoyagesForm({ service, onClose }: { service: CarrierService; onClose: () => void }) {
  const generate = useGenerateVoyages();
  const [result, setResult] = useState<(GenerateVoyagesResult & { from: string }) | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<GenerateForm, unknown, GenerateVoyagesBody>({
    defaultValues: { from: todayIso(), weeks: 4 },
    resolver,
  });
  const submit = form.handleSubmit(async (body) => {
    setRefused(null);
    try {
      const generated = await generate.mutateAsync({ serviceId: service.id, body });
      setResult({ ...generated, from: body.from });
      toast.success(`Service ${service.code}: ${generatedSummary(generated)}`);
    } catch (error) {
      setResult(null);
      const fields =
        error instanceof ApiError
          ? Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [field, toMessage(field, message)]),
            )
          : {};
      const placed = applyServerFieldErrors(fields, form.setError, toField);
      if (placed === 0)
        setRefused(
          error instanceof ApiError
            ? (Object.values(error.fields)[0] ?? error.message)
            : 'The voyages could not be generated. Please try again in a moment.',
        );
    }
  });
  const frequency = service.frequencyDays === 14 ? 'fortnightly' : 'weekly';
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={`Generate voyages of ${service.code}`}>
        <Stack gap="sm">
          <Text size="sm">
            {service.name}: one voyage per sailing, {frequency}, with calls, estimates and cut-offs from the
            rotation. Sailings already generated are kept as they are.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField<GenerateForm> name="from" label="First sailing" required data-autofocus />
            <IntegerField<GenerateForm> name="weeks" label="Number of sailings" required min={1} max={52} />
          </SimpleGrid>
          {refused && (
            <Alert color="red" title="Not generated" role="alert">
              {refused}
            </Alert>
          )}
          {result && (
            <Alert color="green" title="Voyages generated" role="status" data-testid="generate-result">
              <Stack gap={4}>
                <Text size="sm">{generatedSummary(result)}.</Text>
                <AnchorLink
                  to="/app-dashboard-admin/voyages"
                  search={{ serviceId: service.id, departureFrom: result.from }}
                  size="sm"
                >
                  Open the voyages of {service.code}
                </AnchorLink>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={generate.isPending}>
              Generate voyages
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
