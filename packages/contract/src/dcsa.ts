import { z } from 'zod';

/**
 * DCSA interoperability: the eBL 3.0.3 `TransportDocument` we export, the `CreateShippingInstructions` body we accept,
 * and the Booking 2.0.4 `Booking` we export. The official OpenAPI files are never needed at run time (see
 * docs/decisions/ on the DCSA schemas): the request schema below is ours, written from the standard for the fields we
 * read, and the tests check it and our exports against the official files.
 */

/** The carrier's code as DCSA asks for it (an NMFTA SCAC of 4 characters). */
export const DCSA_CARRIER = { code: 'LDNG', codeListProvider: 'NMFTA', name: 'Lading' } as const;

/** Our party codes travel as DCSA identifying codes: mutually defined list, this name. */
export const DCSA_PARTY_CODE_LIST = { codeListProvider: 'ZZZ', codeListName: 'LADING_PARTY_CODE' } as const;

export const DCSA_TERMS_AND_CONDITIONS =
  'Carriage is subject to the terms and conditions of the Lading bill of lading, available from any Lading office.';

/**
 * What the export sends where DCSA requires a value we do not have yet (a draft before containers are allocated,
 * a seal not yet given …). Every one is also listed in the document's `feedbacks` with its JSON path, and an import
 * that sends it back unchanged keeps our stored (empty) value.
 */
export const DCSA_PLACEHOLDER = {
  text: 'TO BE ADVISED',
  equipmentReference: 'UNALLOCATED',
  hsCode: '000000',
  /** The smallest positive amount at our precision: DCSA weights and volumes must be greater than 0. */
  amount: 0.01,
  count: 1,
} as const;

// ---- a JSON path for a schema issue ------------------------------------------------------------------------------

/** `$.utilizedTransportEquipments[0].seals[0].number` for the path ['utilizedTransportEquipments', 0, 'seals', 0, 'number']. */
export function jsonPathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    '$',
  );
}

// ---- CreateShippingInstructions (eBL 3.0.3), the part we read -----------------------------------------------------

/** DCSA's pattern for most texts: no leading or trailing white space, at least one character. */
const TRIMMED = /^\S(?:.*\S)?$/;
const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const text = (max: number) =>
  z
    .string({ message: 'must be a text' })
    .max(max, `must be at most ${max} characters`)
    .regex(TRIMMED, 'must not be empty or start or end with white space');
const plain = (max: number) =>
  z.string({ message: 'must be a text' }).max(max, `must be at most ${max} characters`);
const bool = z.boolean({ message: 'must be true or false' });
const count = (min: number) =>
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(2_147_483_647, 'is too large');
const lines = (itemMax: number, maxItems: number, pattern = false) =>
  z
    .array(pattern ? text(itemMax) : plain(itemMax), { message: 'must be a list of texts' })
    .max(maxItems, `must have at most ${maxItems} lines`);

const PartyContactDetailSchema = z
  .looseObject({
    name: text(35),
    phone: text(30).optional(),
    email: plain(100)
      .regex(/^.+@\S+$/, 'must be an e-mail address')
      .optional(),
  })
  .refine((contact) => contact.phone !== undefined || contact.email !== undefined, {
    message: 'needs a phone or an email',
    path: ['phone'],
  });

const IdentifyingCodeSchema = z.looseObject({
  codeListProvider: plain(100),
  partyCode: plain(150),
  codeListName: plain(100).optional(),
});

const PartyAddressSchema = z.looseObject({
  street: plain(70),
  streetNumber: plain(50).optional(),
  floor: text(50).optional(),
  postCode: plain(10).optional(),
  POBox: plain(20).optional(),
  city: text(35),
  UNLocationCode: z.string().regex(LOCODE, 'must be a UN/LOCODE').optional(),
  stateRegion: plain(65).optional(),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code'),
});

/**
 * Our bound on every list of shipping instructions (the standard sets none): a bill holds far fewer of each, and an
 * unbounded list would let one request carry tens of thousands of codes into a single query.
 */
const MAX_ITEMS = 100;

const PartySchema = z.looseObject({
  partyName: text(70),
  typeOfPerson: text(50).optional(),
  address: PartyAddressSchema.optional(),
  addressLines: lines(250, 5).optional(),
  displayedAddress: lines(35, 6).optional(),
  identifyingCodes: z
    .array(IdentifyingCodeSchema)
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} codes`)
    .optional(),
  partyContactDetails: z
    .array(PartyContactDetailSchema)
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} contacts`)
    .optional(),
  reference: text(35).optional(),
});

const WeightSchema = z.looseObject({
  value: z.number({ message: 'must be a number' }).gt(0, 'must be greater than 0'),
  unit: z.enum(['KGM', 'LBR'], { message: 'must be KGM or LBR' }),
});
const VolumeSchema = z.looseObject({
  value: z.number({ message: 'must be a number' }).gt(0, 'must be greater than 0'),
  unit: z.enum(['MTQ', 'FTQ'], { message: 'must be MTQ or FTQ' }),
});

const OuterPackagingSchema = z.looseObject({
  packageCode: z
    .string()
    .regex(/^[A-Z0-9]{2}$/, 'must be a UN/ECE Recommendation 21 code (2 characters)')
    .optional(),
  numberOfPackages: count(1).max(99_999_999, 'must be at most 99999999'),
  description: plain(100),
  woodDeclaration: plain(30).optional(),
});

const CargoItemSchema = z.looseObject({
  equipmentReference: text(11),
  cargoGrossWeight: WeightSchema,
  cargoGrossVolume: VolumeSchema.optional(),
  cargoNetWeight: WeightSchema.optional(),
  outerPackaging: OuterPackagingSchema.optional(),
});

const ConsignmentItemSchema = z.looseObject({
  carrierBookingReference: text(35),
  descriptionOfGoods: lines(35, 150, true),
  HSCodes: z
    .array(z.string().regex(/^\d{6,10}$/, 'must be an HS code of 6 to 10 digits'))
    .min(1, 'needs at least one HS code')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} HS codes`),
  shippingMarks: lines(35, 50).optional(),
  cargoItems: z
    .array(CargoItemSchema)
    .min(1, 'needs at least one cargo item')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} cargo items`),
});

const SealSchema = z.looseObject({
  number: plain(15),
  source: z.enum(['CAR', 'SHI', 'VET', 'CUS'], { message: 'must be CAR, SHI, VET or CUS' }).optional(),
});

const UtilizedTransportEquipmentSchema = z
  .looseObject({
    isShipperOwned: bool,
    equipmentReference: text(11).optional(),
    equipment: z
      .looseObject({
        equipmentReference: text(11),
        ISOEquipmentCode: text(4).optional(),
      })
      .optional(),
    seals: z
      .array(SealSchema)
      .min(1, 'needs at least one seal')
      .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} seals`),
    shippingMarks: lines(35, 50).optional(),
  })
  // DCSA: oneOf { isShipperOwned + equipment } | { isShipperOwned + equipmentReference }.
  .refine((ute) => (ute.equipment === undefined) !== (ute.equipmentReference === undefined), {
    message: 'give either equipmentReference or equipment, not both',
    path: ['equipmentReference'],
  });

/**
 * The `CreateShippingInstructions` body of DCSA eBL 3.0.3: every property the standard requires at the top, and the
 * official constraints (lengths, patterns, minimums, enumerations) of every property we read. Properties we do not
 * read are let through, as the standard allows other implementations' extensions to be.
 */
export const CreateShippingInstructionsSchema = z.looseObject({
  transportDocumentReference: text(20).optional(),
  transportDocumentTypeCode: z.enum(['BOL', 'SWB'], { message: 'must be BOL or SWB' }),
  isShippedOnBoardType: bool,
  freightPaymentTermCode: z.enum(['PRE', 'COL'], { message: 'must be PRE or COL' }),
  isElectronic: bool,
  isToOrder: bool,
  numberOfCopiesWithCharges: count(0).optional(),
  numberOfCopiesWithoutCharges: count(0).optional(),
  numberOfOriginalsWithCharges: count(0).optional(),
  numberOfOriginalsWithoutCharges: count(0).optional(),
  invoicePayableAt: z
    .looseObject({ UNLocationCode: z.string().regex(LOCODE, 'must be a UN/LOCODE') })
    .optional(),
  partyContactDetails: z
    .array(PartyContactDetailSchema)
    .min(1, 'needs at least one contact')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} contacts`),
  documentParties: z.looseObject({
    shipper: PartySchema,
    consignee: PartySchema.optional(),
    notifyParties: z.array(PartySchema).max(3, 'must have at most 3 notify parties').optional(),
  }),
  isCargoDeliveredInICS2Zone: bool,
  consignmentItems: z
    .array(ConsignmentItemSchema)
    .min(1, 'needs at least one consignment item')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} consignment items`),
  utilizedTransportEquipments: z
    .array(UtilizedTransportEquipmentSchema)
    .min(1, 'needs at least one piece of equipment')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} pieces of equipment`),
});
export type CreateShippingInstructions = z.infer<typeof CreateShippingInstructionsSchema>;

// ---- responses (documented loosely: the official files define every property) ------------------------------------

const FeedbackSchema = z.object({
  severity: z.enum(['INFO', 'WARN', 'ERROR']),
  code: z.string(),
  message: z.string(),
  jsonPath: z.string().optional(),
  property: z.string().optional(),
});
export type DcsaFeedback = z.infer<typeof FeedbackSchema>;

/** DCSA eBL 3.0.3 `TransportDocument` (properties as the standard defines them). */
export const DcsaTransportDocumentSchema = z.looseObject({
  transportDocumentReference: z.string(),
  shippingInstructionsReference: z.string(),
  transportDocumentStatus: z.string(),
  transportDocumentTypeCode: z.enum(['BOL', 'SWB']),
  feedbacks: z.array(FeedbackSchema).optional(),
});
export type DcsaTransportDocument = z.infer<typeof DcsaTransportDocumentSchema>;

/** DCSA Booking 2.0.4 `Booking` (properties as the standard defines them). */
export const DcsaBookingSchema = z.looseObject({
  carrierBookingRequestReference: z.string(),
  carrierBookingReference: z.string().optional(),
  bookingStatus: z.string(),
  feedbacks: z.array(FeedbackSchema).optional(),
});
export type DcsaBooking = z.infer<typeof DcsaBookingSchema>;

/** Our booking statuses as DCSA Booking 2.0.4 `bookingStatus`. */
export const DCSA_BOOKING_STATUS = {
  REQUESTED: 'RECEIVED',
  CONFIRMED: 'CONFIRMED',
  REJECTED: 'REJECTED',
  CANCELLED: 'CANCELLED',
  COMPLETED: 'COMPLETED',
} as const;

// ---- texts as DCSA lines -------------------------------------------------------------------------------------------

/**
 * A text as DCSA lines of at most `width` characters: one per line of the text, long lines broken at spaces (or cut
 * when a word is longer), white space trimmed, empty lines left out.
 */
export function toDcsaLines(value: string | null | undefined, width: number): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(/\r?\n/)) {
    let rest = raw.trim();
    while (rest.length > width) {
      const cut = rest.lastIndexOf(' ', width);
      const end = cut > 0 ? cut : width;
      out.push(rest.slice(0, end).trimEnd());
      rest = rest.slice(end).trimStart();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** A text cut to `max` characters without trailing white space. */
export const truncateText = (value: string, max: number) => value.slice(0, max).trimEnd();

// ---- a transport document as shipping instructions ----------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: a transport document is read property by property, as DCSA defines it
type Json = Record<string, any>;
const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** A document party of a transport document as the shipping instructions' party (the properties both define). */
const siParty = (party: Json | undefined) =>
  party &&
  defined({
    partyName: party.partyName,
    address: party.address,
    addressLines: party.addressLines,
    identifyingCodes: party.identifyingCodes,
    partyContactDetails: party.partyContactDetails,
  });

/**
 * The `CreateShippingInstructions` that would produce a transport document: its references, parties, consignment
 * items and equipment (carrier-owned containers by reference). A client edits this and sends it back; the server
 * also uses it as the baseline an import is compared with.
 */
export function toShippingInstructions(td: Json): CreateShippingInstructions {
  return defined({
    transportDocumentReference: td.transportDocumentReference,
    transportDocumentTypeCode: td.transportDocumentTypeCode,
    isShippedOnBoardType: td.isShippedOnBoardType,
    freightPaymentTermCode: td.freightPaymentTermCode,
    isElectronic: td.isElectronic,
    isToOrder: td.isToOrder,
    numberOfCopiesWithCharges: td.numberOfCopiesWithCharges,
    numberOfCopiesWithoutCharges: td.numberOfCopiesWithoutCharges,
    numberOfOriginalsWithCharges: td.numberOfOriginalsWithCharges,
    numberOfOriginalsWithoutCharges: td.numberOfOriginalsWithoutCharges,
    invoicePayableAt: td.invoicePayableAt?.UNLocationCode ? td.invoicePayableAt : undefined,
    partyContactDetails: td.partyContactDetails,
    documentParties: defined({
      shipper: siParty(td.documentParties.shipper),
      consignee: siParty(td.documentParties.consignee),
      notifyParties: td.documentParties.notifyParties?.map(siParty),
    }),
    isCargoDeliveredInICS2Zone: false,
    consignmentItems: td.consignmentItems.map((item: Json) =>
      defined({
        carrierBookingReference: item.carrierBookingReference,
        descriptionOfGoods: item.descriptionOfGoods,
        HSCodes: item.HSCodes,
        shippingMarks: item.shippingMarks,
        cargoItems: item.cargoItems.map((cargo: Json) =>
          defined({
            equipmentReference: cargo.equipmentReference,
            cargoGrossWeight: cargo.cargoGrossWeight,
            cargoGrossVolume: cargo.cargoGrossVolume,
            outerPackaging: cargo.outerPackaging && {
              ...defined({ packageCode: cargo.outerPackaging.packageCode }),
              numberOfPackages: cargo.outerPackaging.numberOfPackages,
              description: cargo.outerPackaging.description,
            },
          }),
        ),
      }),
    ),
    utilizedTransportEquipments: td.utilizedTransportEquipments.map((ute: Json) =>
      defined({
        isShipperOwned: false,
        equipmentReference: ute.equipment.equipmentReference,
        seals: ute.seals,
        shippingMarks: ute.shippingMarks,
      }),
    ),
  }) as CreateShippingInstructions;
}
