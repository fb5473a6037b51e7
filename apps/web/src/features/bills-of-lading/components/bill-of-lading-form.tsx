import {
  type BillOfLading,
  BL_MESSAGES,
  computeBillTotals,
  type BillOfLadingForm as FormValues,
  LOCKED_STATUSES,
  packageCountMismatch,
  prefillBillForm,
  toUpdatePayload,
} from '@lading/contract/bills-of-lading';
import type { HsnCode, PackageType } from '@lading/contract/reference-data';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useUpdateBillOfLading } from '../api/update-bill-of-lading';
import { BillFormState, TextAreaField } from './bill-form-fields';
import { formatDate, validateBillForm } from './bill-form-rules';
import classes from './bill-of-lading-form.module.css';
import { CargoTable } from './cargo-table';
import { ContainersTable } from './containers-table';
import { NotifyPartyBlock } from './notify-party-block';
import { PartyBlock } from './party-block';

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </Stack>
  );
}

const kg = (value: number) =>
  `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;

type Props = {
  bill: BillOfLading;
  packageTypes: readonly PackageType[];
  hsCodes: readonly HsnCode[];
  onReload: () => void;
};

/** The Bill Of Lading edit form (specification sections 2, 4 and 5). */
export function BillOfLadingForm({ bill, packageTypes, hsCodes, onReload }: Props) {
  const initial = useMemo(() => prefillBillForm(bill), [bill]);
  const methods = useForm<FormValues>({ defaultValues: initial });
  const { control, reset, getValues, handleSubmit } = methods;
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<'stale' | 'locked' | null>(null);
  const update = useUpdateBillOfLading();
  const isLocked = LOCKED_STATUSES.includes(bill.status);
  // Without CP.BL.EDIT (carrier staff) the same screen is a read-only view; the carrier changes bills by review.
  const isViewOnly = !useCan()('CP.BL.EDIT');
  const readOnly = isLocked || isViewOnly;

  // A newer version of the bill (after a save, or a reload) becomes the form's starting point.
  useEffect(() => {
    reset(initial);
    setSubmitted(false);
    setProblem(null);
  }, [initial, reset]);

  const values = useWatch({ control }) as FormValues;
  const errors = useMemo(() => validateBillForm(values), [values]);
  const totals = computeBillTotals(values.containers ?? []);
  const packageMismatch = packageCountMismatch(values);
  const haveNotifyParty = values.haveNotifyParty;

  const save = async () => {
    setSubmitted(true);
    const form = getValues();
    if (Object.keys(validateBillForm(form)).length > 0) {
      toast.error(BL_MESSAGES.saveInvalid);
      return;
    }
    try {
      await update.mutateAsync({ id: bill.id, body: toUpdatePayload(bill, form) });
      toast.success(BL_MESSAGES.saveSuccess);
    } catch (error) {
      // Failed calls release the overlay without a message (section 4) and keep the edits on screen; two cases
      // the user can act on are explained.
      if (error instanceof ApiError && error.status === 412) setProblem('stale');
      if (error instanceof ApiError && error.status === 409) setProblem('locked');
    }
  };

  return (
    <BillFormState.Provider value={{ errors, submitted, readOnly }}>
      <FormProvider {...methods}>
        <form onSubmit={handleSubmit(save)} noValidate aria-label={`Bill of lading ${bill.number}`}>
          <Stack gap="md">
            {isLocked && (
              <Alert color="blue" title={`This bill is ${bill.status.toLowerCase()}`}>
                {BL_MESSAGES.locked}
              </Alert>
            )}
            {isViewOnly && !isLocked && (
              <Alert color="blue" title="View only">
                Your account can view this bill of lading but not change it.
              </Alert>
            )}
            {bill.status === 'DRAFT' && bill.reviewComment && (
              <Alert color="orange" title="Returned by the carrier">
                {bill.reviewComment}
              </Alert>
            )}
            {problem === 'stale' && (
              <Alert color="red" title="Someone else changed this bill" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {BL_MESSAGES.stale} Your changes are still on the screen; reloading replaces them.
                  </Text>
                  <Button size="xs" variant="white" color="red" onClick={onReload}>
                    Reload the latest version
                  </Button>
                </Stack>
              </Alert>
            )}
            {problem === 'locked' && (
              <Alert color="red" role="alert">
                {BL_MESSAGES.locked}
              </Alert>
            )}

            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="primary-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="primary-heading">
                  Primary Details
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
                  <Detail label="BL Date" value={formatDate(bill.blDate)} />
                  <Detail label="BL Type" value={bill.blType} />
                  <Detail label="Discharge Term" value={bill.loadDischargeTerms} />
                  <Detail label="Load Type" value={bill.loadType} />
                  <Detail label="Discharge Type" value={bill.dischargeType} />
                  <Detail label="No of Originals" value={bill.noOfOriginals} />
                  <Detail label="No of Copies" value={bill.noOfCopies} />
                </SimpleGrid>
              </Stack>
            </Paper>

            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <PartyBlock
                title="Shipper"
                partyName={bill.shipperName}
                mail={bill.shipperMailId}
                address={bill.shipperAddress}
                nameField="shipperNameInBl"
                phoneField="shipperPhoneNumber"
              />
              <PartyBlock
                title="Consignee"
                partyName={bill.consigneeName}
                mail={bill.consigneeMailId}
                address={bill.consigneeAddress}
                nameField="consigneeNameInBl"
                phoneField="consigneePhoneNumber"
              />
            </SimpleGrid>

            <Checkbox
              label="Add Notify Party"
              disabled={readOnly}
              checked={haveNotifyParty}
              onChange={(event) =>
                methods.setValue('haveNotifyParty', event.currentTarget.checked, { shouldDirty: true })
              }
            />
            {haveNotifyParty && (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <NotifyPartyBlock which="notifyParty1" />
                <NotifyPartyBlock which="notifyParty2" />
              </SimpleGrid>
            )}

            <ContainersTable packageTypes={packageTypes} />
            <CargoTable hsCodes={hsCodes} packageTypes={packageTypes} />

            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TextAreaField name="descriptionOfGoods" label="Description of Goods" required />
              <TextAreaField name="marksAndNosL" label="Marks & Nos" required />
            </SimpleGrid>

            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="totals-heading">
              <Stack gap="xs">
                <Title order={2} size="h5" id="totals-heading">
                  Totals (computed as you type)
                </Title>
                <Group gap="xl" aria-live="polite">
                  <Detail label="Net weight" value={kg(totals.netWeight)} />
                  <Detail label="Gross weight (incl. tare)" value={kg(totals.grossWeight)} />
                  <Detail label="Measurement" value={`${totals.measurement.toFixed(2)} CBM`} />
                </Group>
                {packageMismatch && (
                  <Text size="sm" c="orange.9" role="status">
                    ⚠ The containers hold {packageMismatch.containers} packages but the cargo rows state{' '}
                    {packageMismatch.cargo}. Please check.
                  </Text>
                )}
              </Stack>
            </Paper>

            {!readOnly && (
              <Group justify="flex-end" className={classes.actions}>
                {submitted && Object.keys(errors).length > 0 && (
                  <Text size="sm" c="red.9" mr="auto" role="status">
                    {Object.keys(errors).length} field{Object.keys(errors).length === 1 ? ' needs' : 's need'}{' '}
                    attention (marked in red).
                  </Text>
                )}
                <Button
                  variant="default"
                  onClick={() => {
                    reset(initial);
                    setSubmitted(false);
                  }}
                >
                  Clear
                </Button>
                <Button type="submit" loading={update.isPending}>
                  Submit
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </FormProvider>
    </BillFormState.Provider>
  );
}
