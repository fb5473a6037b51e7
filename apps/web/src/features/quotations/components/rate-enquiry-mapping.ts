import {
  type CreateQuotationBody,
  CreateQuotationBodySchema,
  type InlandLocation,
  todayIso,
  type WEIGHT_UNITS,
} from '@lading/contract/quotations';
import type { HsnCode, Port, RailwayStation } from '@lading/contract/reference-data';
import type { Resolver } from 'react-hook-form';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import type { GeocodedPlace } from '../../../lib/reference-data/find-places';

/** Pick-up / delivery: none, an inland railway station (or ICD), or a door address. */
export type InlandChoice = 'NONE' | 'RAIL' | 'DOOR';
export type InlandForm = { kind: InlandChoice; station: RailwayStation | null; place: GeocodedPlace | null };

export type EquipmentLineForm = {
  isoCode: string;
  quantity: number | null;
  /** Decimal text as typed (the DecimalField's value). */
  weightPerUnit: string;
  weightUnit: (typeof WEIGHT_UNITS)[number];
};

/** The rate enquiry form: typeaheads hold the picked items, numbers may be empty while typing. */
export type RateEnquiryForm = {
  pol: Port | null;
  pod: Port | null;
  cargoType: string;
  hazardClass: string;
  unNumber: string;
  commodity: HsnCode | null;
  equipment: EquipmentLineForm[];
  cargoReadyDate: string;
  pickup: InlandForm;
  delivery: InlandForm;
};

export const emptyEquipmentLine = (): EquipmentLineForm => ({
  isoCode: '',
  quantity: 1,
  weightPerUnit: '',
  weightUnit: 'kg',
});

const noInland = (): InlandForm => ({ kind: 'NONE', station: null, place: null });

export const emptyRateEnquiry = (): RateEnquiryForm => ({
  pol: null,
  pod: null,
  cargoType: 'GEN',
  hazardClass: '',
  unNumber: '',
  commodity: null,
  equipment: [emptyEquipmentLine()],
  cargoReadyDate: todayIso(),
  pickup: noInland(),
  delivery: noInland(),
});

/** Commodities are HS subheadings (6 digits) or national tariff lines (8 digits); headings are not offered. */
export const isCommodityCode = (hs: HsnCode) => /^\d{6}(\d{2})?$/.test(hs.hsnCode);

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

function toInlandLocation(inland: InlandForm): Partial<InlandLocation> | undefined {
  if (inland.kind === 'RAIL') return { kind: 'RAIL', stationId: inland.station?.id };
  if (inland.kind === 'DOOR')
    return inland.place
      ? {
          kind: 'DOOR',
          address: inland.place.label,
          latitude: inland.place.latitude,
          longitude: inland.place.longitude,
        }
      : { kind: 'DOOR', address: '' };
  return undefined;
}

/**
 * The form's values as the body of POST cp/quotations/. Nothing is checked here: empty cells become missing fields,
 * so the contract's schema names them; the hazard class and UN number go only with HAZ cargo.
 */
export function toCreateQuotationBody(
  form: RateEnquiryForm,
): Partial<Record<keyof CreateQuotationBody, unknown>> {
  const hazardous = form.cargoType === 'HAZ';
  return {
    polId: form.pol?.id,
    podId: form.pod?.id,
    cargoType: blankToUndefined(form.cargoType),
    hazardClass: hazardous ? blankToUndefined(form.hazardClass) : undefined,
    unNumber: hazardous ? blankToUndefined(form.unNumber) : undefined,
    hsCode: form.commodity?.id,
    equipment: form.equipment.map((line) => ({
      isoCode: blankToUndefined(line.isoCode),
      quantity: line.quantity ?? undefined,
      weightPerUnit: line.weightPerUnit.trim() === '' ? undefined : Number(line.weightPerUnit),
      weightUnit: line.weightUnit,
    })),
    cargoReadyDate: blankToUndefined(form.cargoReadyDate),
    pickup: toInlandLocation(form.pickup),
    delivery: toInlandLocation(form.delivery),
  };
}

const RENAMED: Record<string, string> = {
  polId: 'pol',
  podId: 'pod',
  hsCode: 'commodity',
  equipment: 'equipment.root',
};
const SIMPLE = new Set(['cargoType', 'hazardClass', 'unNumber', 'cargoReadyDate']);

/**
 * Where a message about a body field (the contract's or the server's path, `equipment.1.quantity`) shows on the form:
 * ids go to the typeahead that picked them, a door's address and coordinates to the address field, a list-wide
 * message to the equipment list. Null when the form has no such cell.
 */
export function toRateEnquiryField(apiField: string): string | null {
  if (RENAMED[apiField]) return RENAMED[apiField];
  if (SIMPLE.has(apiField)) return apiField;
  const line = /^equipment\.(\d+)\.(isoCode|quantity|weightPerUnit|weightUnit)$/.exec(apiField);
  if (line) return apiField;
  if (/^equipment\.\d+$/.test(apiField)) return `${apiField}.isoCode`;
  const inland = /^(pickup|delivery)(?:\.(\w+))?$/.exec(apiField);
  if (inland) {
    const [, side, field] = inland;
    if (field === 'stationId') return `${side}.station`;
    if (field === 'address' || field === 'latitude' || field === 'longitude') return `${side}.place`;
    return `${side}.kind`;
  }
  return null;
}

const FIELD_LABELS: Record<string, string> = {
  pol: 'Port of loading',
  pod: 'Port of discharge',
  cargoType: 'Cargo type',
  hazardClass: 'Hazard class',
  unNumber: 'UN number',
  commodity: 'Commodity',
  cargoReadyDate: 'Cargo ready date',
  'equipment.root': 'Equipment',
  isoCode: 'Size-type',
  quantity: 'Quantity',
  weightPerUnit: 'Weight per container',
  weightUnit: 'Unit',
  station: 'Station',
  place: 'Address',
  kind: 'Location',
};

/**
 * The contract writes messages to follow the field's name ("is required", "must be 1 to 99"); on the form they read
 * as a sentence ("Quantity is required"). Whole sentences ("Please pick a port of loading") stay as they are.
 */
export function toFieldMessage(formField: string, message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const label = FIELD_LABELS[formField] ?? FIELD_LABELS[formField.split('.').at(-1) ?? ''];
  return label ? `${label} ${message}` : message;
}

/** A server 400's `fields` as the form shows them: on the form's cells, as sentences. */
export function toRateEnquiryErrors(fields: Record<string, string>): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [apiField, message] of Object.entries(fields)) {
    const field = toRateEnquiryField(apiField);
    if (field) placed[field] ??= toFieldMessage(field, message);
  }
  return placed;
}

/**
 * The rate enquiry's resolver: the contract's schema checks the body the form would send, and each message moves to
 * the cell that holds the value (see toRateEnquiryField), worded as a sentence (toFieldMessage).
 */
export const rateEnquiryResolver: Resolver<RateEnquiryForm, unknown, CreateQuotationBody> =
  mappedBodyResolver(CreateQuotationBodySchema, {
    toBody: toCreateQuotationBody,
    toField: toRateEnquiryField,
    toMessage: toFieldMessage,
  });
