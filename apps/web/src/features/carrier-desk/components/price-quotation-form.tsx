import {
  type PriceQuotationBody,
  PriceQuotationBodySchema,
  type Quotation,
  todayIso,
} from '@lading/contract/quotations';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField, IntegerField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { usePriceQuotation } from '../api/price-quotation';
import classes from './carrier-desk.module.css';
import { ChargeLinesField } from './charge-lines-field';
import { DESK_CURRENCIES } from './currencies';
import { customerLabel } from './desk-facts';
import {
  bookedQuantity,
  emptyChargeLine,
  livePriceTotal,
  type PriceForm,
  priceFormDefaults,
  toPriceBody,
  toPriceFormField,
} from './price-form';

const resolver = mappedBodyResolver(PriceQuotationBodySchema, {
  toBody: toPriceBody,
  toField: toPriceFormField,
});

/** The charge lines of the price form, each with its exact amount; add and remove lines; the live total. */
function ChargeLines({ quotation }: { quotation: Quotation }) {
  const { control, setValue } = useFormContext<PriceForm>();
  const lines = useWatch({ control, name: 'charges' });
  const currency = useWatch({ control, name: 'currency' });
  const { amounts, total, complete } = livePriceTotal(lines ?? []);
  const sizeTypes = [...new Set(quotation.equipment.map((line) => line.isoCode))];
  return (
    <ChargeLinesField<PriceForm>
      titleOrder={2}
      rowClassName={classes.charge}
      rowTestId="charge-line"
      onBasisChange={(index, next) => {
        // Per bill: no size-type, once; per container: the first size-type and its booked quantity.
        const iso = next === 'PER_CONTAINER' ? (sizeTypes[0] ?? '') : '';
        setValue(`charges.${index}.isoCode`, iso);
        setValue(
          `charges.${index}.quantity`,
          next === 'PER_CONTAINER' ? bookedQuantity(quotation.equipment, iso) || 1 : 1,
        );
      }}
      cells={(index, n) => (
        <>
          {(lines?.[index]?.basis ?? 'PER_CONTAINER') === 'PER_CONTAINER' ? (
            <SelectField<PriceForm>
              name={`charges.${index}.isoCode`}
              label={`Size-type (line ${n})`}
              required
              searchable={false}
              allowDeselect={false}
              data={sizeTypes}
              onOptionSubmit={(iso) =>
                setValue(`charges.${index}.quantity`, bookedQuantity(quotation.equipment, iso) || 1)
              }
            />
          ) : (
            <Text size="sm" c="dimmed" className={classes.amount} ta="left">
              per bill
            </Text>
          )}
          <IntegerField<PriceForm> name={`charges.${index}.quantity`} label={`Qty (line ${n})`} required />
          <DecimalField<PriceForm>
            name={`charges.${index}.unitAmount`}
            label={`Unit amount (line ${n})`}
            required
          />
          <Text size="sm" className={classes.amount} aria-label={`Amount of line ${n}`}>
            {formatMoney(amounts[index] ?? null, currency || null)}
          </Text>
        </>
      )}
      actions={(append) => (
        <>
          <Button variant="default" size="xs" onClick={() => append(emptyChargeLine(quotation.equipment))}>
            Add per-container charge
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => append(emptyChargeLine(quotation.equipment, 'PER_BL'))}
          >
            Add per-bill charge
          </Button>
        </>
      )}
      aside={
        <Text fw={700} className={classes.total} aria-live="polite" data-testid="live-total">
          Total {formatMoney(total, currency || null)}
          {!complete && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              (lines without an amount not counted)
            </Text>
          )}
        </Text>
      }
    />
  );
}

/**
 * Price an on-request quotation: charge lines, currency and validity; the server computes and keeps the amounts. A
 * valid form asks first (the customer, the total and the validity: a sent price is final), then sends.
 */
export function PriceQuotationForm({
  quotation,
  onPriced,
}: {
  quotation: Quotation;
  onPriced: (quotation: Quotation) => void;
}) {
  const price = usePriceQuotation();
  const form = useForm<PriceForm, unknown, PriceQuotationBody>({
    defaultValues: priceFormDefaults(quotation, todayIso()),
    resolver,
  });
  // The checked body waiting for the confirmation (the dialog is open while it is set).
  const [toSend, setToSend] = useState<PriceQuotationBody | null>(null);
  const send = async (body: PriceQuotationBody) => {
    try {
      const priced = await price.mutateAsync({ id: quotation.id, body });
      toast.success(`Quotation ${priced.number} priced: the customer can now accept it`);
      onPriced(priced);
    } catch (error) {
      const placed =
        error instanceof ApiError ? applyServerFieldErrors(error.fields, form.setError, toPriceFormField) : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The quotation could not be priced.');
    }
  };
  const submit = form.handleSubmit((body) => setToSend(body));
  const total = livePriceTotal(form.getValues('charges') ?? []).total;
  return (
    <FormProvider {...form}>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Price">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
            <SelectField<PriceForm>
              name="currency"
              label="Currency"
              required
              allowDeselect={false}
              data={[...DESK_CURRENCIES]}
            />
            <DateField<PriceForm> name="validUntil" label="Valid until" required min={todayIso()} />
          </SimpleGrid>
          <ChargeLines quotation={quotation} />
          {price.isError && !(price.error instanceof ApiError && Object.keys(price.error.fields).length) && (
            <Alert color="red" title="Not priced">
              {price.error instanceof ApiError ? price.error.message : 'Please try again in a moment.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={price.isPending}>
              Send price to customer
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={toSend !== null}
        title={`Send the price of ${quotation.number}?`}
        confirmLabel="Send price"
        onConfirm={() => (toSend ? send(toSend) : undefined)}
        onClose={() => setToSend(null)}
      >
        {`${customerLabel(quotation.customer)} is told at once and can accept ${formatMoney(total, toSend?.currency ?? null)} all in until ${formatDate(toSend?.validUntil ?? null)}. A sent price can no longer be changed.`}
      </ConfirmDialog>
    </FormProvider>
  );
}
