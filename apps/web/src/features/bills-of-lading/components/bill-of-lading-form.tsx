import {
  BL_MESSAGES,
  computeBillTotals,
  LOCKED_STATUSES,
  packageCountMismatch,
  prefillBillForm,
} from '@lading/contract/bill-of-lading-rules';
import type { BillOfLading, BillOfLadingForm as FormValues } from '@lading/contract/bills-of-lading';
import { formatAmount2 } from '@lading/contract/decimal';
import type { HsnCode, PackageType } from '@lading/contract/reference-data';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CheckboxField } from '../../../components/form/choice-fields';
import { countFieldErrors } from '../../../components/form/count-field-errors';
import { FormOptions } from '../../../components/form/field-chrome';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { TextAreaField } from '../../../components/form/textarea-field';
import { PlainAlert } from '../../../components/plain-alert';
import { PlainGrid } from '../../../components/plain-grid';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useUpdateBillOfLading } from '../api/update-bill-of-lading';
import classes from './bill-of-lading-form.module.css';
import { formatDate } from './bl-format';
import { CargoTable } from './cargo-table';
import { ContainersTable } from './containers-table';
import { CutOffRefusal } from './deadlines-on-demand';
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

const kg = (value: number) => `${formatAmount2(value)} kg`;

/**
 * How many of the form's later sections are on screen. The page's first commit holds what a phone shows first
 * (alerts, primary details, parties); each later section (notify parties, containers, cargo, descriptions, totals
 * and buttons) is added in its own task after the browser has had a frame to paint, so no single task mounts the
 * whole form (Lighthouse's total blocking time, figure 7). All are on screen within a few frames.
 */
function useRevealed(total: number): number {
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    if (revealed >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setRevealed((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [revealed, total]);
  return revealed;
}

const LATER_SECTIONS = 5;

/*
 * The form's sections are memoized. The form itself renders again as a whole when react-hook-form marks it ready (a
 * state update in a layout effect on mount: a synchronous render inside the first commit) and at each revealed
 * section; a memoized section renders again only for its own props, and its fields for their own value or state (they
 * read the form's control from react-hook-form's own context, which never changes: useField in text-fields.tsx).
 * Without this, mounting the bill form rendered every field twice, the second time in one blocking task (56 ms of a
 * 168 ms task at Lighthouse's 4x slowdown, issue 11, figure 7).
 */
const Party = memo(PartyBlock);
const NotifyParty = memo(NotifyPartyBlock);
const Containers = memo(ContainersTable);
const Cargo = memo(CargoTable);

const PrimaryDetails = memo(function PrimaryDetails({ bill }: { bill: BillOfLading }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="primary-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="primary-heading">
          Primary Details
        </Title>
        <PlainGrid cols={{ base: 2, sm: 4, lg: 7 }}>
          <Detail label="BL Date" value={formatDate(bill.blDate)} />
          <Detail label="BL Type" value={bill.blType} />
          <Detail label="Discharge Term" value={bill.loadDischargeTerms} />
          <Detail label="Load Type" value={bill.loadType} />
          <Detail label="Discharge Type" value={bill.dischargeType} />
          <Detail label="No of Originals" value={bill.noOfOriginals} />
          <Detail label="No of Copies" value={bill.noOfCopies} />
        </PlainGrid>
      </Stack>
    </Paper>
  );
});

const Descriptions = memo(function Descriptions() {
  return (
    <PlainGrid cols={{ base: 1, md: 2 }} verticalSpacing={0}>
      <TextAreaField<FormValues>
        name="descriptionOfGoods"
        label="Description of Goods"
        required
        maxLength={4000}
      />
      <TextAreaField<FormValues> name="marksAndNosL" label="Marks & Nos" required maxLength={4000} />
    </PlainGrid>
  );
});

type Props = {
  bill: BillOfLading;
  packageTypes: readonly PackageType[];
  hsCodes: readonly HsnCode[];
  onReload: () => void;
};

/** Live totals (section 5), exact: each row rounded, then summed, as the server stores them. */
const Totals = memo(function Totals() {
  const containers = useWatch<FormValues, 'containers'>({ name: 'containers' }) ?? [];
  const cargoDetails = useWatch<FormValues, 'cargoDetails'>({ name: 'cargoDetails' }) ?? [];
  const totals = computeBillTotals(containers);
  const packageMismatch = packageCountMismatch({ containers, cargoDetails });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="totals-heading">
      <Stack gap="xs">
        <Title order={2} size="h5" id="totals-heading">
          Totals (computed as you type)
        </Title>
        <Group gap="xl" aria-live="polite">
          <Detail label="Net weight" value={kg(totals.netWeight)} />
          <Detail label="Gross weight (incl. tare)" value={kg(totals.grossWeight)} />
          <Detail label="Measurement" value={`${formatAmount2(totals.measurement)} CBM`} />
        </Group>
        {packageMismatch && (
          <Text size="sm" c="orange.9" role="status">
            ⚠ The containers hold {packageMismatch.containers} packages but the cargo rows state{' '}
            {packageMismatch.cargo}. Please check.
          </Text>
        )}
      </Stack>
    </Paper>
  );
});

/**
 * The contract's BillOfLadingFormSchema through zodResolver, fetched (with zod) once the user reaches the form; the
 * save's payload comes in the same module, in before a submit gets past the resolver.
 */
const billForm = () => import('./bill-form-resolver');
const billResolver = lazyResolver<FormValues>(() => billForm().then((module) => module.billFormResolver));

/**
 * The Bill Of Lading edit form (specification sections 2, 4 and 5), driven by the contract's BillOfLadingFormSchema
 * through zodResolver (loaded when the form is first focused or pressed): a cell is checked when it is left (touched) and again as it changes; Submit checks every cell
 * and marks the invalid ones. A server 400 puts its field messages on the cells they name.
 */
export function BillOfLadingForm({ bill, packageTypes, hsCodes, onReload }: Props) {
  const initial = useMemo(() => prefillBillForm(bill), [bill]);
  // Containers whose VGM comes from the booking's SOLAS declaration: read-only in the table.
  const declared = useMemo(
    () => new Set(bill.blContainerDetails.filter((c) => c.vgmDeclared).map((c) => c.containerId)),
    [bill],
  );
  const methods = useForm<FormValues>({
    defaultValues: initial,
    resolver: billResolver,
    mode: 'onTouched',
    // focusFirstInvalid instead: the first invalid cell in reading order, clear of the header and the sticky bar.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { reset, handleSubmit, formState, setError, getValues } = methods;
  const [problem, setProblem] = useState<'stale' | 'locked' | 'rejected' | 'cut-off' | null>(null);
  // The 409 CUT_OFF_PASSED refusal, which CutOffRefusal reads (its own chunk: deadlines-on-demand).
  const [cutOff, setCutOff] = useState<ApiError | null>(null);
  // Clear with unsaved edits asks first (the dialog is its own chunk, fetched when first asked).
  const [confirmClear, setConfirmClear] = useState(false);
  const update = useUpdateBillOfLading();
  const isLocked = LOCKED_STATUSES.includes(bill.status);
  // Without CP.BL.EDIT (carrier staff) the same screen is a read-only view; the carrier changes bills by review.
  const isViewOnly = !useCan()('CP.BL.EDIT');
  const readOnly = isLocked || isViewOnly;
  const options = useMemo(() => ({ readOnly }), [readOnly]);
  const haveNotifyParty = useWatch({ control: methods.control, name: 'haveNotifyParty' });
  const errorCount = countFieldErrors(formState.errors);
  // Read while rendering: react-hook-form works out (and re-renders for) only the form state read there.
  const hasEdits = formState.isDirty;
  const revealed = useRevealed(LATER_SECTIONS);

  // A newer version of the bill (after a save, or a reload) becomes the form's starting point. Not on the first
  // render: the form already starts from it, and a reset re-renders every field once more in one blocking task.
  const shown = useRef(initial);
  useEffect(() => {
    if (shown.current === initial) return;
    shown.current = initial;
    reset(initial);
    setProblem(null);
  }, [initial, reset]);

  const clear = () => {
    reset(initial);
    setProblem(null);
  };

  const save = async (form: FormValues) => {
    setProblem(null);
    // Loaded already: the resolver that has just passed the form came in this module.
    const { toUpdatePayload, formFieldOfSentField, applyServerFieldErrors } = await billForm();
    try {
      await update.mutateAsync({ id: bill.id, body: toUpdatePayload(bill, form) });
      toast.success(BL_MESSAGES.saveSuccess);
    } catch (error) {
      // Failed calls release the overlay without a message (section 4) and keep the edits on screen; what the user
      // can act on is shown on the form.
      if (!(error instanceof ApiError)) return;
      if (error.status === 412) setProblem('stale');
      else if (error.code === 'CUT_OFF_PASSED') {
        setCutOff(error);
        setProblem('cut-off');
      } else if (error.status === 409) setProblem('locked');
      else if (error.status === 400) {
        const placed = applyServerFieldErrors(error.fields, setError, (field) =>
          formFieldOfSentField(field, getValues()),
        );
        if (placed < Object.keys(error.fields).length) setProblem('rejected');
      }
    }
  };

  return (
    <FormOptions.Provider value={options}>
      <FormProvider {...methods}>
        <form
          ref={formRef}
          className={classes.form}
          onSubmit={handleSubmit(save, () => {
            toast.error(BL_MESSAGES.saveInvalid);
            // In already: the resolver that has just refused the form came with it.
            void billForm().then(({ focusFirstInvalid }) => focusFirstInvalid(formRef.current));
          })}
          onFocus={billResolver.preload}
          onPointerDown={billResolver.preload}
          noValidate
          aria-label={`Bill of lading ${bill.number}`}
        >
          <Stack gap="md">
            {isLocked && (
              <PlainAlert color="blue" title={`This bill is ${bill.status.toLowerCase()}`}>
                {BL_MESSAGES.locked}
              </PlainAlert>
            )}
            {isViewOnly && !isLocked && (
              <PlainAlert color="blue" title="View only">
                Your account can view this bill of lading but not change it.
              </PlainAlert>
            )}
            {bill.status === 'DRAFT' && bill.reviewComment && (
              <PlainAlert color="orange" title="Returned by the carrier">
                {bill.reviewComment}
              </PlainAlert>
            )}
            {problem === 'stale' && (
              <PlainAlert color="red" title="Someone else changed this bill" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {BL_MESSAGES.stale} Your changes are still on the screen; reloading replaces them.
                  </Text>
                  <Button size="xs" variant="white" color="red" onClick={onReload}>
                    Reload the latest version
                  </Button>
                </Stack>
              </PlainAlert>
            )}
            {problem === 'locked' && (
              <PlainAlert color="red" role="alert">
                {BL_MESSAGES.locked}
              </PlainAlert>
            )}
            {problem === 'cut-off' && cutOff && (
              <Suspense
                fallback={
                  <PlainAlert
                    color="red"
                    role="alert"
                    title="The bill was not saved: the deadline has passed"
                  />
                }
              >
                <CutOffRefusal billId={bill.id} error={cutOff} />
              </Suspense>
            )}
            {problem === 'rejected' && (
              <PlainAlert color="red" role="alert" title="The bill was not saved">
                The server refused some of the values. Please check the marked fields and try again.
              </PlainAlert>
            )}

            <PrimaryDetails bill={bill} />

            <PlainGrid cols={{ base: 1, md: 2 }}>
              <Party
                title="Shipper"
                partyName={bill.shipperName}
                mail={bill.shipperMailId}
                address={bill.shipperAddress}
                nameField="shipperNameInBl"
                phoneField="shipperPhoneNumber"
              />
              <Party
                title="Consignee"
                partyName={bill.consigneeName}
                mail={bill.consigneeMailId}
                address={bill.consigneeAddress}
                nameField="consigneeNameInBl"
                phoneField="consigneePhoneNumber"
              />
            </PlainGrid>

            {revealed >= 1 && (
              <>
                <CheckboxField<FormValues>
                  name="haveNotifyParty"
                  label="Add Notify Party"
                  errorDisplay="hidden"
                />
                {haveNotifyParty && (
                  <PlainGrid cols={{ base: 1, md: 2 }}>
                    <NotifyParty which="notifyParty1" />
                    <NotifyParty which="notifyParty2" />
                  </PlainGrid>
                )}
              </>
            )}

            {revealed >= 2 && (
              <Containers packageTypes={packageTypes} declared={declared} bookingId={bill.bookingId} />
            )}
            {revealed >= 3 && <Cargo hsCodes={hsCodes} packageTypes={packageTypes} />}
            {revealed >= 4 && <Descriptions />}

            {revealed >= 5 && <Totals />}

            {revealed >= 5 && !readOnly && (
              <div className={classes.actions}>
                {/* One line kept for the count, so the buttons never move under the pointer when it appears. */}
                <Text size="sm" c="red.9" role="status" className={classes.status}>
                  {formState.isSubmitted && errorCount > 0
                    ? `${errorCount} field${errorCount === 1 ? ' needs' : 's need'} attention (marked in red).`
                    : ''}
                </Text>
                <Group gap="sm" wrap="nowrap" className={classes.buttons}>
                  <Button variant="default" onClick={() => (hasEdits ? setConfirmClear(true) : clear())}>
                    Clear
                  </Button>
                  <Button type="submit" loading={update.isPending}>
                    Submit
                  </Button>
                </Group>
              </div>
            )}
          </Stack>
        </form>
        <ConfirmDialog
          opened={confirmClear}
          title={`Clear your changes to ${bill.number}?`}
          confirmLabel="Clear changes"
          color="#c92a2a"
          onConfirm={() => {
            clear();
            toast.success('Your changes were cleared: the form shows the bill as last saved.');
          }}
          onClose={() => setConfirmClear(false)}
        >
          What you typed since the bill was last saved is lost; the form goes back to the saved bill.
        </ConfirmDialog>
      </FormProvider>
    </FormOptions.Provider>
  );
}
