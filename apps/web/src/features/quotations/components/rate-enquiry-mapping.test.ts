import type { HsnCode, Port, RailwayStation } from '@lading/contract/reference-data';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  emptyRateEnquiry,
  isCommodityCode,
  type RateEnquiryForm,
  rateEnquiryResolver,
  toCreateQuotationBody,
  toRateEnquiryErrors,
  toRateEnquiryField,
} from './rate-enquiry-mapping';

const port = (id: number, code: string): Port => ({ id, code, name: code }) as Port;
const hs: HsnCode = { id: 7, hsnCode: '52010000', commodity: 'Cotton', level: 8, parentCode: '520100' };
const station: RailwayStation = { id: 3, code: 'TKD', name: 'Tughlakabad', state: 'Delhi', kind: 'ICD' };

const filled = (patch: Partial<RateEnquiryForm> = {}): RateEnquiryForm => ({
  ...emptyRateEnquiry(),
  pol: port(1, 'INNSA'),
  pod: port(2, 'AEJEA'),
  commodity: hs,
  equipment: [{ isoCode: '22G1', quantity: 2, weightPerUnit: '12000.5', weightUnit: 'kg' }],
  ...patch,
});

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<RateEnquiryForm>;
const resolve = (form: RateEnquiryForm) => rateEnquiryResolver(form, undefined, options);

describe('toCreateQuotationBody', () => {
  it('sends ids of the picked items, numbers, and no hazard fields for non-HAZ cargo', () => {
    const body = toCreateQuotationBody(filled({ hazardClass: 'CLASS3', unNumber: '1263' }));
    expect(body).toMatchObject({
      polId: 1,
      podId: 2,
      cargoType: 'GEN',
      hsCode: 7,
      equipment: [{ isoCode: '22G1', quantity: 2, weightPerUnit: 12000.5, weightUnit: 'kg' }],
    });
    expect(body.hazardClass).toBeUndefined();
    expect(body.unNumber).toBeUndefined();
    expect(body.pickup).toBeUndefined();
  });

  it('sends a railway station or a geocoded door', () => {
    const body = toCreateQuotationBody(
      filled({
        cargoType: 'HAZ',
        hazardClass: 'CLASS3',
        unNumber: '1263',
        pickup: { kind: 'RAIL', station, place: null },
        delivery: {
          kind: 'DOOR',
          station: null,
          place: { label: 'Dubai, AE', latitude: 25.2, longitude: 55.3 },
        },
      }),
    );
    expect(body).toMatchObject({
      hazardClass: 'CLASS3',
      unNumber: '1263',
      pickup: { kind: 'RAIL', stationId: 3 },
      delivery: { kind: 'DOOR', address: 'Dubai, AE', latitude: 25.2, longitude: 55.3 },
    });
  });
});

describe('toRateEnquiryField', () => {
  it('maps API paths to the cells that hold them', () => {
    expect(toRateEnquiryField('polId')).toBe('pol');
    expect(toRateEnquiryField('podId')).toBe('pod');
    expect(toRateEnquiryField('hsCode')).toBe('commodity');
    expect(toRateEnquiryField('unNumber')).toBe('unNumber');
    expect(toRateEnquiryField('equipment')).toBe('equipment.root');
    expect(toRateEnquiryField('equipment.1.quantity')).toBe('equipment.1.quantity');
    expect(toRateEnquiryField('pickup.stationId')).toBe('pickup.station');
    expect(toRateEnquiryField('delivery.latitude')).toBe('delivery.place');
    expect(toRateEnquiryField('delivery')).toBe('delivery.kind');
    expect(toRateEnquiryField('somethingElse')).toBeNull();
  });
});

describe('toRateEnquiryErrors', () => {
  it("puts a server 400's fields on the cells as sentences", () => {
    expect(
      toRateEnquiryErrors({
        polId: 'Please pick a port of loading',
        'equipment.0.weightPerUnit': 'must be more than 0',
        'pickup.stationId': 'is not a known station',
        unknown: 'ignored',
      }),
    ).toEqual({
      pol: 'Please pick a port of loading',
      'equipment.0.weightPerUnit': 'Weight per container must be more than 0',
      'pickup.station': 'Station is not a known station',
    });
  });
});

describe('rateEnquiryResolver (the contract schema through zodResolver)', () => {
  it('passes a complete enquiry as the body', async () => {
    const result = await resolve(filled());
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ polId: 1, podId: 2, hsCode: 7 });
  });

  it('puts each message on its cell, the hazard and date rules together with the rest at once', async () => {
    const result = await resolve({
      ...emptyRateEnquiry(),
      cargoType: 'HAZ',
      cargoReadyDate: '2020-01-01',
      equipment: [{ isoCode: '', quantity: null, weightPerUnit: '', weightUnit: 'kg' }],
      pickup: { kind: 'RAIL', station: null, place: null },
    });
    const errors = result.errors as Record<string, unknown> & {
      equipment?: { quantity?: { message: string } }[];
    };
    expect(Object.keys(errors).sort()).toEqual([
      'cargoReadyDate',
      'commodity',
      'equipment',
      'hazardClass',
      'pickup',
      'pod',
      'pol',
      'unNumber',
    ]);
    expect(errors.pol).toMatchObject({ message: 'Please pick a port of loading' });
    expect(errors.hazardClass).toMatchObject({ message: 'Hazard class is required for HAZ' });
    expect(errors.cargoReadyDate).toMatchObject({ message: 'Cargo ready date must be today or later' });
    expect(errors.equipment?.[0]?.quantity?.message).toBe('Quantity is required');
    expect(errors.pickup).toHaveProperty('station');
  });

  it('asks for the hazard class and UN number of HAZ cargo', async () => {
    const result = await resolve(filled({ cargoType: 'HAZ' }));
    expect(result.errors).toMatchObject({
      hazardClass: { message: 'Hazard class is required for HAZ' },
      unNumber: { message: 'UN number is required for HAZ' },
    });
  });

  it('refuses the same port twice and a past cargo ready date', async () => {
    const result = await resolve(filled({ pod: port(1, 'INNSA'), cargoReadyDate: '2020-01-01' }));
    expect(result.errors).toHaveProperty('pod');
    expect(result.errors).toHaveProperty('cargoReadyDate');
  });
});

describe('isCommodityCode', () => {
  it('keeps 6- and 8-digit codes only', () => {
    expect(isCommodityCode(hs)).toBe(true);
    expect(isCommodityCode({ ...hs, hsnCode: '520100' })).toBe(true);
    expect(isCommodityCode({ ...hs, hsnCode: '5201' })).toBe(false);
  });
});
