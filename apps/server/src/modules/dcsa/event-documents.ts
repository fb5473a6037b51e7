import { DCSA_CARRIER } from '@lading/contract/dcsa';
import type { DcsaTntEvent, DcsaTntSubscription } from '@lading/contract/dcsa-tnt';
import { FACILITY_TYPE_CODES } from '@lading/contract/tracking';
import type { FeedEventRow, SubscriptionRow } from '../tracking';
import { callReference, clip, localDateTime } from './schedule-documents';

/**
 * Pure mappings from our track-and-trace events (the tracking module's feed rows) to DCSA Track & Trace
 * 3.0.0-Beta-1 `event`s (EVENT_DOMAIN 3.1.0), and of a subscription to the standard's `subscription`. Field by field:
 * docs/dcsa-mapping.md ("Track & Trace").
 */

/** Who publishes: the carrier, with the code the eBL and Booking exports give (publisherRole CA). */
const PUBLISHER = {
  partyName: DCSA_CARRIER.name,
  carrierCode: DCSA_CARRIER.code,
  carrierCodeListProvider: DCSA_CARRIER.codeListProvider,
};

type Reference = { type: 'BKG' | 'TRD'; value: string };

function relatedDocuments(row: FeedEventRow): { relatedDocumentReferences?: Reference[] } {
  const references: Reference[] = [];
  const booking = clip(row.bookingNumber, 100);
  const bill = clip(row.billNumber, 100);
  if (booking && row.documentTypeCode !== 'BKG') references.push({ type: 'BKG', value: booking });
  if (bill && row.documentTypeCode !== 'TRD') references.push({ type: 'TRD', value: bill });
  return references.length ? { relatedDocumentReferences: references } : {};
}

/** A vessel's transport call (a vessel move, an arrival or a departure), in the standard's terms. */
function transportCall(call: NonNullable<FeedEventRow['call']>) {
  const { vessel } = call;
  const name = clip(vessel.name, 35);
  const callSign = clip(vessel.callSign, 10);
  const operator = clip(vessel.operator, 10);
  const locationName = clip(call.portName, 100);
  return {
    transportCallReference: callReference({
      serviceCode: call.serviceCode,
      imoNumber: vessel.imoNumber,
      voyageNumber: call.voyageNumber,
      portCode: call.portCode,
      sequence: call.sequence,
    }),
    transportCallSequenceNumber: call.sequence,
    location: {
      locationType: 'UNLO',
      ...(locationName ? { locationName } : {}),
      UNLocationCode: call.portCode,
    },
    facilityTypeCode: 'POTE',
    modeOfTransport: 'VESSEL',
    carrierServiceCode: call.serviceCode,
    // Our voyages have one number, both ways.
    carrierExportVoyageNumber: call.voyageNumber,
    carrierImportVoyageNumber: call.voyageNumber,
    vessel: {
      vesselIMONumber: vessel.imoNumber,
      ...(name ? { name } : {}),
      ...(/^\S{2}$/.test(vessel.flag) ? { flag: vessel.flag } : {}),
      ...(callSign ? { callSign } : {}),
      ...(operator ? { operatorCarrierCode: operator } : {}),
    },
  };
}

/**
 * Where an equipment event happened: the terminal (`FACI`, its SMDG code) when one was recorded, else the place
 * (`UNLO`); both carry the UN/LOCODE.
 */
function eventLocation(row: FeedEventRow) {
  const locationName = clip(row.placeName, 100);
  const name = locationName ? { locationName } : {};
  const facility = clip(row.facilityCode, 6);
  if (facility)
    return {
      locationType: 'FACI',
      ...name,
      UNLocationCode: row.placeCode,
      facilityCode: facility,
      facilityCodeListProvider: 'SMDG',
    };
  return { locationType: 'UNLO', ...name, UNLocationCode: row.placeCode };
}

function payloadOf(row: FeedEventRow): Record<string, unknown> {
  const base = {
    eventType: row.eventType,
    eventClassifierCode: row.classifier,
    // The local time at the place, with its offset; a shipment event has no place (UTC).
    eventDateTime: localDateTime(row.at, row.eventType === 'SHIPMENT' ? null : row.placeTimeZone),
  };
  if (row.eventType === 'SHIPMENT') {
    const reason = clip(row.reason, 250);
    return {
      ...base,
      shipmentEventTypeCode: row.code,
      documentTypeCode: row.documentTypeCode ?? 'BKG',
      documentReference: clip(row.documentReference, 100) ?? '',
      ...(reason ? { reason } : {}),
      ...relatedDocuments(row),
    };
  }
  if (row.eventType === 'TRANSPORT') {
    const remark = clip(row.reason, 250);
    return {
      ...base,
      transportEventTypeCode: row.code,
      ...(row.call ? { transportCall: transportCall(row.call) } : {}),
      ...(remark ? { changeRemark: remark } : {}),
    };
  }
  const iso = clip(row.isoEquipmentCode, 4);
  const facilityType =
    row.facilityTypeCode && row.facilityTypeCode in FACILITY_TYPE_CODES ? row.facilityTypeCode : null;
  return {
    ...base,
    equipmentEventTypeCode: row.code,
    ...(row.equipmentReference ? { equipmentReference: row.equipmentReference } : {}),
    ...(iso ? { ISOEquipmentCode: iso } : {}),
    // Recorded with every equipment event (the recording body requires it).
    emptyIndicatorCode: row.emptyIndicator ?? 'LADEN',
    isTransshipmentMove: row.transshipment,
    ...(row.placeCode ? { eventLocation: eventLocation(row) } : {}),
    ...(facilityType ? { facilityTypeCode: facilityType } : {}),
    ...(row.call ? { transportCall: transportCall(row.call) } : {}),
    ...relatedDocuments(row),
  };
}

/**
 * One event as the standard's `event`: `metadata` (who published it, when we learnt of it) and its `payload`; a
 * retraction is metadata only, naming the event it retracts (`retractedEventID`).
 */
export function toDcsaEvent(row: FeedEventRow): DcsaTntEvent {
  const metadata = {
    eventID: row.eventId,
    eventCreatedDateTime: row.createdAt,
    eventType: row.eventType,
    publisher: PUBLISHER,
    publisherRole: 'CA',
  };
  if (row.retractsEventId) return { metadata: { ...metadata, retractedEventID: row.retractsEventId } };
  return { metadata, payload: payloadOf(row) };
}

/** A subscription as the standard's `subscription`: its id, times, callback and filters; never its secret. */
export function toDcsaSubscription(row: SubscriptionRow): DcsaTntSubscription {
  const given = <K extends string, V>(key: K, value: V | null) =>
    (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;
  return {
    subscriptionID: row.subscriptionId,
    subscriptionCreatedDateTime: row.createdAt.toISOString(),
    subscriptionUpdatedDateTime: row.updatedAt.toISOString(),
    callbackUrl: row.callbackUrl,
    ...given('eventTypes', row.eventTypes),
    ...given('shipmentEventTypeCodes', row.shipmentEventTypeCodes),
    ...given('documentTypeCodes', row.documentTypeCodes),
    ...given('documentReference', row.documentReference),
    ...given('equipmentEventTypeCodes', row.equipmentEventTypeCodes),
    ...given('equipmentReference', row.equipmentReference),
    ...given('transportEventTypeCodes', row.transportEventTypeCodes),
    ...given('transportCallReference', row.transportCallReference),
    ...given('vesselIMONumber', row.vesselIMONumber),
    ...given('carrierExportVoyageNumber', row.carrierExportVoyageNumber),
    ...given('carrierServiceCode', row.carrierServiceCode),
    ...given('UNLocationCode', row.UNLocationCode),
  };
}
