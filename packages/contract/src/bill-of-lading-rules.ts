// The bills of lading's rules and constants, free of zod: what the web's screens import (statuses, messages, the
// totals, the form's pre-fill, the warnings), so a screen's first load carries neither zod nor the schemas.
// bills-of-lading.ts holds the schemas (and the form's field messages) and re-exports all of this; a save's payload
// is in bill-of-lading-save.ts.
import type {
  BillOfLading,
  BillOfLadingForm,
  CargoForm,
  ContainerForm,
  NotifyPartyDetail,
  NotifyPartyForm,
} from './bills-of-lading';
import { roundDecimalText, sumRounded2, toScaledInteger } from './decimal';
import type { BlStatus } from './status-codes';

export const DCSA_TRANSPORT_DOCUMENT_STATUS: Record<BlStatus, string> = {
  DRAFT: 'DRAFT',
  'UPDATE PENDING': 'DRAFT',
  APPROVED: 'APPROVED',
  ISSUED: 'ISSUED',
  SURRENDERED: 'SURRENDERED_FOR_DELIVERY',
};
/** A customer may edit while the carrier has not approved or issued the bill. */
export const EDITABLE_STATUSES: readonly BlStatus[] = ['DRAFT', 'UPDATE PENDING', 'APPROVED'];
export const LOCKED_STATUSES: readonly BlStatus[] = ['ISSUED', 'SURRENDERED'];

export const VGM_METHODS = ['Method 1', 'Method 2'] as const;
export const MAX_NOTIFY_PARTIES = 2;

export const BL_MESSAGES = {
  saveInvalid: 'Please Fill All required Fields',
  saveSuccess: 'Bl Updated Successfully',
  noContainers: 'Container Not Allocated !',
  locked: 'This bill of lading has been issued and can no longer be changed.',
  stale:
    'This bill of lading was changed by someone else since you opened it. Reload it to see the latest version.',
} as const;

// ---- numbers ---------------------------------------------------------------------------------------------------

type Amount = number | string | null | undefined;

/**
 * The save computations of specification section 5, exact: every value is first rounded to 2 decimals (half up on
 * the decimal as typed), then summed in whole hundredths, so a bill's totals always equal the sum of its stored rows.
 */
export function computeBillTotals(
  containers: readonly { cargoGrossWeight: Amount; tareWeight: Amount; measurement: Amount }[],
) {
  return {
    netWeight: sumRounded2(containers.map((c) => c.cargoGrossWeight)),
    grossWeight: sumRounded2(containers.flatMap((c) => [c.cargoGrossWeight, c.tareWeight])),
    measurement: sumRounded2(containers.map((c) => c.measurement)),
  };
}

export const emptyNotifyParty = (): NotifyPartyForm => ({
  party: null,
  name: '',
  email: '',
  phone: '',
  address: '',
});
export const emptyCargoRow = (): CargoForm => ({
  commodity: '',
  hsnCode: null,
  hsnCodeValue: '',
  packageType: null,
  packageDetails: '',
});

function notifyPartyForm(detail: NotifyPartyDetail | undefined): NotifyPartyForm {
  if (!detail) return emptyNotifyParty();
  return {
    party: detail.party ? { id: detail.party, name: detail.partyName ?? '' } : null,
    name: detail.partyNameInBl ?? '',
    email: detail.email ?? '',
    phone: detail.mobile ?? '',
    address: detail.address ?? '',
  };
}

/** A stored amount as the form's decimal text, 2 decimals ("" when empty). */
const amountText = (value: number | null) => (value === null ? '' : (roundDecimalText(value) ?? ''));

/**
 * Pre-fill (specification section 4): shipper and consignee names default to the name in BL if present, otherwise
 * the party name; notify parties tick the checkbox; no cargo rows means one empty row.
 */
export function prefillBillForm(bill: BillOfLading): BillOfLadingForm {
  const [first, second] = bill.blNotifyPartyDetails;
  return {
    shipperNameInBl: bill.shipperNameInBl || bill.shipperName || '',
    shipperPhoneNumber: bill.shipperPhoneNo ?? '',
    consigneeNameInBl: bill.consigneeNameInBl || bill.consigneeName || '',
    consigneePhoneNumber: bill.consigneePhoneNo ?? '',
    haveNotifyParty: bill.blNotifyPartyDetails.length > 0,
    notifyParty1: notifyPartyForm(first),
    notifyParty2: notifyPartyForm(second),
    containers: bill.blContainerDetails.map((c) => ({
      containerId: c.containerId,
      containerNumber: c.containerNumber,
      containerType: c.containerNickname,
      tareWeight: c.containerTareweight,
      sealNumber: c.sealNo ?? '',
      packageType: c.packageTypeId,
      numberOfPackage: c.noOfPacks,
      cargoGrossWeight: amountText(c.grossWeight),
      measurement: amountText(c.measurement),
      vgm: amountText(c.vgm),
      vgmMethod: c.vgmMethod ?? '',
    })),
    cargoDetails:
      bill.blCargoDetails.length > 0
        ? bill.blCargoDetails.map((c) => ({
            commodity: c.commodity ?? '',
            hsnCode: c.hsnCode,
            hsnCodeValue: c.hsnCodeValue ?? '',
            packageType: c.packageType,
            packageDetails: c.packageDetails ?? '',
          }))
        : [emptyCargoRow()],
    descriptionOfGoods: bill.description ?? '',
    marksAndNosL: bill.marksAndNos ?? '',
  };
}

// ---- warnings (advice, never blocking) ------------------------------------------------------------------------

/** ISO 6346: owner code (3 letters), category (U, J or Z), 6-digit serial; then the check digit. */
const ISO_6346 = /^[A-Z]{3}[UJZ]\d{6}$/;
/** ISO 6346's character values: digits their own, letters from 10 up, skipping 11, 22 and 33 (the `.`s). */
const ISO_6346_VALUES = '0123456789A.BCDEFGHIJK.LMNOPQRSTU.VWXYZ';

/**
 * The check digit of owner code + category + serial (ten characters): each character's value times 2 to the power of
 * its position, summed, modulo 11 (a remainder of 10 gives 0). Null when the ten characters are not that.
 */
function checkDigit(firstTen: string): number | null {
  if (!ISO_6346.test(firstTen)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += ISO_6346_VALUES.indexOf(firstTen[i]!) * 2 ** i;
  return (sum % 11) % 10;
}

/**
 * A container number as people write it ("MSCU 123456-5", "mscu 123456 5"): upper case, with the spaces and dashes
 * dropped, so the check digit written after a dash stays the eleventh character (issue 28).
 */
export function normalizeContainerNumber(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-\u2010-\u2015]/g, '');
}

/** ISO 6346: owner code (3 letters), category (U, J or Z), 6-digit serial, check digit. */
/**
 * How the OpenAPI document states a container number field: ISO 6346 (4 letters, 6 digits, a check digit), written
 * with or without spaces and dashes; `x-check-digit: iso6346` says the last digit is checked.
 */
export const ISO_6346_DOC = {
  description:
    'An ISO 6346 container number (MSCU1234566), spaces and dashes allowed; the last digit is checked.',
  'x-check-digit': 'iso6346',
} as const;

export function isValidContainerNumber(containerNumber: string): boolean {
  const text = containerNumber.trim().toUpperCase();
  return text.length === 11 && checkDigit(text.slice(0, 10)) === Number(text[10]);
}

export const VGM_TOLERANCE = 0.05;

type Weight = number | string | null | undefined;
const scaled = (value: Weight) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? null
    : toScaledInteger(value);

/**
 * The VGM and cargo gross + tare, in hundredths of a kg (each value rounded half up to hundredths first), when the VGM
 * is more than 5 % (VGM_TOLERANCE) away from it; null when within 5 % or a weight is not known yet. Exact. The VGM
 * warning's message (`vgmMismatch` in vgm.ts) is built from it; the bill's edit screen only asks whether it is null.
 */
export function vgmOffExpected(weights: { vgm: Weight; cargoGrossWeight: Weight; tareWeight: Weight }): {
  vgm: bigint;
  expected: bigint;
} | null {
  const vgm = scaled(weights.vgm);
  const cargo = scaled(weights.cargoGrossWeight);
  if (vgm === null || cargo === null) return null;
  const expected = cargo + (scaled(weights.tareWeight) ?? 0n);
  if (expected <= 0n) return null;
  const difference = vgm > expected ? vgm - expected : expected - vgm;
  // |vgm - expected| / expected > 5 %  <=>  20 * |vgm - expected| > expected
  return difference * 20n > expected ? { vgm, expected } : null;
}

/** The declared VGM should be cargo gross + tare; true when it differs by more than 5 %. Exact, in hundredths. */
export function isVgmOffExpected(
  container: Pick<ContainerForm, 'vgm' | 'cargoGrossWeight' | 'tareWeight'>,
): boolean {
  return vgmOffExpected(container) !== null;
}

/** Package counts on containers vs the count stated in cargo rows' package details (when it starts with a number). */
export function packageCountMismatch(
  form: Pick<BillOfLadingForm, 'containers' | 'cargoDetails'>,
): { containers: number; cargo: number } | null {
  if (form.containers.length === 0) return null;
  const containers = form.containers.reduce((sum, c) => sum + (c.numberOfPackage ?? 0), 0);
  let cargo = 0;
  for (const row of form.cargoDetails) {
    const match = /^\s*(\d[\d,]*)/.exec(row.packageDetails);
    if (!match) return null;
    cargo += Number(match[1]!.replaceAll(',', ''));
  }
  return containers === cargo ? null : { containers, cargo };
}

/** The eleventh character of a container number (ISO 6346) for owner code + category + 6-digit serial. */
export function withCheckDigit(firstTen: string): string {
  const digit = checkDigit(firstTen);
  if (digit === null) throw new Error(`${firstTen} is not an ISO 6346 owner code, category and serial`);
  return `${firstTen}${digit}`;
}

// ---- what a customer edits, for history and review --------------------------------------------------------------

/** The part of a bill a customer edits: what history records and the reviewer compares. */
export function editableContent(bill: BillOfLading) {
  return {
    shipperNameInBl: bill.shipperNameInBl,
    shipperPhoneNo: bill.shipperPhoneNo,
    consigneeNameInBl: bill.consigneeNameInBl,
    consigneePhoneNo: bill.consigneePhoneNo,
    description: bill.description,
    marksAndNos: bill.marksAndNos,
    notifyParties: bill.blNotifyPartyDetails.map((p) => ({
      party: p.partyName,
      nameInBl: p.partyNameInBl,
      mobile: p.mobile,
      email: p.email,
      address: p.address,
    })),
    containers: bill.blContainerDetails.map((c) => ({
      container: c.containerNumber,
      sealNo: c.sealNo,
      packageType: c.packageTypeName,
      noOfPacks: c.noOfPacks,
      grossWeight: c.grossWeight,
      measurement: c.measurement,
      vgm: c.vgm,
      vgmMethod: c.vgmMethod,
    })),
    cargo: bill.blCargoDetails.map((c) => ({
      hsCode: c.hsnCodeValue,
      commodity: c.commodity,
      packageType: c.packageTypeName,
      packageDetails: c.packageDetails,
    })),
    totals: { netWeight: bill.netWeight, grossWeight: bill.grossWeight, measurement: bill.measurement },
  };
}
export type EditableContent = ReturnType<typeof editableContent>;
export type FieldChange = { field: string; before: unknown; after: unknown };

function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${prefix}[${index + 1}]`, out);
    if (value.length === 0) out.set(prefix, null);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value ?? null);
  }
}

/** Field-by-field differences, paths like `containers[2].sealNo`; rows added or removed show as null on one side. */
export function diffContent(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before ?? {}, '', a);
  flatten(after ?? {}, '', b);
  const changes: FieldChange[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(field) ?? null;
    const y = b.get(field) ?? null;
    if (x !== y) changes.push({ field, before: x, after: y });
  }
  return changes;
}
