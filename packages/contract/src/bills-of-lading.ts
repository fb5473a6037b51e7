import ContainerValidator from 'container-validator';
import { z } from 'zod';
import { decimalText, roundDecimalText, sumRounded2, toScaledInteger } from './decimal';
import { idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { BL_SORT_FIELDS, BL_STATUSES, type BlStatus } from './status-codes';

// ---- statuses --------------------------------------------------------------------------------------------------

// BL_STATUSES (ours, each mapped to DCSA eBL 3.0.3 transportDocumentStatus) and BL_SORT_FIELDS live in
// status-codes.ts, free of zod for the web's shell.
export { BL_SORT_FIELDS, BL_STATUSES, type BlStatus } from './status-codes';
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

// ---- read shape (specification section 3) ----------------------------------------------------------------------

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();

export const NotifyPartyDetailSchema = z.object({
  party: z.number().int().nullable(),
  partyName: nullableText,
  partyNameInBl: nullableText,
  mobile: nullableText,
  address: nullableText,
  email: nullableText,
});
export type NotifyPartyDetail = z.infer<typeof NotifyPartyDetailSchema>;

export const ContainerDetailSchema = z.object({
  containerId: z.number().int(),
  containerNumber: z.string(),
  containerNickname: z.string(),
  containerIsoCode: z.string(),
  containerTareweight: nullableNumber,
  sealNo: nullableText,
  noOfPacks: nullableNumber,
  grossWeight: nullableNumber,
  measurement: nullableNumber,
  vgm: nullableNumber,
  vgmMethod: nullableText,
  packageTypeId: z.number().int().nullable(),
  packageTypeName: nullableText,
  grossWeightUnitId: z.string(),
});
export type ContainerDetail = z.infer<typeof ContainerDetailSchema>;

export const CargoDetailSchema = z.object({
  /** The HS code's id: what the sent shape's hsnCode carries (specification section 3). */
  hsnCode: z.number().int().nullable(),
  /** The HS code's digits (6 or 8), for display. */
  hsnCodeValue: nullableText,
  commodity: nullableText,
  packageType: z.number().int().nullable(),
  packageTypeName: nullableText,
  packageDetails: nullableText,
});
export type CargoDetail = z.infer<typeof CargoDetailSchema>;

export const BillOfLadingSchema = z.object({
  id: z.number().int(),
  createdById: z.number().int(),
  number: z.string(),
  billOfLadingNumber: z.string(),
  billOfLadingId: z.number().int(),
  status: z.enum(BL_STATUSES),
  dcsaStatus: z.string(),
  version: z.number().int(),
  issuedBy: nullableText,
  issuedOn: nullableText,
  deliveryAgent: nullableText,
  releasedAt: nullableText,
  isBlSurrendered: z.boolean(),
  surrenderedOn: nullableText,
  surrenderedAt: nullableText,
  surrenderedBy: nullableText,
  shippedOnBoardDate: nullableText,
  paymentMethod: nullableText,
  blDate: nullableText,
  blType: nullableText,
  loadDischargeTerms: nullableText,
  loadType: nullableText,
  dischargeType: nullableText,
  noOfOriginals: z.number().int(),
  noOfOriginalsPrinted: z.number().int(),
  noOfCopies: z.number().int(),
  noOfCopiesPrinted: z.number().int(),
  noOfDraftPrinted: z.number().int(),
  cargoCategory: nullableText,
  bookingId: z.number().int().nullable(),
  bookingNumber: nullableText,
  polId: z.number().int().nullable(),
  polCode: nullableText,
  polName: nullableText,
  podId: z.number().int().nullable(),
  podCode: nullableText,
  podName: nullableText,
  vesselName: nullableText,
  voyageNumber: nullableText,
  issuingOffice: nullableText,
  shipperId: z.number().int().nullable(),
  shipperName: nullableText,
  shipperNameInBl: nullableText,
  shipperAddress: nullableText,
  shipperMailId: nullableText,
  shipperPhoneNo: nullableText,
  consigneeId: z.number().int().nullable(),
  consigneeName: nullableText,
  consigneeNameInBl: nullableText,
  consigneeAddress: nullableText,
  consigneeMailId: nullableText,
  consigneePhoneNo: nullableText,
  weightUnitInBl: z.string(),
  description: nullableText,
  surrenderRemark: nullableText,
  marksAndNos: nullableText,
  noOfPacks: nullableNumber,
  totalContainers: z.number().int(),
  netWeight: nullableNumber,
  netWeightUnit: z.string(),
  grossWeight: nullableNumber,
  grossWeightUnit: z.string(),
  measurement: nullableNumber,
  saidToContain: nullableText,
  shipperLoadAndStowCount: z.boolean(),
  oneDoorOpenContainer: z.boolean(),
  docsStatus: nullableText,
  hideTareWeight: z.boolean(),
  hideTotalWeight: z.boolean(),
  hideCbm: z.boolean(),
  isIssued: z.boolean(),
  reviewComment: nullableText,
  updatedAt: z.string(),
  blNotifyPartyDetails: z.array(NotifyPartyDetailSchema),
  blContainerDetails: z.array(ContainerDetailSchema),
  blCargoDetails: z.array(CargoDetailSchema),
});
export type BillOfLading = z.infer<typeof BillOfLadingSchema>;

/** A row of the BL list. */
export const BillOfLadingListItemSchema = BillOfLadingSchema.pick({
  id: true,
  number: true,
  status: true,
  dcsaStatus: true,
  blDate: true,
  bookingId: true,
  bookingNumber: true,
  polId: true,
  polCode: true,
  polName: true,
  podId: true,
  podCode: true,
  podName: true,
  vesselName: true,
  voyageNumber: true,
  shipperName: true,
  consigneeName: true,
  totalContainers: true,
  createdById: true,
  updatedAt: true,
  version: true,
});
export type BillOfLadingListItem = z.infer<typeof BillOfLadingListItemSchema>;

export const BL_LIST_MAX = 100;
export const BL_COUNT_MAX = 10_000;

const optionalId = queryIdSchema.optional();
/** Empty parameters mean no filter (the specification's client sends unset filters as `pol_id=`). */
export const BillOfLadingListQuerySchema = listQuerySchema({
  pol_id: optionalId,
  pod_id: optionalId,
  bl_number: z.string().trim().max(40).optional(),
  booking_number: z.string().trim().max(40).optional(),
  status: z.enum(BL_STATUSES).optional(),
  created_by_id: optionalId,
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(BL_COUNT_MAX).default(10),
  sort: z.enum(BL_SORT_FIELDS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type BillOfLadingListQuery = z.infer<typeof BillOfLadingListQuerySchema>;
export const BillOfLadingListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(BillOfLadingListItemSchema),
});
export type BillOfLadingListResponse = z.infer<typeof BillOfLadingListResponseSchema>;

// ---- sent shape (specification section 3) ---------------------------------------------------------------------

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 4000;
const required = (max = TEXT_MAX) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max = TEXT_MAX) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullable().optional();
const measure = z
  .number({ message: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(1e9, 'is too large');
/** Digits, spaces and + - ( ) only; 6 to 20 characters. */
export const BL_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
const phone = z
  .string()
  .trim()
  .regex(BL_PHONE_PATTERN, 'must be a phone number (digits, optionally starting with +)');

export const NotifyPartySentSchema = z.object({
  partyId: idSchema().nullable(),
  isNonParty: z.literal(false).default(false),
  nonParty: z.literal('').default(''),
  partyNameInBl: optionalText(),
  address: optionalText(500),
  mobile: z.union([phone, z.literal(''), z.null()]).optional(),
  email: z.union([z.email('must be an e-mail address').max(254), z.literal(''), z.null()]).optional(),
});
export type NotifyPartySent = z.infer<typeof NotifyPartySentSchema>;

export const ContainerSentSchema = z.object({
  blId: idSchema(),
  containerId: idSchema(),
  sealNo: optionalText(40),
  noOfPacks: z
    .number({ message: 'is required' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1e7),
  packageTypeId: idSchema(),
  netWeight: measure.nullable().optional(),
  netWeightUnit: z.string().max(10).optional(),
  grossWeight: measure,
  grossWeightUnit: z.string().max(10).optional(),
  measurement: measure,
  vgm: measure,
  vgmMethod: z.enum(VGM_METHODS, { message: 'must be Method 1 or Method 2' }),
});
export type ContainerSent = z.infer<typeof ContainerSentSchema>;

export const CargoSentSchema = z.object({
  blId: idSchema(),
  hsnCode: idSchema(),
  hsnCodeAddOn: z.null().optional(),
  commodity: required(500),
  packageTypeId: idSchema(),
  packageDetails: required(500),
});
export type CargoSent = z.infer<typeof CargoSentSchema>;

/**
 * PUT cp/bill-of-ladings/{id}/: the editable fields, the sent shapes of the lists, and the version the edit was
 * based on. A client may send the rest of the read object back too: those fields are read-only and the server
 * refuses a change to them (it never applies them). Totals sent by the client are ignored and recomputed.
 */
export const UpdateBillOfLadingBodySchema = z.looseObject({
  version: versionSchema.optional(),
  status: z.literal('UPDATE PENDING').optional(),
  shipperNameInBl: required(),
  shipperPhoneNo: phone,
  consigneeNameInBl: required(),
  consigneePhoneNo: phone,
  description: required(LONG_TEXT_MAX),
  marksAndNos: required(LONG_TEXT_MAX),
  isNotifyPartyChanged: z.boolean().optional(),
  isNotifyPartyAdded: z.boolean().optional(),
  netWeight: z.number().nullable().optional(),
  grossWeight: z.number().nullable().optional(),
  measurement: z.number().nullable().optional(),
  blNotifyPartyDetails: z
    .array(NotifyPartySentSchema)
    .max(MAX_NOTIFY_PARTIES, `at most ${MAX_NOTIFY_PARTIES} notify parties`),
  blContainerDetails: z.array(ContainerSentSchema).max(500),
  blCargoDetails: z.array(CargoSentSchema).min(1, 'needs at least one cargo row').max(100),
});
export type UpdateBillOfLadingBody = z.infer<typeof UpdateBillOfLadingBodySchema>;

/** Fields of the read shape a customer may not change through PUT (sending them unchanged is fine). */
export const READ_ONLY_FIELDS = [
  'id',
  'createdById',
  'number',
  'billOfLadingNumber',
  'billOfLadingId',
  'issuedBy',
  'issuedOn',
  'deliveryAgent',
  'releasedAt',
  'isBlSurrendered',
  'surrenderedOn',
  'surrenderedAt',
  'surrenderedBy',
  'shippedOnBoardDate',
  'paymentMethod',
  'blDate',
  'blType',
  'loadDischargeTerms',
  'loadType',
  'dischargeType',
  'noOfOriginals',
  'noOfOriginalsPrinted',
  'noOfCopies',
  'noOfCopiesPrinted',
  'noOfDraftPrinted',
  'cargoCategory',
  'bookingId',
  'bookingNumber',
  'polId',
  'podId',
  'vesselName',
  'voyageNumber',
  'shipperId',
  'shipperName',
  'shipperAddress',
  'shipperMailId',
  'consigneeId',
  'consigneeName',
  'consigneeAddress',
  'consigneeMailId',
  'weightUnitInBl',
  'totalContainers',
  'docsStatus',
  'hideTareWeight',
  'hideTotalWeight',
  'hideCbm',
  'isIssued',
] as const;

// ---- the edit form (specification section 3, "BL edit form fields"; rules of section 5) --------------------------

/** Field messages of the edit form. The specification names only the toasts (BL_MESSAGES); these are ours. */
export const BL_FORM_MESSAGES = {
  required: 'Required',
  phone: 'Enter a phone number',
  email: 'Enter an e-mail address',
  number: 'Enter a number',
  notNegative: 'Must be 0 or more',
  tooLarge: 'Too large',
  wholeNumber: 'Enter a whole number',
  commodity: 'Pick a commodity with a 6- or 8-digit HS code',
  notifyParty: 'Pick a company or give the name in BL',
  tooLong: (max: number) => `At most ${max} characters`,
} as const;

/** Commodities are HS subheadings (6 digits) or national tariff lines (8 digits), never chapters or headings. */
export const HS_COMMODITY_PATTERN = /^\d{6}(\d{2})?$/;
export const MEASURE_MAX = 1e9;

const M = BL_FORM_MESSAGES;
const formText = (max = TEXT_MAX) => z.string().max(max, M.tooLong(max));
const requiredFormText = (max = TEXT_MAX) => formText(max).refine((v) => v.trim() !== '', M.required);
const requiredFormPhone = z
  .string()
  .refine((v) => v.trim() !== '', M.required)
  .refine((v) => v.trim() === '' || BL_PHONE_PATTERN.test(v.trim()), M.phone);
const pickedId = z
  .number()
  .int()
  .nullable()
  .refine((v) => v !== null, M.required);

/** A weight, measurement or VGM as typed (decimal text): required, a number, 0 or more, at most 1e9. */
const decimalInput = z.string().superRefine((value, ctx) => {
  const text = value.trim() === '' ? null : decimalText(value);
  const message =
    value.trim() === ''
      ? M.required
      : text === null
        ? M.number
        : text.startsWith('-')
          ? M.notNegative
          : Number(text) > MEASURE_MAX
            ? M.tooLarge
            : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const NotifyPartyFormSchema = z.object({
  party: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: formText(),
  email: z.string().max(254, M.tooLong(254)),
  phone: z.string(),
  address: formText(500),
});
/** The values the form holds (before the schema's checks). */
export type NotifyPartyForm = z.input<typeof NotifyPartyFormSchema>;

export const ContainerFormSchema = z.object({
  containerId: z.number().int(),
  containerNumber: z.string(),
  containerType: z.string(),
  tareWeight: z.number().nullable(),
  sealNumber: formText(40),
  packageType: pickedId,
  numberOfPackage: z
    .number()
    .nullable()
    .superRefine((value, ctx) => {
      const message =
        value === null || Number.isNaN(value)
          ? M.required
          : !Number.isInteger(value)
            ? M.wholeNumber
            : value < 0
              ? M.notNegative
              : value > 1e7
                ? M.tooLarge
                : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  /** Weights, measurement and VGM are kept as the decimal the user typed and rounded half up on it. */
  cargoGrossWeight: decimalInput,
  measurement: decimalInput,
  vgm: decimalInput,
  vgmMethod: z.string().refine((v) => (VGM_METHODS as readonly string[]).includes(v), M.required),
});
/** The values the form holds (before the schema's checks). */
export type ContainerForm = z.input<typeof ContainerFormSchema>;

export const CargoFormSchema = z
  .object({
    commodity: requiredFormText(500),
    hsnCode: pickedId,
    /** The picked HS code's digits, shown beside the commodity. */
    hsnCodeValue: z.string(),
    packageType: pickedId,
    packageDetails: requiredFormText(500),
  })
  .superRefine((row, ctx) => {
    if (row.hsnCode !== null && !HS_COMMODITY_PATTERN.test(row.hsnCodeValue))
      ctx.addIssue({ code: 'custom', path: ['commodity'], message: M.commodity });
  });
/** The values the form holds (before the schema's checks). */
export type CargoForm = z.input<typeof CargoFormSchema>;

/**
 * The edit form's one rule set (specification section 5), used by the screen through zodResolver: the six required
 * fields; per container package type, number of packages, cargo gross weight, measurement, VGM and VGM method; per
 * cargo row commodity (with its HS code), package type and package details. Notify parties are optional; once the
 * box is ticked, e-mails and phones that are given must look right, and a party needs a company or a name.
 */
export const BillOfLadingFormSchema = z
  .object({
    shipperNameInBl: requiredFormText(),
    shipperPhoneNumber: requiredFormPhone,
    consigneeNameInBl: requiredFormText(),
    consigneePhoneNumber: requiredFormPhone,
    haveNotifyParty: z.boolean(),
    notifyParty1: NotifyPartyFormSchema,
    notifyParty2: NotifyPartyFormSchema,
    containers: z.array(ContainerFormSchema),
    cargoDetails: z.array(CargoFormSchema).min(1),
    descriptionOfGoods: requiredFormText(LONG_TEXT_MAX),
    marksAndNosL: requiredFormText(LONG_TEXT_MAX),
  })
  .superRefine((form, ctx) => {
    if (!form.haveNotifyParty) return;
    for (const key of ['notifyParty1', 'notifyParty2'] as const) {
      const party = form[key];
      const email = party.email.trim();
      const phoneText = party.phone.trim();
      if (email !== '' && !z.email().safeParse(email).success)
        ctx.addIssue({ code: 'custom', path: [key, 'email'], message: M.email });
      if (phoneText !== '' && !BL_PHONE_PATTERN.test(phoneText))
        ctx.addIssue({ code: 'custom', path: [key, 'phone'], message: M.phone });
      const started = email !== '' || phoneText !== '' || party.address.trim() !== '';
      if (started && party.party === null && party.name.trim() === '')
        ctx.addIssue({ code: 'custom', path: [key, 'party'], message: M.notifyParty });
    }
  });
/** The values the form holds (before the schema's checks). */
export type BillOfLadingForm = z.input<typeof BillOfLadingFormSchema>;

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

// ---- warnings (advice, never blocking) ------------------------------------------------------------------------

const validator = new ContainerValidator();

/** ISO 6346: owner code (3 letters), category (U, J or Z), 6-digit serial, check digit. */
export function isValidContainerNumber(containerNumber: string): boolean {
  return validator.isValid(containerNumber.trim().toUpperCase());
}

export const VGM_TOLERANCE = 0.05;

/** The declared VGM should be cargo gross + tare; true when it differs by more than 5 %. Exact, in hundredths. */
export function isVgmOffExpected(
  container: Pick<ContainerForm, 'vgm' | 'cargoGrossWeight' | 'tareWeight'>,
): boolean {
  const vgm = container.vgm.trim() === '' ? null : toScaledInteger(container.vgm);
  const cargo = container.cargoGrossWeight.trim() === '' ? null : toScaledInteger(container.cargoGrossWeight);
  if (vgm === null || cargo === null) return false;
  const expected =
    cargo + (container.tareWeight === null ? 0n : (toScaledInteger(container.tareWeight) ?? 0n));
  if (expected <= 0n) return false;
  const difference = vgm > expected ? vgm - expected : expected - vgm;
  // |vgm - expected| / expected > 5 %  <=>  20 * |vgm - expected| > expected
  return difference * 20n > expected;
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
  return `${firstTen}${validator.createCheckDigit(firstTen) % 10}`;
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
