import { RecordEquipmentEventBodySchema } from '@lading/contract/tracking';
import { describe, expect, it } from 'vitest';
import {
  EVENT_CODE_OPTIONS,
  equipmentEventDefaults,
  importErrorsOf,
  importedText,
  toEquipmentEventBody,
  toEquipmentEventField,
  toEquipmentEventMessage,
  utcInstant,
  utcNowInput,
} from './equipment-event-mapping';

describe('the one-event form as the request body', () => {
  it('sends the standard’s names, the place’s code and the time typed in UTC as an instant', () => {
    const body = toEquipmentEventBody({
      ...equipmentEventDefaults(Date.parse('2026-11-28T18:04:31Z')),
      equipmentReference: 'MSCU1234566',
      equipmentEventTypeCode: 'LOAD',
      place: { code: 'INNSA', name: 'Nhava Sheva' },
      facilitySMDGCode: ' NSICT ',
      carrierExportVoyageNumber: '2611W',
    });
    expect(body).toEqual({
      equipmentReference: 'MSCU1234566',
      equipmentEventTypeCode: 'LOAD',
      eventClassifierCode: 'ACT',
      eventDateTime: '2026-11-28T18:04:00Z',
      UNLocationCode: 'INNSA',
      facilitySMDGCode: 'NSICT',
      facilityTypeCode: undefined,
      emptyIndicatorCode: 'LADEN',
      carrierExportVoyageNumber: '2611W',
      isTransshipmentMove: false,
    });
    expect(RecordEquipmentEventBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves empty cells out, for the contract’s schema to name them', () => {
    const body = toEquipmentEventBody({ ...equipmentEventDefaults(), eventDateTime: '' });
    const result = RecordEquipmentEventBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'equipmentReference',
        'equipmentEventTypeCode',
        'eventDateTime',
        'UNLocationCode',
      ]),
    );
    // Each of them has a cell to show it on.
    for (const path of paths ?? []) expect(toEquipmentEventField(path), path).not.toBeNull();
  });

  it('turns the date field’s UTC value into an instant, and leaves other text for the schema to refuse', () => {
    expect(utcInstant('2026-11-28T18:00')).toBe('2026-11-28T18:00:00Z');
    expect(utcInstant('')).toBeUndefined();
    expect(utcInstant('28/11/2026 18')).toBe('28/11/2026 18');
    expect(utcNowInput(Date.parse('2026-11-28T23:59:59.900Z'))).toBe('2026-11-28T23:59');
  });

  it('offers every equipment event code with its words', () => {
    expect(EVENT_CODE_OPTIONS).toContainEqual({ value: 'GTIN', label: 'GTIN — Gated in' });
    expect(EVENT_CODE_OPTIONS).toContainEqual({ value: 'AVPU', label: 'AVPU — Available for pick-up' });
    expect(EVENT_CODE_OPTIONS).toHaveLength(17);
  });
});

describe('messages on the form’s cells', () => {
  it('puts a body field’s message on its cell, the place’s on the place typeahead', () => {
    expect(toEquipmentEventField('UNLocationCode')).toBe('place');
    expect(toEquipmentEventField('equipmentReference')).toBe('equipmentReference');
    expect(toEquipmentEventField('carrierExportVoyageNumber')).toBe('carrierExportVoyageNumber');
    expect(toEquipmentEventField('retractedEventID')).toBeNull();
    expect(toEquipmentEventField('place')).toBeNull();
  });

  it('reads a field’s message as a sentence after its label; whole sentences stay', () => {
    expect(toEquipmentEventMessage('equipmentReference', 'is required')).toBe('Container number is required');
    expect(toEquipmentEventMessage('place', 'must be a UN/LOCODE (5 characters, e.g. SGSIN)')).toBe(
      'Place (UN/LOCODE) must be a UN/LOCODE (5 characters, e.g. SGSIN)',
    );
    expect(toEquipmentEventMessage('equipmentReference', 'check digit does not match')).toBe(
      'check digit does not match',
    );
  });
});

describe('a refused CSV import', () => {
  it('lists the errors by line, then in the server’s order, leaving out what names no line', () => {
    expect(
      importErrorsOf({
        'line 7.eventDateTime': 'is not a real date-time',
        'line 3.eventCode': 'must be one of LOAD, DISC, …',
        'line 3.containerNumber': 'check digit does not match',
        'line 12.UNLocationCode': 'XXXXX is not a known UN/LOCODE',
        content: 'is empty',
      }),
    ).toEqual([
      { line: 3, column: 'eventCode', message: 'must be one of LOAD, DISC, …' },
      { line: 3, column: 'containerNumber', message: 'check digit does not match' },
      { line: 7, column: 'eventDateTime', message: 'is not a real date-time' },
      { line: 12, column: 'UNLocationCode', message: 'XXXXX is not a known UN/LOCODE' },
    ]);
  });

  it('counts what was imported in words', () => {
    expect(importedText(1)).toBe('1 move imported');
    expect(importedText(12)).toBe('12 moves imported');
  });
});
