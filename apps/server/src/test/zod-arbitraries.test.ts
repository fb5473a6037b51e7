import { SignUpBodySchema, UpdateProfileBodySchema } from '@lading/contract/accounts';
import { ReturnBillOfLadingBodySchema, SendBlMailBodySchema } from '@lading/contract/bill-of-lading-review';
import { BillOfLadingListQuerySchema, UpdateBillOfLadingBodySchema } from '@lading/contract/bills-of-lading';
import { IdParamsSchema } from '@lading/contract/ids';
import { PortsQuerySchema } from '@lading/contract/reference-data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ABSENT,
  buildObject,
  hostileArbitrary,
  percentEncode,
  RawJson,
  schemaAt,
  toJsonText,
  toQueryString,
  UnsupportedSchemaError,
  validArbitrary,
} from './zod-arbitraries';

const json = { mode: 'json' as const };
const query = { mode: 'query' as const, samples: { portType: ['SP', 'SP,DP'] } };
const parse = (schema: z.ZodType, value: unknown) => schema.safeParse(value === ABSENT ? undefined : value);

describe('zod-arbitraries', () => {
  it.each([
    ['sign-up', SignUpBodySchema, json],
    ['profile', UpdateProfileBodySchema, json],
    ['bill save', UpdateBillOfLadingBodySchema, json],
    ['mail', SendBlMailBodySchema, json],
    ['return', ReturnBillOfLadingBodySchema, json],
    ['bill list query', BillOfLadingListQuerySchema, query],
    ['ports query', PortsQuerySchema, query],
    ['id params', IdParamsSchema, query],
  ] as const)('valid values of the %s schema pass it; most hostile ones do not', (_name, schema, options) => {
    for (const value of fc.sample(validArbitrary(schema, options), 100)) {
      expect(parse(schema, value).success, toJsonText(value).slice(0, 300)).toBe(true);
    }
    const refused = fc
      .sample(hostileArbitrary(schema, options), 200)
      .filter((v) => !parse(schema, v).success);
    expect(refused.length).toBeGreaterThan(40);
  });

  it('query values are text, as a query string carries them', () => {
    for (const value of fc.sample(validArbitrary(BillOfLadingListQuerySchema, query), 50)) {
      for (const field of Object.values(value as object)) expect(typeof field).toBe('string');
    }
  });

  it('a kind it cannot translate fails loudly, naming the path', () => {
    const schema = z.object({ when: z.date() });
    expect(() => validArbitrary(schema, json)).toThrow(UnsupportedSchemaError);
    expect(() => validArbitrary(schema, json)).toThrow(/"date" at "when"/);
    const refined = z.object({ code: z.string().refine((v) => v === 'x') });
    expect(() => validArbitrary(refined, json)).toThrow(
      /refined string without a pattern or samples.* at "code"/,
    );
    expect(fc.sample(validArbitrary(refined, { ...json, samples: { code: ['x'] } }), 5)).toEqual(
      Array(5).fill({ code: 'x' }),
    );
  });

  it('finds the schema at a path through wrappers, arrays and unions', () => {
    const at = schemaAt(UpdateBillOfLadingBodySchema, ['blContainerDetails', 3, 'vgm']);
    expect(at?.safeParse(5).success).toBe(true);
    expect(at?.safeParse(-1).success).toBe(false);
    expect(schemaAt(UpdateBillOfLadingBodySchema, ['noSuchField'])).toBeNull();
  });

  it('writes JSON with own __proto__ keys, raw fragments and no absent fields', () => {
    const value = buildObject([
      ['__proto__', { isAdmin: true }],
      ['big', new RawJson('1e400')],
      ['gone', ABSENT],
    ]);
    expect(toJsonText(value)).toBe('{"__proto__":{"isAdmin":true},"big":1e400}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('percent-encodes any string, unpaired surrogates as their WTF-8 bytes', () => {
    expect(percentEncode('a b\ud800😀')).toBe('a%20b%ED%A0%80%F0%9F%98%80');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => typeof percentEncode(text) === 'string'));
    expect(toQueryString(buildObject({ id: ['1', '2'], name: 'x&y', skip: ABSENT }))).toBe(
      'id=1&id=2&name=x%26y',
    );
  });
});
