import type { InlandTariff } from '@lading/contract/inland-tariffs';
import { InlandTariffBodySchema } from '@lading/contract/inland-tariffs';
import { describe, expect, it } from 'vitest';
import {
  inlandActions,
  inlandButtonName,
  inlandLegLabel,
  inlandTariffFormDefaults,
  toInlandTariffBody,
  toInlandTariffFormField,
} from './inland-tariff-mapping';

const port = { id: 1, code: 'INNSA', name: 'Nhava Sheva', countryCode: 'IN' };
const station = { id: 7, code: 'TKD', name: 'ICD Tughlakabad' };
const tariff = (patch: Partial<InlandTariff> = {}): InlandTariff => ({
  id: 3,
  mode: 'RAIL',
  port,
  station,
  fromKm: null,
  toKm: null,
  isoCode: '22G1',
  validFrom: '2026-12-01',
  validTo: '2027-02-28',
  currency: 'USD',
  amount: '620.00',
  active: true,
  quotationCount: 0,
  version: 1,
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...patch,
});

describe('inland tariff form', () => {
  it('sends a rail tariff with its station and no band, a door tariff with its band and no station', () => {
    const form = {
      ...inlandTariffFormDefaults(null, '2026-11-23'),
      port,
      station,
      fromKm: 0,
      toKm: 50,
      amount: '620.5',
    };
    expect(form.validTo).toBe('2027-02-20');
    const rail = toInlandTariffBody(form);
    expect(rail).toMatchObject({
      mode: 'RAIL',
      portId: 1,
      stationId: 7,
      fromKm: undefined,
      amount: '620.50',
    });
    expect(InlandTariffBodySchema.safeParse(rail).success).toBe(true);
    const door = toInlandTariffBody({ ...form, mode: 'DOOR' });
    expect(door).toMatchObject({ mode: 'DOOR', stationId: undefined, fromKm: 0, toKm: 50 });
    expect(InlandTariffBodySchema.safeParse(door).success).toBe(true);
  });

  it('puts the server’s and the schema’s messages on the cells that hold the values', () => {
    expect(toInlandTariffFormField('portId')).toBe('port');
    expect(toInlandTariffFormField('stationId')).toBe('station');
    expect(toInlandTariffFormField('fromKm')).toBe('fromKm');
    expect(toInlandTariffFormField('version')).toBeNull();
  });

  it('labels the leg and the row buttons, and offers Delete only while nothing was priced from it', () => {
    expect(inlandLegLabel(tariff())).toBe('ICD Tughlakabad (TKD) ↔ INNSA');
    expect(inlandLegLabel(tariff({ mode: 'DOOR', station: null, fromKm: 0, toKm: 50 }))).toBe(
      'Door 0–50 km ↔ INNSA',
    );
    expect(inlandButtonName('Delete', tariff())).toBe(
      'Delete inland tariff rail TKD to INNSA 22G1 from 2026-12-01',
    );
    expect(inlandActions(tariff())).toEqual(['deactivate', 'delete']);
    expect(inlandActions(tariff({ active: false, quotationCount: 2 }))).toEqual(['reactivate']);
  });
});
