import { z } from 'zod';
import { MAX_NOTIFY_PARTIES, VGM_METHODS } from './bill-of-lading-rules';
import { decimalText } from './decimal';
import { idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { BL_SORT_FIELDS, BL_STATUSES } from './status-codes';
import { VgmWarningSchema } from './vgm';

// ---- statuses --------------------------------------------------------------------------------------------------

export * from './bill-of-lading-rules';
export * from './bill-of-lading-save';
// BL_STATUSES (ours, each mapped to DCSA eBL 3.0.3 transportDocumentStatus) and BL_SORT_FIELDS live in
// status-codes.ts, free of zod for the web's shell.
export { BL_SORT_FIELDS, BL_STATUSES, type BlStatus } from './status-codes';
// The VGM warning the bill's read carries (vgm.ts, with the VGM declarations).
export { vgmMismatch } from './vgm';

// ---- the edit's patterns and the form's field messages ------------------------------------------------------------

/** Digits, spaces and + - ( ) only; 6 to 20 characters. */
export const BL_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

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
  /** The VGM and method come from the booking's SOLAS declaration (issue 26): change them there, not here. */
  vgmDeclared: z.boolean(),
  /** The VGM more than 5 % away from cargo gross + tare (decision 014); null otherwise. */
  vgmWarning: VgmWarningSchema.nullable(),
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
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .meta({ pattern: '\\S' });
const optionalText = (max = TEXT_MAX) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullable().optional();
const measure = z
  .number({ message: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(1e9, 'is too large');
const phone = z
  .string()
  .trim()
  .regex(BL_PHONE_PATTERN, 'must be a phone number (digits, optionally starting with +)')
  .meta({ pattern: '^\\s*\\+?[0-9()-][0-9 ()-]{4,18}[0-9()-]\\s*$' });

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

const M = BL_FORM_MESSAGES;
const formText = (max = TEXT_MAX) => z.string().max(max, M.tooLong(max));
const requiredFormText = (max = TEXT_MAX) => formText(max).refine((v) => v.trim() !== '', M.required);
const requiredFormPhone = z
  .string()
  .refine((v) => v.trim() !== '', M.required)
  .refine((v) => v.trim() === '' || BL_PHONE_PATTERN.test(v.trim()), M.phone)
  .meta({ pattern: '^\\s*\\+?[0-9()-][0-9 ()-]{4,18}[0-9()-]\\s*$' });
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
