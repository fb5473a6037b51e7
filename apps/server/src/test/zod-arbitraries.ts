import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries generated from our zod 4 schemas, biased towards hostile input: for each schema a "valid"
 * arbitrary (values the schema accepts, with hostile content wherever the schema allows it: SQL and HTML
 * metacharacters, control characters, unpaired surrogates, boundary numbers) and a "hostile" one (values it should
 * refuse: wrong types, missing and extra fields, `__proto__` keys, numbers out of range or beyond 2^31, NaN and
 * Infinity as raw JSON, over-long and blank strings, deep nesting), built by mutating one place of a valid value so
 * the refusal has a field to name. zod-fast-check (the maintained translator) supports zod 3 and fast-check 3 only.
 *
 * Only the kinds our input schemas use are translated; any other kind throws, naming the path, so a new schema that
 * the translator does not understand fails the test that uses it instead of being skipped.
 */

/** A field left out of its object (an optional or defaulted field, or a required one removed). */
export const ABSENT: unique symbol = Symbol('absent');

/** A JSON fragment sent verbatim: numbers JavaScript cannot hold (1e400), deep nesting, duplicate keys. */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return `RawJson(${this.text.length > 60 ? `${this.text.slice(0, 60)}… (${this.text.length} chars)` : this.text})`;
  }
  [fc.toStringMethod](): string {
    return this.toString();
  }
}

export type Mode = 'json' | 'query';
export type ArbitraryOptions = {
  /** `query`: every leaf is text as a query string carries it (numbers and booleans coerced by the schema). */
  mode: Mode;
  /**
   * Values the schema accepts, by path (`portType`, `blContainerDetails.0.sealNo` as `blContainerDetails.*.sealNo`)
   * or by field name (`sealNo`, wherever it is):
   * required for refinements the translator cannot read (a `.refine()` on a string); for a plain string or number,
   * values the server looks up (a country's name), mixed with generated ones.
   */
  samples?: Record<string, readonly unknown[]>;
};

type Def = { type: string; checks?: Check[]; [key: string]: unknown };
type Check = { _zod: { def: { check: string; [key: string]: unknown } } };
type Schema = z.ZodType;

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export class UnsupportedSchemaError extends Error {}
const unsupported = (what: string, path: string) =>
  new UnsupportedSchemaError(`zod-arbitraries: no generator for ${what} at "${path || '(root)'}"`);

// ---- hostile building blocks -----------------------------------------------------------------------------------

/** Pieces that break naive SQL, HTML, shell, template, log and Unicode handling. */
export const NASTY_FRAGMENTS = [
  "'",
  '"',
  '\\',
  '`',
  ';',
  '--',
  '/*',
  '*/',
  '%',
  '_',
  '<',
  '>',
  '&',
  '&amp;',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password FROM users',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself is the attack (log4shell-style lookup).
  '${jndi:ldap://x}',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%s%n',
  '\\u0000',
  '\t',
  '\n',
  '\r\n',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u2028',
  '\u2029',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\udbff\udfff',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  'İ',
  'ß',
  'ﬁ',
  '١٢٣',
  '１２３',
  '𝔘𝔫𝔦',
  'ﷺ',
  'Ω',
  'null',
  'undefined',
  'NaN',
  'true',
  '__proto__',
  'constructor',
] as const;

/** Whole strings that are hostile anywhere text goes. */
const NASTY_STRINGS = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(3),
  '\ud800',
  'a\udc00',
  '\u202eevil',
  "'",
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%',
  '%%',
  '_%',
  '\\',
  'x'.repeat(10_000),
  '😀'.repeat(5_000),
  '9'.repeat(400),
  '-1',
  '0',
  '2147483648',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
] as const;

/** Numbers at and beyond every boundary our columns and JavaScript have. */
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.5,
  1e-7,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
] as const;

/** Numbers JSON can carry but JavaScript cannot hold exactly (or at all), and JSON's edge spellings. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '1.0',
  '1E2',
  '123456789012345678901234567890',
  '2147483648.0000000001',
  '0.30000000000000004',
] as const;

/** Query-string text that a coercing number schema might misread. */
const NUMBERISH_TEXT = [
  '',
  ' ',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  '+5',
  ' 7 ',
  '١٢',
  '１',
  'Infinity',
  '-Infinity',
  'NaN',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '9'.repeat(400),
  'abc',
  'true',
] as const;

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  ' ',
  'a.b',
  '$where',
  '\u0000',
  '\ud800',
  'k'.repeat(300),
] as const;

/** Whole query strings (sent verbatim) that a query parser may choke on. */
const RAW_QUERIES = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80=%ED%A0%80',
  '%00=%00',
  '&&&',
  '=',
  '==',
  'a',
  ';a=1',
  '+=+',
  'x[]=1&x[]=2',
  'a[b][c]=1',
  '__proto__[isAdmin]=true',
  '__proto__=1',
  'constructor[prototype][isAdmin]=true',
  'hasOwnProperty=1&toString=1',
  'a=1&'.repeat(3_000),
  `q=${'%41'.repeat(20_000)}`,
] as const;

const nestedText = (depth: number, open: string, inner: string, close: string) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Deeply nested arrays and objects: enough to overflow a recursive walker, small enough for the body limit. */
const DEEP_VALUES = [
  new RawJson(nestedText(5_000, '[', '', ']')),
  new RawJson(nestedText(5_000, '{"a":', '1', '}')),
  new RawJson(nestedText(100, '[', '"\\u0000"', ']')),
];

/** Prototype-pollution attempts, written as JSON text so the key is an own `__proto__` key. */
const POLLUTION = [
  new RawJson('{"__proto__":{"isAdmin":true}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  new RawJson('{"a":1,"a":2}'),
];

/** Any JSON value at all, hostile in shape or content: what a field of any type may receive. */
export const hostileJsonAnything: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], ['a']), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(...DEEP_VALUES, ...POLLUTION), weight: 1 },
  { arbitrary: fc.array(fc.constant(null), { minLength: 1_000, maxLength: 20_000 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** Any text, hostile in content: what a query-string value may receive. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom<string>(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom<string>(...NUMBERISH_TEXT), weight: 3 },
  {
    arbitrary: fc.array(fc.constantFrom<string>(...NASTY_FRAGMENTS), { maxLength: 8 }).map((p) => p.join('')),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 50 }), weight: 2 },
);

/** Text with hostile content that still fits `min`..`max` characters (after trimming when the schema trims). */
function contentText(min: number, max: number, trims: boolean): fc.Arbitrary<string> {
  const pieces = fc.oneof(
    {
      arbitrary: fc
        .array(fc.constantFrom<string>(...NASTY_FRAGMENTS), { minLength: 1, maxLength: 6 })
        .map((p) => p.join('')),
      weight: 3,
    },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), weight: 1 },
    { arbitrary: fc.constantFrom('Demo Exports', 'Mumbai', 'ACME Ltd', 'x'), weight: 1 },
    { arbitrary: fc.constant('z'.repeat(Math.max(min, Math.min(max, 10_000)))), weight: 1 },
  );
  return pieces.map((text) => {
    // NUL and unpaired surrogates are refused by the server before any schema (input guard): hostile values only.
    let value = text.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '');
    if (trims) value = value.trim();
    if (value.length < min) value = value.padEnd(min, 'x');
    if (value.length > max) value = trims ? value.slice(0, max).trim() : value.slice(0, max);
    if (value.length < min) value = 'x'.repeat(min);
    return value;
  });
}

// ---- reading a schema ------------------------------------------------------------------------------------------

type StringRules = {
  min: number;
  max: number;
  trims: boolean;
  patterns: RegExp[];
  format?: string;
  refined: boolean;
};

function stringRules(def: Def, path: string): StringRules {
  const rules: StringRules = {
    min: 0,
    max: Number.POSITIVE_INFINITY,
    trims: false,
    patterns: [],
    refined: false,
  };
  if (typeof def.format === 'string') rules.format = def.format;
  if (def.pattern instanceof RegExp && def.format === 'regex') rules.patterns.push(def.pattern);
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    switch (c.check) {
      case 'min_length':
        rules.min = Math.max(rules.min, c.minimum as number);
        break;
      case 'max_length':
        rules.max = Math.min(rules.max, c.maximum as number);
        break;
      case 'length_equals':
        rules.min = rules.max = c.length as number;
        break;
      case 'overwrite':
        // trim(), toLowerCase(), toUpperCase(), normalize(): all are overwrites; trimming is what our schemas use.
        rules.trims = true;
        break;
      case 'string_format':
        if (c.format === 'regex' && c.pattern instanceof RegExp) rules.patterns.push(c.pattern);
        else rules.format = c.format as string;
        break;
      case 'custom':
        rules.refined = true;
        break;
      default:
        throw unsupported(`the string check "${c.check}"`, path);
    }
  }
  return rules;
}

type NumberRules = { min: number; max: number; int: boolean };

const INT_FORMATS: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};
const nextUp = (v: number) => (v === 0 ? Number.MIN_VALUE : v + Math.abs(v) * Number.EPSILON);
const nextDown = (v: number) => (v === 0 ? -Number.MIN_VALUE : v - Math.abs(v) * Number.EPSILON);

function numberRules(def: Def, path: string): NumberRules {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const format = checks.find((c) => c.check === 'number_format')?.format as string | undefined;
  if (format !== undefined && !INT_FORMATS[format]) throw unsupported(`the number format "${format}"`, path);
  const int = format !== undefined;
  const rules: NumberRules = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, int };
  if (format) [rules.min, rules.max] = INT_FORMATS[format]!;
  for (const c of checks) {
    const value = Number(c.value);
    if (c.check === 'number_format') continue;
    if (c.check === 'greater_than')
      rules.min = Math.max(rules.min, c.inclusive ? value : int ? Math.floor(value) + 1 : nextUp(value));
    else if (c.check === 'less_than')
      rules.max = Math.min(rules.max, c.inclusive ? value : int ? Math.ceil(value) - 1 : nextDown(value));
    else throw unsupported(`the number check "${c.check}"`, path);
  }
  if (int) {
    rules.min = Math.ceil(rules.min);
    rules.max = Math.floor(rules.max);
  }
  return rules;
}

/** The schemas a wrapper passes values through to (for finding the schema at a path). */
function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return unwrap(def.innerType as Schema);
    case 'pipe': {
      const input = def.in as Schema;
      return unwrap(defOf(input).type === 'transform' ? (def.out as Schema) : input);
    }
    default:
      return schema;
  }
}

/** The schema of the value at `path` (`blContainerDetails.3.vgm`), or null when the schema has no such place. */
export function schemaAt(root: Schema, path: readonly (string | number)[]): Schema | null {
  let current: Schema | null = root;
  for (const segment of path) {
    if (!current) return null;
    const def = defOf(unwrap(current));
    if (def.type === 'object') {
      const shape = def.shape as Record<string, Schema>;
      current = Object.hasOwn(shape, segment) ? shape[segment]! : null;
    } else if (def.type === 'array') {
      current = def.element as Schema;
    } else if (def.type === 'union') {
      current = (def.options as Schema[]).map((option) => schemaAt(option, [segment])).find(Boolean) ?? null;
    } else {
      return null;
    }
  }
  return current;
}

// ---- valid values ----------------------------------------------------------------------------------------------

const child = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const samplePath = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '.*');

/** Values `schema` accepts, with hostile content wherever it is allowed. ABSENT stands for a field left out. */
export function validArbitrary(schema: Schema, options: ArbitraryOptions, path = ''): fc.Arbitrary<unknown> {
  const samples =
    options.samples?.[samplePath(path)] ?? options.samples?.[path.slice(path.lastIndexOf('.') + 1)];
  const def = defOf(schema);
  if (samples?.length) {
    const refined = def.type === 'string' && stringRules(def, path).refined;
    if (refined || !['string', 'number'].includes(def.type)) return fc.constantFrom(...samples);
    // Mostly the samples (values the server knows), sometimes generated ones (hostile content it does not).
    return fc.oneof(
      { arbitrary: fc.constantFrom(...samples), weight: 3 },
      { arbitrary: validArbitrary(schema, { ...options, samples: undefined }, path), weight: 1 },
    );
  }
  const asText = options.mode === 'query';
  switch (def.type) {
    case 'string':
      return validString(schema, def, path);
    case 'number':
      return validNumber(def, options, path);
    case 'boolean':
      if (asText && !def.coerce) throw unsupported('a boolean in a query string (use an enum)', path);
      return asText ? fc.constantFrom('true', 'false', '1', '') : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(ABSENT);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { arbitrary: fc.constant(ABSENT), weight: 1 },
        { arbitrary: validArbitrary(def.innerType as Schema, options, path), weight: 3 },
      );
    case 'nullable':
      return fc.oneof(
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: validArbitrary(def.innerType as Schema, options, path), weight: 3 },
      );
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(def.innerType as Schema, options, path);
    case 'pipe': {
      const input = def.in as Schema;
      const output = def.out as Schema;
      // z.preprocess(fn, X) is pipe(transform, X): values of X (the preprocess is ours: '' -> undefined).
      if (defOf(input).type === 'transform') {
        const values = validArbitrary(output, options, path);
        return asText
          ? fc.oneof({ arbitrary: values, weight: 5 }, { arbitrary: fc.constant(''), weight: 1 })
          : values;
      }
      // X.transform(fn) is pipe(X, transform): values of X. X.pipe(Y): values of Y that X lets through.
      if (defOf(output).type === 'transform') return validArbitrary(input, options, path);
      return validArbitrary(output, options, path).filter((value) => input.safeParse(value).success);
    }
    case 'object':
      return validObject(def, options, path);
    case 'array': {
      let min = 0;
      let max = 4;
      let refined = false;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'min_length') min = c.minimum as number;
        else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
        // A `.refine()` on the array (no repeats, no mixing): arrays of valid elements the whole schema accepts.
        else if (c.check === 'custom') refined = true;
        else throw unsupported(`the array check "${c.check}"`, path);
      }
      if (asText) throw unsupported('an array in a query string', path);
      const arrays = fc.array(validArbitrary(def.element as Schema, options, child(path, '*')), {
        minLength: min,
        maxLength: Math.max(min, max),
      });
      return refined ? arrays.filter((value) => schema.safeParse(value).success) : arrays;
    }
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => validArbitrary(option, options, path)));
    case 'record':
      if (asText) throw unsupported('a record in a query string', path);
      return fc.dictionary(
        validArbitrary(def.keyType as Schema, options, child(path, '*')) as fc.Arbitrary<string>,
        validArbitrary(def.valueType as Schema, options, child(path, '*')),
        { maxKeys: 4 },
      );
    case 'unknown':
    case 'any':
      return asText ? hostileText : hostileJsonAnything;
    default:
      throw unsupported(`zod type "${def.type}"`, path);
  }
}

function validString(schema: Schema, def: Def, path: string): fc.Arbitrary<string> {
  const rules = stringRules(def, path);
  const accepts = (value: string) => schema.safeParse(value).success;
  if (rules.refined) {
    // A refinement it cannot read: candidates from the pattern, the first the whole schema accepts.
    if (!rules.patterns.length || rules.format) {
      throw unsupported(
        'a refined string without a pattern or samples (give options.samples for this path)',
        path,
      );
    }
    const candidate = fc.oneof(
      ...rules.patterns.map((pattern) => fc.stringMatching(pattern)),
      // Dates are the usual refinement of a pattern (a real day): ISO dates around today, and any.
      fc
        .integer({ min: -400, max: 400 })
        .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
    return fc.array(candidate, { minLength: 100, maxLength: 100 }).map((candidates) => {
      const found = candidates.find(accepts);
      if (found === undefined) throw unsupported('a refined string that 100 candidates all fail', path);
      return found;
    });
  }
  if (rules.format === 'email') {
    return fc
      .oneof(
        { arbitrary: fc.emailAddress(), weight: 3 },
        {
          arbitrary: fc.constantFrom(
            'a@example.com',
            "o'brien@example.com",
            'a+tag@example.co.in',
            'x@xn--80ak6aa92e.com',
            `${'a'.repeat(64)}@${'b'.repeat(60)}.com`,
          ),
          weight: 1,
        },
      )
      .filter((value) => value.length <= rules.max && accepts(value));
  }
  if (rules.format === 'uuid') return fc.uuid({ version: [1, 2, 3, 4, 5] }).filter(accepts);
  if (rules.format) throw unsupported(`the string format "${rules.format}"`, path);
  if (rules.patterns.length) {
    return fc
      .oneof(...rules.patterns.map((pattern) => fc.stringMatching(pattern)))
      .map((value) => (value.length > rules.max ? value.slice(0, rules.max) : value))
      .filter(accepts);
  }
  return contentText(rules.min, Math.min(rules.max, 10_000), rules.trims).filter(accepts);
}

function validNumber(def: Def, options: ArbitraryOptions, path: string): fc.Arbitrary<unknown> {
  const rules = numberRules(def, path);
  const edges = [rules.min, rules.max, 0, 1, 2 ** 31 - 1].filter((n) => n >= rules.min && n <= rules.max);
  const numbers: fc.Arbitrary<number> = rules.int
    ? fc.oneof(
        {
          arbitrary: fc.integer({
            min: Math.max(rules.min, -(2 ** 31)),
            max: Math.min(rules.max, 2 ** 31 - 1),
          }),
          weight: 3,
        },
        {
          arbitrary: fc.integer({ min: rules.min, max: Math.min(rules.max, Math.max(rules.min, 0) + 100) }),
          weight: 3,
        },
        { arbitrary: fc.constantFrom(...edges), weight: 1 },
      )
    : fc.oneof(
        {
          arbitrary: fc.double({ min: rules.min, max: rules.max, noNaN: true, noDefaultInfinity: true }),
          weight: 3,
        },
        {
          arbitrary: fc
            .constantFrom(0.005, 0.125, 12345.675, 1e-7, 0.1 + 0.2, 5e-324, 999999999.995)
            .filter((n) => n >= rules.min && n <= rules.max),
          weight: 1,
        },
        { arbitrary: fc.constantFrom(...edges), weight: 1 },
      );
  if (options.mode === 'json') return numbers;
  if (!def.coerce) throw unsupported('a number in a query string without z.coerce', path);
  // Text a coercing schema turns into the same number.
  return fc.tuple(numbers, fc.constantFrom('', ' ', '+', '0', 'e0', '.0', 'hex')).map(([n, form]) => {
    if (form === 'hex' && Number.isInteger(n) && n >= 0) return `0x${n.toString(16)}`;
    if (form === ' ') return ` ${n} `;
    if (form === '+' && n >= 0) return `+${n}`;
    if (form === '0' && n >= 0) return `0${n}`;
    if (form === 'e0' && Number.isInteger(n)) return `${n}e0`;
    if (form === '.0' && Number.isInteger(n)) return `${n}.0`;
    return String(n);
  });
}

function validObject(
  def: Def,
  options: ArbitraryOptions,
  path: string,
): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, Schema>;
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [key, validArbitrary(value, options, child(path, key))]),
  );
  return fc.record(fields).map(buildObject);
}

/** An object from entries, dropping ABSENT; keys such as `__proto__` become own keys. */
export function buildObject(entries: Record<string, unknown> | [string, unknown][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Array.isArray(entries) ? entries : Object.entries(entries)) {
    if (value === ABSENT) continue;
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

// ---- hostile values --------------------------------------------------------------------------------------------

/**
 * Values `schema` should refuse (or, for content, values that test what lies behind it): for a leaf, wrong types
 * and values past its rules; for an object or array, a valid value with one place made hostile, a field removed,
 * hostile keys added, or a wrong type for the whole.
 */
export function hostileArbitrary(
  schema: Schema,
  options: ArbitraryOptions,
  path = '',
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const asText = options.mode === 'query';
  const anything = asText ? hostileText : hostileJsonAnything;
  // In a query string any field may also come repeated (`?id=1&id=2` arrives as an array).
  const repeated = fc.array(hostileText, { minLength: 2, maxLength: 3 });
  const mix = (specific: fc.Arbitrary<unknown>, weight = 3) =>
    asText
      ? fc.oneof(
          { arbitrary: specific, weight },
          { arbitrary: anything, weight: 1 },
          { arbitrary: repeated, weight: 1 },
        )
      : fc.oneof({ arbitrary: specific, weight }, { arbitrary: anything, weight: 1 });
  switch (def.type) {
    case 'string':
      return mix(hostileString(def, options, path));
    case 'number':
      return mix(hostileNumber(def, options, path));
    case 'boolean':
      return mix(
        asText
          ? fc.constantFrom('TRUE', 'yes', '1', '0', 'on', ' true')
          : fc.constantFrom<unknown>('true', 1, 0, 'false', ''),
      );
    case 'null':
    case 'undefined':
      return mix(
        asText
          ? fc.constantFrom('null', 'undefined', '0')
          : fc.constantFrom<unknown>(0, '', 'null', false, {}),
      );
    case 'literal':
    case 'enum': {
      const values = (
        def.type === 'literal' ? def.values : Object.values(def.entries as object)
      ) as unknown[];
      const nearMisses = values.flatMap((v) =>
        typeof v === 'string'
          ? [
              v.toLowerCase(),
              v.toUpperCase(),
              ` ${v}`,
              `${v} `,
              `${v}\u0000`,
              `${v}\u200b`,
              v.normalize('NFD'),
              `${v},${v}`,
            ]
          : [String(v), [v], { value: v }],
      );
      const misses = nearMisses.filter((miss) => !values.includes(miss));
      return misses.length ? mix(fc.constantFrom(...misses)) : anything;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return hostileArbitrary(def.innerType as Schema, options, path);
    case 'pipe': {
      const input = def.in as Schema;
      const output = def.out as Schema;
      if (defOf(input).type === 'transform') return hostileArbitrary(output, options, path);
      if (defOf(output).type === 'transform') return hostileArbitrary(input, options, path);
      return fc.oneof(hostileArbitrary(input, options, path), hostileArbitrary(output, options, path));
    }
    case 'object':
      return hostileObject(def, options, path);
    case 'array':
      return asText ? mix(anything) : hostileArray(def, options, path);
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => hostileArbitrary(option, options, path)));
    case 'record':
      return anything;
    case 'unknown':
    case 'any':
      return anything;
    default:
      throw unsupported(`zod type "${def.type}"`, path);
  }
}

function hostileString(def: Def, options: ArbitraryOptions, path: string): fc.Arbitrary<unknown> {
  const rules = stringRules(def, path);
  const breakers: unknown[] = [];
  if (Number.isFinite(rules.max))
    breakers.push('x'.repeat(rules.max + 1), '😀'.repeat(Math.ceil((rules.max + 1) / 2)));
  if (rules.min > 0)
    breakers.push('x'.repeat(rules.min - 1), ' '.repeat(Math.max(rules.min, 1)), '\t\n\u00a0');
  if (rules.trims && Number.isFinite(rules.max)) breakers.push(` ${'y'.repeat(rules.max)} `);
  if (rules.format === 'email')
    breakers.push(
      'a@',
      '@b.com',
      'a b@c.com',
      'a@b',
      'a@@b.com',
      '"a"@b.com',
      'a@b.com\n',
      `${'a'.repeat(250)}@b.com`,
      'a@b.com, c@d.com',
    );
  if (rules.patterns.length) breakers.push('abc', '+', '123', '1'.repeat(30), '++123456', '１２３４５６７');
  const typed = options.mode === 'json' ? [0, 1, -1, true, null, [], {}, ['a'], { a: 'b' }] : [];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...breakers, ...typed, '\u0000', 'a\u0000'), weight: 3 },
    { arbitrary: hostileText, weight: 2 },
  );
}

function hostileNumber(def: Def, options: ArbitraryOptions, path: string): fc.Arbitrary<unknown> {
  const rules = numberRules(def, path);
  const outside = [rules.min - 1, rules.max + 1, rules.min - 0.5, rules.max + 0.5].filter((n) =>
    Number.isFinite(n),
  );
  if (rules.int) outside.push(rules.min + 0.5, 1.000000001);
  if (options.mode === 'query') {
    return fc.oneof(
      { arbitrary: fc.constantFrom(...outside.map(String)), weight: 2 },
      { arbitrary: fc.constantFrom<string>(...NUMBERISH_TEXT), weight: 3 },
    );
  }
  return fc.oneof(
    { arbitrary: fc.constantFrom<unknown>(...outside, ...NASTY_NUMBERS), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)), weight: 2 },
    {
      arbitrary: fc.constantFrom<unknown>('1', '', '0x10', '1e3', ' 1', 'NaN', null, true, [1], { value: 1 }),
      weight: 2,
    },
  );
}

function hostileObject(def: Def, options: ArbitraryOptions, path: string): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  const valid = validObject(def, options, path);
  const variants: fc.WeightedArbitrary<unknown>[] = [
    // Wrong type for the whole object (in a query string: malformed query text).
    {
      arbitrary:
        options.mode === 'json'
          ? fc.oneof(hostileJsonAnything, fc.constantFrom<unknown>(...POLLUTION))
          : fc.constantFrom<unknown>(...RAW_QUERIES),
      weight: 1,
    },
    // Hostile keys added (their values anything).
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.array(
            fc.tuple(
              fc.oneof(fc.constantFrom<string>(...HOSTILE_KEYS), fc.string({ maxLength: 10 })),
              options.mode === 'json' ? hostileJsonAnything : hostileText,
            ),
            { minLength: 1, maxLength: 3 },
          ),
        )
        .map(([value, extra]) => buildObject([...Object.entries(value), ...extra])),
      weight: 1,
    },
  ];
  if (keys.length) {
    // One field made hostile (recursively: the mutation may land deep inside it), or left out.
    variants.push(
      {
        arbitrary: fc
          .constantFrom(...keys)
          .chain((key) =>
            fc
              .tuple(valid, hostileArbitrary(shape[key]!, options, child(path, key)))
              .map(([value, bad]) => buildObject({ ...value, [key]: bad })),
          ),
        weight: 6,
      },
      {
        arbitrary: fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
          const copy = { ...value };
          delete copy[key];
          return copy;
        }),
        weight: 1,
      },
      // Several fields hostile at once.
      {
        arbitrary: fc
          .record(
            Object.fromEntries(
              keys.map((key) => [
                key,
                fc.option(hostileArbitrary(shape[key]!, options, child(path, key)), { freq: 2, nil: ABSENT }),
              ]),
            ),
          )
          .chain((bad) =>
            valid.map((value) =>
              buildObject({
                ...value,
                ...Object.fromEntries(Object.entries(bad).filter(([, v]) => v !== ABSENT)),
              }),
            ),
          ),
        weight: 1,
      },
    );
  }
  return fc.oneof(...variants);
}

function hostileArray(def: Def, options: ArbitraryOptions, path: string): fc.Arbitrary<unknown> {
  const element = def.element as Schema;
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = c.minimum as number;
    if (c.check === 'max_length') max = c.maximum as number;
  }
  const validElement = validArbitrary(element, options, child(path, '*'));
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: hostileJsonAnything, weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.array(validElement, { minLength: Math.max(min, 1), maxLength: Math.max(min, 3) }),
          hostileArbitrary(element, options, child(path, '*')),
          fc.nat(),
        )
        .map(([items, bad, at]) => {
          const copy = [...items];
          copy[at % copy.length] = bad;
          return copy;
        }),
      weight: 5,
    },
  ];
  if (min > 0) variants.push({ arbitrary: fc.array(validElement, { maxLength: min - 1 }), weight: 1 });
  if (Number.isFinite(max) && max < 1_000) {
    // One past the limit: the same valid element repeated (cheap to build, still over the maximum).
    variants.push({
      arbitrary: validElement.map((item) => Array.from({ length: max + 1 }, () => item)),
      weight: 1,
    });
  }
  return fc.oneof(...variants);
}

/** Mostly hostile, sometimes valid: the input of one generated request. */
export function inputArbitrary(schema: Schema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validArbitrary(schema, options), weight: 1 },
    { arbitrary: hostileArbitrary(schema, options), weight: 4 },
  );
}

// ---- putting values on the wire --------------------------------------------------------------------------------

/** JSON text of a generated value: RawJson verbatim, own `__proto__` keys kept, ABSENT dropped. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === ABSENT || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner === ABSENT || inner === undefined) continue;
      parts.push(`${JSON.stringify(key)}:${toJsonText(inner)}`);
    }
    return `{${parts.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/**
 * Percent-encoding that never throws: an unpaired surrogate is written as its WTF-8 bytes (what a careless client
 * sends), so the server sees bytes that are not valid UTF-8.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** A query string (without `?`) from generated fields: arrays repeat the key, other values become text. */
export function toQueryString(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return '';
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner === ABSENT || inner === undefined) continue;
    for (const item of Array.isArray(inner) ? inner : [inner]) {
      parts.push(
        `${percentEncode(key)}=${percentEncode(typeof item === 'string' ? item : toJsonText(item))}`,
      );
    }
  }
  return parts.join('&');
}
