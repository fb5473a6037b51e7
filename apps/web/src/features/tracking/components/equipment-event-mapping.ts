import {
  EQUIPMENT_EVENT_TYPE_CODES,
  type EquipmentEventTypeCode,
  FACILITY_TYPE_CODES,
  type RecordEquipmentEventBody,
} from '@lading/contract/tracking';

/** A place picked in the typeahead (the reference data's port), by code and name. */
export type EventPlace = { code: string; name: string };

/**
 * The one-event form: the container and its move as typed or picked. The time is typed in UTC ("2026-11-28T18:00",
 * the date field's value): the reference data's ports carry no time zone to type it in the place's own time.
 */
export type EquipmentEventForm = {
  equipmentReference: string;
  equipmentEventTypeCode: string;
  eventClassifierCode: 'ACT' | 'EST' | 'PLN';
  eventDateTime: string;
  place: EventPlace | null;
  facilitySMDGCode: string;
  facilityTypeCode: string;
  emptyIndicatorCode: 'LADEN' | 'EMPTY';
  carrierExportVoyageNumber: string;
  isTransshipmentMove: boolean;
};

/** The event codes as the select offers them, the standard's code and its words: "GTIN — Gated in". */
export const EVENT_CODE_OPTIONS = (Object.keys(EQUIPMENT_EVENT_TYPE_CODES) as EquipmentEventTypeCode[]).map(
  (code) => ({ value: code, label: `${code} — ${EQUIPMENT_EVENT_TYPE_CODES[code]}` }),
);

export const FACILITY_TYPE_OPTIONS = Object.entries(FACILITY_TYPE_CODES).map(([code, name]) => ({
  value: code,
  label: `${code} — ${name}`,
}));

/** "2026-11-28T18:00" now, in UTC: the form's first time (an actual move is usually recorded as it happens). */
export function utcNowInput(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 16);
}

export function equipmentEventDefaults(now = Date.now()): EquipmentEventForm {
  return {
    equipmentReference: '',
    equipmentEventTypeCode: '',
    eventClassifierCode: 'ACT',
    eventDateTime: utcNowInput(now),
    place: null,
    facilitySMDGCode: '',
    facilityTypeCode: '',
    emptyIndicatorCode: 'LADEN',
    carrierExportVoyageNumber: '',
    isTransshipmentMove: false,
  };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The date field's "2026-11-28T18:00", typed in UTC, as the instant the API takes ("2026-11-28T18:00:00Z"); text
 * that is no whole date and time goes as it is, for the contract's schema to refuse by name.
 */
export function utcInstant(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00Z` : text;
}

/** The form as the body of POST cp/admin/equipment-events/, for the contract's schema to check. */
export function toEquipmentEventBody(
  form: EquipmentEventForm,
): Partial<Record<keyof RecordEquipmentEventBody, unknown>> {
  return {
    equipmentReference: blankToUndefined(form.equipmentReference),
    equipmentEventTypeCode: blankToUndefined(form.equipmentEventTypeCode),
    eventClassifierCode: form.eventClassifierCode,
    eventDateTime: utcInstant(form.eventDateTime),
    UNLocationCode: form.place?.code,
    facilitySMDGCode: blankToUndefined(form.facilitySMDGCode),
    facilityTypeCode: blankToUndefined(form.facilityTypeCode),
    emptyIndicatorCode: form.emptyIndicatorCode,
    carrierExportVoyageNumber: blankToUndefined(form.carrierExportVoyageNumber),
    isTransshipmentMove: form.isTransshipmentMove,
  };
}

/** The cells' labels, by the form's names. */
export const EVENT_FIELD_LABELS: Record<keyof EquipmentEventForm, string> = {
  equipmentReference: 'Container number',
  equipmentEventTypeCode: 'Event',
  eventClassifierCode: 'Classifier',
  eventDateTime: 'Event time (UTC)',
  place: 'Place (UN/LOCODE)',
  facilitySMDGCode: 'Facility (SMDG code)',
  facilityTypeCode: 'Facility type',
  emptyIndicatorCode: 'Empty or laden',
  carrierExportVoyageNumber: 'Voyage number',
  isTransshipmentMove: 'Transhipment move',
};

/**
 * The cell that shows a message about a body field (of the contract's check or a server 400's `fields`): the body's
 * names are the form's, but for the place (UNLocationCode, picked in the typeahead). A correction's
 * `retractedEventID` has no cell here: its message is shown above the buttons.
 */
export function toEquipmentEventField(path: string): keyof EquipmentEventForm | null {
  if (path === 'UNLocationCode') return 'place';
  return path in EVENT_FIELD_LABELS && path !== 'place' ? (path as keyof EquipmentEventForm) : null;
}

/** "is required" under "Container number" reads "Container number is required"; sentences stay as they are. */
export function toEquipmentEventMessage(field: string, message: string): string {
  const label = EVENT_FIELD_LABELS[field as keyof EquipmentEventForm];
  return label && /^(is|are|must|should|has|cannot)\b/.test(message) ? `${label} ${message}` : message;
}

/** A line of a refused CSV import: its number, the column at fault and what is wrong. */
export type ImportLineError = { line: number; column: string; message: string };

/**
 * A refused import's `fields` ("line 3.eventCode": "must be one of …") as rows by line, then column, in the file's
 * order; entries about no line (the body's `content`) are left out here and said apart.
 */
export function importErrorsOf(fields: Record<string, string>): ImportLineError[] {
  const rows: ImportLineError[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const match = /^line (\d+)\.(.+)$/.exec(key);
    if (match) rows.push({ line: Number(match[1]), column: match[2]!, message });
  }
  return rows.sort((a, b) => a.line - b.line);
}

/** "1 move imported", "12 moves imported". */
export const importedText = (count: number) => `${count} ${count === 1 ? 'move' : 'moves'} imported`;
