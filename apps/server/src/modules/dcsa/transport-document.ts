import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { DCSA_TRANSPORT_DOCUMENT_STATUS } from '@lading/contract/bills-of-lading';
import {
  DCSA_CARRIER,
  DCSA_PARTY_CODE_LIST,
  DCSA_PLACEHOLDER,
  DCSA_TERMS_AND_CONDITIONS,
  type DcsaFeedback,
  type DcsaTransportDocument,
  toDcsaLines,
  truncateText,
} from '@lading/contract/dcsa';
import type { BillDcsaFacts } from './dcsa.repository';

type Json = Record<string, unknown>;

/** Collects the feedback entries of one document: placeholders sent for values we do not have, texts shortened. */
export class Feedbacks {
  readonly list: DcsaFeedback[] = [];

  /** `value` when it is there, else the placeholder, noted at `jsonPath`. */
  orPlaceholder<T>(value: T | null | undefined, placeholder: T, jsonPath: string, what: string): T {
    if (value !== null && value !== undefined && value !== '') return value;
    this.list.push({
      severity: 'WARN',
      code: 'PROPERTY_VALUE_MAY_CHANGE',
      message: `${what} is not known yet; DCSA requires the property, so a placeholder is sent.`,
      jsonPath,
    });
    return placeholder;
  }

  /** A text cut to `max` characters, noted when it was longer. */
  cut(value: string, max: number, jsonPath: string): string {
    const out = truncateText(value.trim(), max);
    if (out !== value.trim())
      this.list.push({
        severity: 'INFO',
        code: 'PROPERTY_VALUE_HAS_BEEN_CHANGED',
        message: `Shortened to the ${max} characters DCSA allows; the bill holds the full text.`,
        jsonPath,
      });
    return out;
  }

  /** Lines for a DCSA list of at most `maxItems` texts of `width` characters. */
  lines(value: string | null, width: number, maxItems: number, jsonPath: string): string[] {
    const all = toDcsaLines(value, width);
    if (all.length > maxItems)
      this.list.push({
        severity: 'INFO',
        code: 'PROPERTY_VALUE_HAS_BEEN_CHANGED',
        message: `Only the first ${maxItems} lines are sent; the bill holds the full text.`,
        jsonPath,
      });
    return all.slice(0, maxItems);
  }
}

const DATE = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

/** `CY/CY` -> ['CY', 'CY']; anything else DCSA does not know -> CY. */
function serviceTypes(terms: string | null): [string, string] {
  const known = (value: string | undefined) =>
    value && ['CY', 'SD', 'CFS'].includes(value.trim().toUpperCase()) ? value.trim().toUpperCase() : 'CY';
  const [origin, destination] = (terms ?? '').split('/');
  return [known(origin), known(destination ?? origin)];
}
const movementType = (loadType: string | null) => (loadType?.toUpperCase() === 'LCL' ? 'LCL' : 'FCL');

function contact(
  name: string,
  phone: string | null,
  email: string | null,
  fb: Feedbacks,
  path: string,
): Json[] {
  if (!phone && !email) return [];
  return [
    {
      name: fb.cut(name, 35, `${path}.partyContactDetails[0].name`),
      ...(phone ? { phone: truncateText(phone.trim(), 30) } : {}),
      ...(email ? { email: truncateText(email.trim(), 100) } : {}),
    },
  ];
}

const partyCode = (code: string | null) =>
  code ? [{ ...DCSA_PARTY_CODE_LIST, partyCode: code }] : undefined;

/** The exported name of a party: its name in the bill, else the company's name. */
export const exportedPartyName = (nameInBl: string | null, name: string | null) =>
  (nameInBl?.trim() || name?.trim() || '').trim();

/**
 * A bill of lading as a DCSA eBL 3.0.3 `TransportDocument` (the mapping is docs/dcsa-mapping.md). Containers are
 * the utilized transport equipment and the cargo items of one consignment item (the bill's goods under its booking).
 */
export function toTransportDocument(bill: BillOfLading, facts: BillDcsaFacts): DcsaTransportDocument {
  const fb = new Feedbacks();
  const isSwb = bill.blType?.toUpperCase() === 'SEAWAY';
  const [receipt, delivery] = serviceTypes(bill.loadDischargeTerms);
  const movement = movementType(bill.loadType);
  const prepaid = bill.paymentMethod?.toUpperCase() !== 'COLLECT';

  const shipperName = exportedPartyName(bill.shipperNameInBl, bill.shipperName);
  const shipper: Json = {
    partyName: fb.cut(
      fb.orPlaceholder(
        shipperName,
        DCSA_PLACEHOLDER.text,
        '$.documentParties.shipper.partyName',
        'The shipper',
      ),
      70,
      '$.documentParties.shipper.partyName',
    ),
    ...(bill.shipperAddress ? { addressLines: toDcsaLines(bill.shipperAddress, 250).slice(0, 5) } : {}),
    ...(facts.shipperCode ? { identifyingCodes: partyCode(facts.shipperCode) } : {}),
  };
  const shipperContact = contact(
    shipperName || DCSA_PLACEHOLDER.text,
    bill.shipperPhoneNo,
    bill.shipperMailId,
    fb,
    '$.documentParties.shipper',
  );
  if (shipperContact.length) shipper.partyContactDetails = shipperContact;

  const consigneeName = exportedPartyName(bill.consigneeNameInBl, bill.consigneeName);
  let consignee: Json | undefined;
  if (consigneeName) {
    consignee = {
      partyName: fb.cut(consigneeName, 70, '$.documentParties.consignee.partyName'),
      ...(bill.consigneeAddress ? { addressLines: toDcsaLines(bill.consigneeAddress, 250).slice(0, 5) } : {}),
      identifyingCodes: [
        {
          ...DCSA_PARTY_CODE_LIST,
          partyCode: fb.orPlaceholder(
            facts.consigneeCode,
            DCSA_PLACEHOLDER.text,
            '$.documentParties.consignee.identifyingCodes[0].partyCode',
            "The consignee's registered company",
          ),
        },
      ],
    };
    const consigneeContact = contact(
      consigneeName,
      bill.consigneePhoneNo,
      bill.consigneeMailId,
      fb,
      '$.documentParties.consignee',
    );
    if (consigneeContact.length) consignee.partyContactDetails = consigneeContact;
  }

  const notifyParties = bill.blNotifyPartyDetails.map((p, i) => {
    const path = `$.documentParties.notifyParties[${i}]`;
    const name = exportedPartyName(p.partyNameInBl, p.partyName);
    const code = p.party === null ? null : (facts.partyCodes[String(p.party)] ?? null);
    const party: Json = {
      partyName: fb.cut(
        fb.orPlaceholder(name, DCSA_PLACEHOLDER.text, `${path}.partyName`, 'The notify party'),
        70,
        `${path}.partyName`,
      ),
      ...(p.address ? { addressLines: toDcsaLines(p.address, 250).slice(0, 5) } : {}),
      ...(code ? { identifyingCodes: partyCode(code) } : {}),
    };
    const details = contact(name || DCSA_PLACEHOLDER.text, p.mobile, p.email, fb, path);
    if (details.length) party.partyContactDetails = details;
    return party;
  });

  const port = facts.officePort;
  const issuingParty: Json = {
    partyName: DCSA_CARRIER.name,
    address: {
      street: truncateText(facts.officeName ?? `${DCSA_CARRIER.name} office`, 70),
      city: truncateText(port?.name ?? bill.polName ?? DCSA_PLACEHOLDER.text, 35),
      countryCode: port?.countryCode ?? facts.polCountry ?? bill.polCode?.slice(0, 2) ?? 'IN',
      ...(port ? { UNLocationCode: port.code } : {}),
    },
  };

  const bookingReference = bill.bookingNumber ?? bill.number;
  const containers = bill.blContainerDetails;
  const cargoItems = containers.length
    ? containers.map((c, i) => {
        const path = `$.consignmentItems[0].cargoItems[${i}]`;
        const packageCode =
          c.packageTypeId === null ? undefined : facts.packageCodes[String(c.packageTypeId)];
        return {
          equipmentReference: c.containerNumber,
          cargoGrossWeight: {
            value: fb.orPlaceholder(
              c.grossWeight || null,
              DCSA_PLACEHOLDER.amount,
              `${path}.cargoGrossWeight.value`,
              `The cargo gross weight of ${c.containerNumber}`,
            ),
            unit: 'KGM',
          },
          ...(c.measurement ? { cargoGrossVolume: { value: c.measurement, unit: 'MTQ' } } : {}),
          outerPackaging: {
            ...(packageCode ? { packageCode } : {}),
            numberOfPackages: fb.orPlaceholder(
              c.noOfPacks || null,
              DCSA_PLACEHOLDER.count,
              `${path}.outerPackaging.numberOfPackages`,
              `The number of packages in ${c.containerNumber}`,
            ),
            description: truncateText(
              fb.orPlaceholder(
                c.packageTypeName,
                DCSA_PLACEHOLDER.text,
                `${path}.outerPackaging.description`,
                `The package type in ${c.containerNumber}`,
              ),
              100,
            ),
          },
        };
      })
    : [
        {
          equipmentReference: fb.orPlaceholder(
            null,
            DCSA_PLACEHOLDER.equipmentReference,
            '$.consignmentItems[0].cargoItems[0].equipmentReference',
            'The container (none allocated yet)',
          ),
          cargoGrossWeight: {
            value: fb.orPlaceholder(
              bill.netWeight || null,
              DCSA_PLACEHOLDER.amount,
              '$.consignmentItems[0].cargoItems[0].cargoGrossWeight.value',
              'The cargo gross weight',
            ),
            unit: 'KGM',
          },
          outerPackaging: {
            numberOfPackages: fb.orPlaceholder(
              bill.noOfPacks || null,
              DCSA_PLACEHOLDER.count,
              '$.consignmentItems[0].cargoItems[0].outerPackaging.numberOfPackages',
              'The number of packages',
            ),
            description: DCSA_PLACEHOLDER.text,
          },
        },
      ];

  const hsCodes = bill.blCargoDetails.map((c) => c.hsnCodeValue).filter((code): code is string => !!code);
  const description = fb.lines(bill.description, 35, 150, '$.consignmentItems[0].descriptionOfGoods');
  const marks = fb.lines(bill.marksAndNos, 35, 50, '$.consignmentItems[0].shippingMarks');
  const consignmentItem: Json = {
    carrierBookingReference: bookingReference,
    descriptionOfGoods: description.length
      ? description
      : [
          fb.orPlaceholder(
            null,
            DCSA_PLACEHOLDER.text,
            '$.consignmentItems[0].descriptionOfGoods[0]',
            'The description of goods',
          ),
        ],
    HSCodes: hsCodes.length
      ? hsCodes
      : [fb.orPlaceholder(null, DCSA_PLACEHOLDER.hsCode, '$.consignmentItems[0].HSCodes[0]', 'The HS code')],
    ...(marks.length ? { shippingMarks: marks } : {}),
    cargoItems,
  };

  const equipments = containers.length
    ? containers.map((c, i) => ({
        equipment: {
          equipmentReference: c.containerNumber,
          ISOEquipmentCode: c.containerIsoCode,
          ...(c.containerTareweight ? { tareWeight: { value: c.containerTareweight, unit: 'KGM' } } : {}),
        },
        isShipperOwned: false,
        seals: [
          {
            number: truncateText(
              fb.orPlaceholder(
                c.sealNo,
                DCSA_PLACEHOLDER.text,
                `$.utilizedTransportEquipments[${i}].seals[0].number`,
                `The seal of ${c.containerNumber}`,
              ),
              15,
            ),
            source: 'SHI',
          },
        ],
      }))
    : [
        {
          equipment: { equipmentReference: DCSA_PLACEHOLDER.equipmentReference },
          isShipperOwned: false,
          seals: [
            {
              number: fb.orPlaceholder(
                null,
                DCSA_PLACEHOLDER.text,
                '$.utilizedTransportEquipments[0].seals[0].number',
                'The seal (no container allocated yet)',
              ),
            },
          ],
        },
      ];

  const departure = fb.orPlaceholder(
    facts.etd ?? DATE(bill.shippedOnBoardDate) ?? DATE(bill.blDate),
    facts.createdOn,
    '$.transports.plannedDepartureDate',
    'The planned departure date',
  );
  const arrival = fb.orPlaceholder(
    facts.eta,
    departure,
    '$.transports.plannedArrivalDate',
    'The planned arrival date',
  );
  const location = (code: string | null, name: string | null) => ({
    ...(name ? { locationName: truncateText(name, 100) } : {}),
    ...(code ? { UNLocationCode: code } : {}),
  });
  const polCode = bill.polCode;
  const payableAt = prepaid ? polCode : (bill.podCode ?? polCode);

  const document: DcsaTransportDocument = {
    transportDocumentReference: bill.number,
    shippingInstructionsReference: `SI-${bill.number}`,
    transportDocumentStatus: DCSA_TRANSPORT_DOCUMENT_STATUS[bill.status],
    transportDocumentTypeCode: isSwb ? 'SWB' : 'BOL',
    isShippedOnBoardType: true,
    freightPaymentTermCode: prepaid ? 'PRE' : 'COL',
    isElectronic: false,
    isToOrder: false,
    ...(isSwb
      ? {}
      : { numberOfOriginalsWithCharges: 0, numberOfOriginalsWithoutCharges: bill.noOfOriginals }),
    numberOfCopiesWithCharges: 0,
    numberOfCopiesWithoutCharges: bill.noOfCopies,
    ...(bill.polName ? { displayedNameForPortOfLoad: toDcsaLines(bill.polName, 35).slice(0, 5) } : {}),
    ...(bill.podName ? { displayedNameForPortOfDischarge: toDcsaLines(bill.podName, 35).slice(0, 5) } : {}),
    ...(bill.shippedOnBoardDate ? { shippedOnBoardDate: DATE(bill.shippedOnBoardDate) } : {}),
    termsAndConditions: DCSA_TERMS_AND_CONDITIONS,
    receiptTypeAtOrigin: receipt,
    deliveryTypeAtDestination: delivery,
    cargoMovementTypeAtOrigin: movement,
    cargoMovementTypeAtDestination: movement,
    ...(bill.issuedOn ? { issueDate: DATE(bill.issuedOn) } : {}),
    carrierCode: DCSA_CARRIER.code,
    carrierCodeListProvider: DCSA_CARRIER.codeListProvider,
    transports: {
      plannedDepartureDate: departure,
      plannedArrivalDate: arrival,
      portOfLoading: location(bill.polCode, bill.polName),
      portOfDischarge: location(bill.podCode, bill.podName),
      vesselVoyages: [
        {
          vesselName: truncateText(
            fb.orPlaceholder(
              bill.vesselName,
              DCSA_PLACEHOLDER.text,
              '$.transports.vesselVoyages[0].vesselName',
              'The vessel',
            ),
            50,
          ),
          carrierExportVoyageNumber: truncateText(
            fb.orPlaceholder(
              bill.voyageNumber,
              DCSA_PLACEHOLDER.text,
              '$.transports.vesselVoyages[0].carrierExportVoyageNumber',
              'The voyage',
            ),
            50,
          ),
        },
      ],
    },
    ...(port
      ? { placeOfIssue: { locationName: truncateText(port.name, 100), UNLocationCode: port.code } }
      : {}),
    invoicePayableAt: payableAt ? { UNLocationCode: payableAt } : { freeText: DCSA_PLACEHOLDER.text },
    partyContactDetails: [
      { name: truncateText(facts.ownerName, 35), email: truncateText(facts.ownerEmail, 100) },
    ],
    documentParties: {
      shipper,
      ...(consignee ? { consignee } : {}),
      issuingParty,
      ...(notifyParties.length ? { notifyParties } : {}),
    },
    consignmentItems: [consignmentItem],
    utilizedTransportEquipments: equipments,
  };
  if (fb.list.length) document.feedbacks = fb.list;
  return document;
}
