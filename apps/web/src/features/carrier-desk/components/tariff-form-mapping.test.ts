import type { Tariff } from '@lading/contract/tariffs';
import { TariffBodySchema } from '@lading/contract/tariffs';
import { describe, expect, it } from 'vitest';
import { tariffFormDefaults, toTariffBody, toTariffFormField } from './tariff-form-mapping';

const port = (id: number, code: string) => ({ id, code, name: code });

describe('tariff form', () => {
  it('a new tariff: 90 days from today in USD, the usual lines, the hazardous surcharge for HAZ only', () => {
    const form = tariffFormDefaults(null, '2026-11-23');
    expect(form).toMatchObject({
      validFrom: '2026-11-23',
      validTo: '2027-02-20',
      currency: 'USD',
      isoCode: '22G1',
    });
    expect(form.charges.filter((charge) => charge.hazardousOnly).map((charge) => charge.code)).toEqual([
      'HAZ_SURCHARGE',
    ]);
    expect(form.charges.find((charge) => charge.code === 'DOC_FEE')?.basis).toBe('PER_BL');
  });

  it('an existing tariff round-trips to the same body', () => {
    const tariff: Tariff = {
      id: 7,
      pol: port(1, 'INNSA'),
      pod: port(2, 'AEJEA'),
      isoCode: '45G1',
      validFrom: '2026-11-23',
      validTo: '2027-02-20',
      currency: 'USD',
      charges: [
        {
          code: 'OCEAN_FREIGHT',
          name: 'Ocean freight',
          basis: 'PER_CONTAINER',
          amount: '1250.00',
          hazardousOnly: false,
        },
      ],
      active: true,
      quotationCount: 0,
      version: 3,
      updatedAt: '2026-11-23T00:00:00Z',
    };
    expect(TariffBodySchema.parse(toTariffBody(tariffFormDefaults(tariff, '2026-11-23')))).toEqual({
      polId: 1,
      podId: 2,
      isoCode: '45G1',
      validFrom: '2026-11-23',
      validTo: '2027-02-20',
      currency: 'USD',
      charges: [
        {
          code: 'OCEAN_FREIGHT',
          name: 'Ocean freight',
          basis: 'PER_CONTAINER',
          amount: '1250.00',
          hazardousOnly: false,
        },
      ],
    });
  });

  it('empty ports and amounts are left out so the contract names them; paths land on the cells', () => {
    const result = TariffBodySchema.safeParse(toTariffBody(tariffFormDefaults(null, '2026-11-23')));
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['polId', 'podId', 'charges.0.amount']));
    expect(paths.map(toTariffFormField)).toEqual(expect.arrayContaining(['pol', 'pod', 'charges.0.amount']));
    expect(toTariffFormField('validFrom')).toBe('validFrom');
    expect(toTariffFormField('charges')).toBe('charges.root');
  });
});
