import { describe, expect, it } from 'vitest';
import {
  latestWeighingDate,
  PutVgmDeclarationsBodySchema,
  verifiedGrossMassSchema,
  vgmMismatch,
} from './vgm';

const mass = (value: unknown) => verifiedGrossMassSchema.safeParse(value);

describe('VGM declarations (issue 26)', () => {
  it('rounds the mass half up on its decimal digits, never through a binary float', () => {
    expect(mass(12345.675).data).toBe('12345.68');
    expect(mass('12345.675').data).toBe('12345.68');
    expect(mass(12345.674).data).toBe('12345.67');
    expect(mass(0.005).data).toBe('0.01');
    expect(mass('1,250.5').data).toBe('1250.50');
    expect(mass('1e4').data).toBe('10000.00');
    expect(mass(100_000).data).toBe('100000.00');
  });

  it('refuses a mass that is not one, rounds to nothing or is too heavy', () => {
    expect(mass(0.004).error?.issues[0]?.message).toBe('must be more than 0 kg');
    expect(mass(-5).error?.issues[0]?.message).toBe('must be more than 0 kg');
    expect(mass(100_000.005).error?.issues[0]?.message).toBe('must be at most 100,000 kg');
    expect(mass('twelve').success).toBe(false);
    expect(mass(Number.NaN).success).toBe(false);
    expect(mass(null).success).toBe(false);
  });

  it('warns past 5 % from cargo gross + tare, either way; exactly 5 % is no warning', () => {
    const at = (vgm: string) => vgmMismatch({ vgm, cargoGrossWeight: '17800', tareWeight: 2200 });
    expect(at('21000')).toBeNull();
    expect(at('19000.00')).toBeNull();
    expect(at('21000.01')).toMatchObject({
      code: 'VGM_MISMATCH',
      declared: 21000.01,
      expected: 20000,
      deviationPercent: 5,
      tolerancePercent: 5,
    });
    expect(at('18999.99')).toMatchObject({ deviationPercent: -5 });
    expect(at('18999.99')!.message).toBe(
      'The VGM (18,999.99 kg) is 5.00 % below cargo gross + tare (20,000.00 kg): more than 5 % apart. Please check the weights.',
    );
    expect(at('21300')).toMatchObject({ deviationPercent: 6.5 });
    // 1/3 % rounded half up to 2 decimals.
    expect(vgmMismatch({ vgm: 4, cargoGrossWeight: 3, tareWeight: 0 })).toMatchObject({
      deviationPercent: 33.33,
    });
    // Nothing to compare with: no warning.
    expect(vgmMismatch({ vgm: '21000', cargoGrossWeight: null, tareWeight: 2200 })).toBeNull();
    expect(vgmMismatch({ vgm: '', cargoGrossWeight: '1', tareWeight: 2200 })).toBeNull();
  });

  it('names a container given twice, a date in the future and a method not SM1/SM2', () => {
    const declaration = {
      containerNumber: 'mscu1234566 ',
      version: 0,
      method: 'SM1',
      verifiedGrossMass: 20000,
      weighingDate: '2026-01-15',
      weighingParty: 'CFS',
      authorisedSignatory: 'A. SHIPPER',
    };
    const ok = PutVgmDeclarationsBodySchema.parse({ declarations: [declaration] });
    expect(ok.declarations[0]).toMatchObject({
      containerNumber: 'MSCU1234566',
      verifiedGrossMass: '20000.00',
    });
    const bad = PutVgmDeclarationsBodySchema.safeParse({
      declarations: [declaration, { ...declaration, method: 'SM3', weighingDate: '2999-01-01' }],
    });
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['declarations.1.method', 'declarations.1.weighingDate']));
    const twice = PutVgmDeclarationsBodySchema.safeParse({ declarations: [declaration, declaration] });
    expect(twice.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'declarations.1.containerNumber',
    ]);
    expect(latestWeighingDate(Date.parse('2026-11-27T12:00:00Z'))).toBe('2026-11-28');
  });
});
