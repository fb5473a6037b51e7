// A save of the bill's edit form, free of zod: the PUT body built from the form, and the form cell each field of a
// server 400 belongs to. Apart from bill-of-lading-rules.ts, because only a save needs them: the web fetches them with
// the form's resolver once the user reaches the form, off bl_view's first load. bills-of-lading.ts re-exports them.
import { computeBillTotals, type VGM_METHODS } from './bill-of-lading-rules';
import type {
  BillOfLading,
  BillOfLadingForm,
  NotifyPartyForm,
  UpdateBillOfLadingBody,
} from './bills-of-lading';
import { roundDecimalText } from './decimal';

const isNotifyPartyChosen = (p: NotifyPartyForm) => p.party !== null;
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** The notify parties a save sends: those with a company or a name, in order (at most two). */
const sentNotifyParties = (form: BillOfLadingForm) =>
  form.haveNotifyParty
    ? (['notifyParty1', 'notifyParty2'] as const).filter(
        (key) => isNotifyPartyChosen(form[key]) || form[key].name.trim() !== '',
      )
    : [];
/** A typed amount rounded to 2 decimals on its decimal text, as a JSON number. */
const amount = (value: string) => Number(roundDecimalText(value) ?? Number.NaN);

/** Builds the PUT body from the form (specification section 3 "Sent" shapes and section 5 computations). */
export function toUpdatePayload(bill: BillOfLading, form: BillOfLadingForm): UpdateBillOfLadingBody {
  const chosen = sentNotifyParties(form).map((key) => form[key]);
  const anyChosen = form.haveNotifyParty && [form.notifyParty1, form.notifyParty2].some(isNotifyPartyChosen);
  const totals = computeBillTotals(form.containers);
  return {
    version: bill.version,
    status: 'UPDATE PENDING',
    shipperNameInBl: form.shipperNameInBl.trim(),
    shipperPhoneNo: form.shipperPhoneNumber.trim(),
    consigneeNameInBl: form.consigneeNameInBl.trim(),
    consigneePhoneNo: form.consigneePhoneNumber.trim(),
    description: form.descriptionOfGoods.trim(),
    marksAndNos: form.marksAndNosL.trim(),
    isNotifyPartyChanged: anyChosen,
    isNotifyPartyAdded: anyChosen,
    ...totals,
    blNotifyPartyDetails: chosen.map((p) => ({
      partyId: p.party?.id ?? null,
      isNonParty: false,
      nonParty: '',
      partyNameInBl: blankToNull(p.name),
      address: blankToNull(p.address),
      mobile: blankToNull(p.phone),
      email: blankToNull(p.email),
    })),
    blContainerDetails: form.containers.map((c) => ({
      blId: bill.id,
      containerId: c.containerId,
      sealNo: blankToNull(c.sealNumber),
      noOfPacks: c.numberOfPackage as number,
      packageTypeId: c.packageType as number,
      netWeight: amount(c.cargoGrossWeight),
      netWeightUnit: 'KG',
      grossWeight: amount(c.cargoGrossWeight),
      grossWeightUnit: 'KG',
      measurement: amount(c.measurement),
      vgm: amount(c.vgm),
      vgmMethod: c.vgmMethod as (typeof VGM_METHODS)[number],
    })),
    blCargoDetails: form.cargoDetails.map((c) => ({
      blId: bill.id,
      hsnCode: c.hsnCode as number,
      hsnCodeAddOn: null,
      commodity: c.commodity.trim(),
      packageTypeId: c.packageType as number,
      packageDetails: c.packageDetails.trim(),
    })),
  };
}

const SENT_TO_FORM: Record<string, string> = {
  shipperNameInBl: 'shipperNameInBl',
  shipperPhoneNo: 'shipperPhoneNumber',
  consigneeNameInBl: 'consigneeNameInBl',
  consigneePhoneNo: 'consigneePhoneNumber',
  description: 'descriptionOfGoods',
  marksAndNos: 'marksAndNosL',
};
const CONTAINER_TO_FORM: Record<string, string> = {
  sealNo: 'sealNumber',
  noOfPacks: 'numberOfPackage',
  packageTypeId: 'packageType',
  grossWeight: 'cargoGrossWeight',
  netWeight: 'cargoGrossWeight',
  measurement: 'measurement',
  vgm: 'vgm',
  vgmMethod: 'vgmMethod',
};
const CARGO_TO_FORM: Record<string, string> = {
  hsnCode: 'commodity',
  commodity: 'commodity',
  packageTypeId: 'packageType',
  packageDetails: 'packageDetails',
};
const NOTIFY_TO_FORM: Record<string, string> = {
  partyId: 'party',
  partyNameInBl: 'name',
  address: 'address',
  mobile: 'phone',
  email: 'email',
};

/**
 * The form cell a field of a server 400 (`error.fields`, paths of the sent shape such as `blContainerDetails.2.vgm`)
 * belongs to, or null when the form has no such cell. Notify parties are matched through the rows the save sent.
 */
export function formFieldOfSentField(sentField: string, form: BillOfLadingForm): string | null {
  const [head, index, key] = sentField.split('.');
  if (index === undefined) return SENT_TO_FORM[head ?? ''] ?? null;
  const row = Number(index);
  if (!Number.isInteger(row) || key === undefined) return null;
  if (head === 'blContainerDetails' && CONTAINER_TO_FORM[key] && row < form.containers.length)
    return `containers.${row}.${CONTAINER_TO_FORM[key]}`;
  if (head === 'blCargoDetails' && CARGO_TO_FORM[key] && row < form.cargoDetails.length)
    return `cargoDetails.${row}.${CARGO_TO_FORM[key]}`;
  const party = sentNotifyParties(form)[row];
  if (head === 'blNotifyPartyDetails' && party && NOTIFY_TO_FORM[key])
    return `${party}.${NOTIFY_TO_FORM[key]}`;
  return null;
}
