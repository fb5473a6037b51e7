import type { InlandTariff } from '@lading/contract/inland-tariffs';
import { InlandTariffBodySchema } from '@lading/contract/inland-tariffs';
import { describe, expect, it } from 'vitest';
import {
  INLAND_TARIFF,
  inlandLegLabel,
  inlandTariffFormDefaults,
  toInlandTariffBody,
  toInlandTariffFormField,
} from './inland-tariff-mapping';
import { tariffActions, tariffActionTexts } from './tariff-lifecycle';

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
    expect(INLAND_TARIFF.buttonName('Delete', tariff())).toBe(
      'Delete inland tariff rail TKD to INNSA 22G1 from 2026-12-01',
    );
    expect(tariffActions(tariff())).toEqual(['deactivate', 'delete']);
    expect(tariffActions(tariff({ active: false, quotationCount: 2 }))).toEqual(['reactivate']);
  });

  it("asks in the inland tariff's words, with the sea tariffs' buttons, and says what happened", () => {
    const deactivate = tariffActionTexts(INLAND_TARIFF, 'deactivate', tariff());
    expect(deactivate.title).toBe('Deactivate inland tariff rail TKD ↔ INNSA 22G1, 01/12/2026 – 28/02/2027?');
    expect(deactivate.body).toMatch(/inland haulage on request/);
    expect(deactivate.confirmLabel).toBe('Deactivate tariff');
    expect(deactivate.done).toBe(
      'Inland tariff rail TKD ↔ INNSA 22G1, 01/12/2026 – 28/02/2027 deactivated: it prices no new enquiry.',
    );
    const remove = tariffActionTexts(
      INLAND_TARIFF,
      'delete',
      tariff({ mode: 'DOOR', station: null, fromKm: 0, toKm: 50 }),
    );
    expect(remove.title).toBe('Delete inland tariff door 0–50 km ↔ INNSA 22G1, 01/12/2026 – 28/02/2027?');
    expect(remove.done).toMatch(/^Inland tariff door 0–50 km .* deleted\.$/);
    expect(remove.color).toBeDefined();
    expect(tariffActionTexts(INLAND_TARIFF, 'reactivate', tariff()).confirmLabel).toBe('Reactivate tariff');
  });
});
