import { PriceQuotationBodySchema } from '@lading/contract/quotations';
import { describe, expect, it } from 'vitest';
import {
  bookedQuantity,
  chargeLineAmount,
  emptyChargeLine,
  livePriceTotal,
  priceFormDefaults,
  toPriceBody,
  toPriceFormField,
} from './price-form';

const equipment = [
  { isoCode: '22G1', quantity: 2 },
  { isoCode: '45G1', quantity: 1 },
  { isoCode: '22G1', quantity: 1 },
];

describe('price form defaults', () => {
  it('offers ocean freight per size-type with its booked quantity and a documentation fee per bill', () => {
    const form = priceFormDefaults(
      { equipment: equipment.map((line) => ({ ...line, weightPerUnit: 1, weightUnit: 'kg' as const })) },
      '2026-11-23',
    );
    expect(form.validUntil).toBe('2026-11-30');
    expect(form.currency).toBe('USD');
    expect(
      form.charges.map(({ code, basis, isoCode, quantity }) => [code, basis, isoCode, quantity]),
    ).toEqual([
      ['OCEAN_FREIGHT', 'PER_CONTAINER', '22G1', 3],
      ['OCEAN_FREIGHT', 'PER_CONTAINER', '45G1', 1],
      ['DOC_FEE', 'PER_BL', '', 1],
    ]);
  });

  it('new lines default to the booked quantity (per container) or 1 (per bill)', () => {
    expect(bookedQuantity(equipment, '22G1')).toBe(3);
    expect(bookedQuantity(equipment, '40R1')).toBe(0);
    expect(emptyChargeLine(equipment)).toMatchObject({
      basis: 'PER_CONTAINER',
      isoCode: '22G1',
      quantity: 3,
    });
    expect(emptyChargeLine(equipment, 'PER_BL')).toMatchObject({ basis: 'PER_BL', isoCode: '', quantity: 1 });
  });
});

describe('livePriceTotal (exact)', () => {
  it('adds the lines exactly, where floating point would not', () => {
    const { amounts, total, complete } = livePriceTotal([
      { quantity: 3, unitAmount: '0.10' },
      { quantity: 1, unitAmount: '0.20' },
      { quantity: 2, unitAmount: '1,250.005' },
    ]);
    expect(amounts).toEqual(['0.30', '0.20', '2500.02']);
    expect(total).toBe('2500.52');
    expect(complete).toBe(true);
  });

  it('keeps big amounts exact', () => {
    expect(livePriceTotal([{ quantity: 99, unitAmount: '999999999999.99' }]).total).toBe('98999999999999.01');
  });

  it('counts only lines with an amount and says so', () => {
    const result = livePriceTotal([
      { quantity: 2, unitAmount: '100' },
      { quantity: null, unitAmount: '50' },
      { quantity: 1, unitAmount: '' },
      { quantity: 1, unitAmount: 'abc' },
    ]);
    expect(result.amounts).toEqual(['200.00', null, null, null]);
    expect(result.total).toBe('200.00');
    expect(result.complete).toBe(false);
    expect(livePriceTotal([]).complete).toBe(false);
    expect(chargeLineAmount({ quantity: 1.5, unitAmount: '10' })).toBeNull();
  });
});

describe('toPriceBody', () => {
  it('builds a body the contract accepts: two-decimal amounts, no size-type on per-bill lines', () => {
    const body = toPriceBody({
      currency: 'USD',
      validUntil: '2099-01-31',
      charges: [
        {
          code: 'ocean_freight',
          name: 'Ocean freight',
          basis: 'PER_CONTAINER',
          isoCode: '22G1',
          quantity: 1,
          unitAmount: '1250',
        },
        {
          code: 'DOC_FEE',
          name: 'Documentation fee',
          basis: 'PER_BL',
          isoCode: '22G1',
          quantity: 1,
          unitAmount: '45.5',
        },
      ],
    });
    expect(PriceQuotationBodySchema.parse(body).charges).toEqual([
      {
        code: 'OCEAN_FREIGHT',
        name: 'Ocean freight',
        basis: 'PER_CONTAINER',
        isoCode: '22G1',
        quantity: 1,
        unitAmount: '1250.00',
      },
      {
        code: 'DOC_FEE',
        name: 'Documentation fee',
        basis: 'PER_BL',
        isoCode: null,
        quantity: 1,
        unitAmount: '45.50',
      },
    ]);
  });

  it('maps body paths to cells', () => {
    expect(toPriceFormField('charges.1.unitAmount')).toBe('charges.1.unitAmount');
    expect(toPriceFormField('charges.0')).toBe('charges.0.code');
    expect(toPriceFormField('charges')).toBe('charges.root');
    expect(toPriceFormField('validUntil')).toBe('validUntil');
    expect(toPriceFormField('other')).toBeNull();
  });
});

describe('price form defaults with inland haulage on request (issue 28 item 5)', () => {
  const base = {
    equipment: [
      { isoCode: '22G1', quantity: 2, weightPerUnit: 1, weightUnit: 'kg' as const },
      { isoCode: '45G1', quantity: 1, weightPerUnit: 1, weightUnit: 'kg' as const },
    ],
    pol: { id: 1, code: 'INNSA', name: 'Nhava Sheva' },
    pod: { id: 2, code: 'AEJEA', name: 'Jebel Ali' },
    pickup: { kind: 'RAIL' as const, stationId: 9, stationCode: 'NDLS', stationName: 'New Delhi' },
    delivery: { kind: 'DOOR' as const, address: 'Deira, Dubai', latitude: 25.27, longitude: 55.3 },
  };

  it('puts a line per size-type for each leg on request around the ocean freight, named as the pricing names it', () => {
    const form = priceFormDefaults({ ...base, inlandOnRequest: ['PICKUP', 'DELIVERY'] }, '2026-11-23');
    expect(form.charges.map(({ code, name, isoCode, quantity }) => [code, name, isoCode, quantity])).toEqual([
      ['INLAND_PICKUP', 'Inland haulage (rail) NDLS -> INNSA', '22G1', 2],
      ['OCEAN_FREIGHT', 'Ocean freight', '22G1', 2],
      ['INLAND_DELIVERY', 'Inland haulage (door) AEJEA -> door', '22G1', 2],
      ['INLAND_PICKUP', 'Inland haulage (rail) NDLS -> INNSA', '45G1', 1],
      ['OCEAN_FREIGHT', 'Ocean freight', '45G1', 1],
      ['INLAND_DELIVERY', 'Inland haulage (door) AEJEA -> door', '45G1', 1],
      ['DOC_FEE', 'Documentation fee', '', 1],
    ]);
  });

  it('adds no inland line when the legs were priced or there were none', () => {
    const form = priceFormDefaults({ ...base, inlandOnRequest: [] }, '2026-11-23');
    expect(form.charges.map((line) => line.code)).toEqual(['OCEAN_FREIGHT', 'OCEAN_FREIGHT', 'DOC_FEE']);
  });
});
