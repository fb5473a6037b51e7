import fc from 'fast-check';

/**
 * fast-check arbitraries read from JSON Schema (the OpenAPI 3.1 dialect our published document uses), for the
 * conformance fuzzer: `conforming(schema)` draws values the schema accepts, `violating(schema)` values it refuses,
 * each made by breaking one place of a conforming value (a wrong type, a bound crossed, a pattern or format missed, a
 * value outside an enum, a required field removed, an unknown field added to a closed object). The fuzzer reads the
 * document only — never the server's zod schemas — so a difference between the two shows up as a failed check.
 *
 * Only the keywords the document uses are read; any other keyword throws, naming it and the path, so a schema the
 * generator does not understand fails the test instead of being fuzzed wrongly.
 */

export type JsonSchema = { [keyword: string]: unknown };

/** Keywords that carry no constraint a generator must follow. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  '$schema',
  'nullable',
]);
const CONSTRAINTS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'x-check-digit',
]);

export class UnsupportedKeywordError extends Error {}

/**
 * A draw that missed: the generator aims at the schema's rules and the document's validator has the last word; a
 * value it refuses (or, for a violation, accepts) becomes SKIP, which the property discards (`fc.pre`). A filter
 * would retry forever where no value can be drawn (a violation of a schema that accepts every text).
 */
export const SKIP: unique symbol = Symbol('skip');

export function containsSkip(value: unknown): boolean {
  if (value === SKIP) return true;
  if (Array.isArray(value)) return value.some(containsSkip);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsSkip);
  return false;
}

const keep = <T>(arbitrary: fc.Arbitrary<T>, ok: (value: T) => boolean): fc.Arbitrary<T | typeof SKIP> =>
  arbitrary.map((value) => (!containsSkip(value) && ok(value) ? value : SKIP));

function checkKeywords(schema: JsonSchema, path: string): void {
  for (const keyword of Object.keys(schema))
    if (!CONSTRAINTS.has(keyword) && !ANNOTATIONS.has(keyword))
      throw new UnsupportedKeywordError(
        `json-schema-arbitraries: keyword "${keyword}" at "${path || '(root)'}"`,
      );
}

/** Where a value is sent: a JSON body, or a query or path parameter (text, which the server reads as the type). */
export type Place = 'json' | 'parameter';

const typesOf = (schema: JsonSchema): string[] | null =>
  schema.type === undefined
    ? null
    : Array.isArray(schema.type)
      ? (schema.type as string[])
      : [schema.type as string];

/** A pattern that only rules out characters or blank ends (the one-line rules): checked, never generated from. */
const isCharacterRule = (pattern: string) =>
  /^\^\[\^[^\]]*\]\*\$$/.test(pattern) || pattern === '^\\S(?:.*\\S)?$' || pattern === '^\\S+(\\s+\\S+)*$';

type StringRules = {
  minLength: number;
  maxLength: number | undefined;
  patterns: string[];
  format: string | undefined;
  checkDigit: string | undefined;
};

/** A string schema's rules, merged over an allOf of string schemas (zod writes several patterns that way). */
function stringRules(schema: JsonSchema): StringRules {
  const rules: StringRules = {
    minLength: 0,
    maxLength: undefined,
    patterns: [],
    format: undefined,
    checkDigit: undefined,
  };
  const add = (part: JsonSchema) => {
    if (typeof part.minLength === 'number') rules.minLength = Math.max(rules.minLength, part.minLength);
    if (typeof part.maxLength === 'number')
      rules.maxLength = Math.min(rules.maxLength ?? Number.POSITIVE_INFINITY, part.maxLength);
    if (typeof part.pattern === 'string') rules.patterns.push(part.pattern);
    if (typeof part.format === 'string') rules.format = part.format;
    if (typeof part['x-check-digit'] === 'string') rules.checkDigit = part['x-check-digit'];
    for (const inner of (part.allOf as JsonSchema[] | undefined) ?? []) add(inner);
  };
  add(schema);
  return rules;
}

const isStringOnly = (schema: JsonSchema): boolean =>
  (schema.type === 'string' || schema.type === undefined) &&
  schema.enum === undefined &&
  schema.const === undefined &&
  schema.anyOf === undefined &&
  schema.oneOf === undefined &&
  ((schema.allOf as JsonSchema[] | undefined) ?? []).every(isStringOnly) &&
  (schema.type === 'string' || schema.allOf !== undefined || schema.pattern !== undefined);

/**
 * The check digits the document names with `x-check-digit` (its own vocabulary, stated in each field's description):
 * ISO 6346 for container numbers (spaces and dashes allowed), the IMO ship number (an optional "IMO" before it).
 */
export const CHECK_DIGITS: Record<string, { valid(value: string): boolean; draw: fc.Arbitrary<string> }> = {
  iso6346: {
    valid(value) {
      const number = value.replace(/[\s-]/g, '').toUpperCase();
      if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(number)) return false;
      return iso6346Digit(number.slice(0, 10)) === Number(number[10]);
    },
    draw: fc
      .tuple(fc.stringMatching(/^[A-Z]{3}[UJZ]\d{6}$/), fc.constantFrom('', '', '', '', ' ', '-'))
      .map(([owner, gap]) => `${owner.slice(0, 4)}${gap}${owner.slice(4)}${iso6346Digit(owner)}`),
  },
  imo: {
    valid(value) {
      const digits = value.replace(/^IMO\s*/i, '');
      if (!/^\d{7}$/.test(digits)) return false;
      const sum = [...digits.slice(0, 6)].reduce((total, digit, i) => total + Number(digit) * (7 - i), 0);
      return sum % 10 === Number(digits[6]);
    },
    draw: fc.tuple(fc.stringMatching(/^\d{6}$/), fc.constantFrom('', 'IMO ', 'IMO')).map(([six, prefix]) => {
      const sum = [...six].reduce((total, digit, i) => total + Number(digit) * (7 - i), 0);
      return `${prefix}${six}${sum % 10}`;
    }),
  },
};

function iso6346Digit(first10: string): number {
  const letter = (char: string) => {
    const value = 10 + char.charCodeAt(0) - 65;
    return value + Math.floor((value - 1) / 10);
  };
  const sum = [...first10].reduce(
    (total, char, i) => total + (/\d/.test(char) ? Number(char) : letter(char)) * 2 ** i,
    0,
  );
  return (sum % 11) % 10;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const calendarDate = fc
  .record({
    year: fc.integer({ min: 1990, max: 2040 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.nat(30),
  })
  .map(({ year, month, day }) => {
    const last = month === 2 && !isLeap(year) ? 28 : DAYS_IN_MONTH[month - 1]!;
    return `${year}-${pad(month)}-${pad((day % last) + 1)}`;
  });

const dateTime = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom(
      date.toISOString(),
      date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      `${date.toISOString().slice(0, 19)}+05:30`,
    ),
  );

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  // Hosts as IP addresses: a generated domain name would send the server's callback check to a DNS it cannot reach.
  uri: fc
    .tuple(fc.constantFrom('https', 'http'), fc.ipV4(), fc.webPath(), fc.option(fc.webQueryParameters()))
    .map(([scheme, host, path, query]) => `${scheme}://${host}${path}${query === null ? '' : `?${query}`}`),
  uuid: fc.uuid(),
  date: calendarDate,
  'date-time': dateTime,
};

/** Text with hostile content in the places a rule allows it: quotes, angle brackets, percent, non-Latin letters. */
const textUnit = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  },
  { weight: 1, arbitrary: fc.constantFrom(' ', "'", '"', '<', '>', '&', '%', '_', '\\', ';', '-', '.', '/') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'ç', 'Ø', 'ü', '中', 'ह', '😀') },
);

function conformingString(rules: StringRules, matches: (value: string) => boolean): fc.Arbitrary<string> {
  const generating = rules.patterns.filter((pattern) => !isCharacterRule(pattern));
  const bounded = (min: number, max: number | undefined) => ({
    min,
    max: Math.min(max ?? min + 24, min + 24),
  });
  let base: fc.Arbitrary<string>;
  if (rules.checkDigit) {
    const rule = CHECK_DIGITS[rules.checkDigit];
    if (!rule)
      throw new UnsupportedKeywordError(`json-schema-arbitraries: x-check-digit "${rules.checkDigit}"`);
    base = rule.draw;
  } else if (rules.format && FORMATS[rules.format] && rules.format !== 'email')
    // A format's own generator (a real date, a URL), its pattern checked after.
    base = FORMATS[rules.format]!;
  else if (generating.length > 0)
    base = fc.oneof(
      ...generating.map((pattern) => fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' })),
    );
  else if (rules.format && FORMATS[rules.format]) base = FORMATS[rules.format]!;
  else if (rules.format)
    throw new UnsupportedKeywordError(`json-schema-arbitraries: format "${rules.format}"`);
  else {
    const { min, max } = bounded(rules.minLength, rules.maxLength);
    base = fc
      .array(textUnit, { minLength: min, maxLength: max })
      .map((units) => units.join(''))
      .map((text) => (rules.patterns.length > 0 ? text.trim().replace(/\s+/g, ' ') : text));
  }
  return keep(base, matches) as fc.Arbitrary<string>;
}

/**
 * An arbitrary of values `schema` accepts. `matches` is the document's own validator for the same schema: the
 * generator aims at the rules and the validator has the last word (a value it refuses becomes SKIP, discarded).
 */
export function conforming(
  schema: JsonSchema,
  place: Place,
  validate: (schema: JsonSchema, value: unknown) => boolean,
  path = '',
): fc.Arbitrary<unknown> {
  checkKeywords(schema, path);
  const matches = (value: unknown) => validate(schema, value);
  if (schema.not !== undefined) return keep(fc.jsonValue(), matches);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return keep(
      fc.oneof(...branches.map((branch, i) => conforming(branch, place, validate, `${path}|${i}`))),
      matches,
    );
  }
  if (isStringOnly(schema)) return conformingString(stringRules(schema), (value) => matches(value));
  if (Array.isArray(schema.allOf)) {
    const [first, ...rest] = schema.allOf as JsonSchema[];
    const own = { ...schema, allOf: undefined };
    const merged = {
      ...first,
      ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)),
    };
    return keep(
      conforming(merged, place, validate, path),
      (value) => rest.every((part) => validate(part, value)) && matches(value),
    );
  }
  const types = typesOf(schema);
  if (!types) return keep(fc.jsonValue(), matches);
  return keep(
    fc.oneof(...types.map((type) => conformingOfType(schema, type, place, validate, path))),
    matches,
  );
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : 0.01;
  const min =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + step
      : typeof schema.minimum === 'number'
        ? schema.minimum
        : -1e9;
  const max =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - step
      : typeof schema.maximum === 'number'
        ? schema.maximum
        : 1e9;
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

function conformingOfType(
  schema: JsonSchema,
  type: string,
  place: Place,
  validate: (schema: JsonSchema, value: unknown) => boolean,
  path: string,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string': {
      // One object per schema: the validator compiles (and caches) by object, never once per draw.
      const asString = { ...schema, type: 'string' };
      return conformingString(stringRules(schema), (value) => validate(asString, value));
    }
    case 'integer': {
      const { min, max } = numberBounds(schema, true);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.max(Math.min(max, 1000), Math.max(min, -1000)) }),
        fc.integer({ min, max }),
      );
    }
    case 'number': {
      const { min, max } = numberBounds(schema, false);
      return fc
        .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
        .map((cents) => cents / 100);
    }
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 3, minLength + 3);
      return fc.array(conforming(items, place, validate, `${path}.*`), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            conforming(property, place, validate, path ? `${path}.${name}` : name),
          ]),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && Object.keys(properties).length === 0) {
        const names = schema.propertyNames
          ? (conforming(
              schema.propertyNames as JsonSchema,
              place,
              validate,
              `${path}.(name)`,
            ) as fc.Arbitrary<string>)
          : fc.string({ minLength: 1, maxLength: 12 });
        return fc.dictionary(names, conforming(extra as JsonSchema, place, validate, `${path}.*`), {
          maxKeys: 3,
        });
      }
      return record;
    }
    default:
      throw new UnsupportedKeywordError(`json-schema-arbitraries: type "${type}" at "${path || '(root)'}"`);
  }
}

/** Values of other JSON types than the schema allows, as a body or as text in a parameter. */
function otherTypes(schema: JsonSchema, place: Place): unknown[] {
  const types = new Set(typesOf(schema) ?? []);
  if (place === 'parameter') {
    const texts: unknown[] = [];
    if (types.has('integer') || types.has('number')) texts.push('abc', '1e', '0x1F', ' ', '12abc', 'NaN');
    if (types.has('integer')) texts.push('1.5', '99999999999999999999');
    if (types.has('boolean')) texts.push('maybe', '2');
    return texts;
  }
  const all: [string, unknown][] = [
    ['string', 'text'],
    ['integer', 7],
    ['number', 2.5],
    ['boolean', true],
    ['null', null],
    ['object', { unexpected: 1 }],
    ['array', [1]],
  ];
  return all
    .filter(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')))
    .map(([, value]) => value);
}

/** Values that break the schema at its own level (not inside its children). */
function localViolations(
  schema: JsonSchema,
  place: Place,
  validate: (schema: JsonSchema, value: unknown) => boolean,
  path: string,
): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const wrongTypes = otherTypes(schema, place);
  if (wrongTypes.length > 0 && schema.type !== undefined) out.push(fc.constantFrom(...wrongTypes));
  if (Array.isArray(schema.enum) || schema.const !== undefined) {
    out.push(fc.constantFrom('NOT_A_CODE', 'x', '', ' ', 'nul\u0000l'));
    if (place === 'json') out.push(fc.constantFrom(0, -1, 999999));
  }
  const types = typesOf(schema) ?? [];
  if (types.includes('string') || isStringOnly(schema)) {
    const rules = stringRules(schema);
    if (rules.minLength > 0) out.push(fc.constant('x'.repeat(rules.minLength - 1)));
    if (rules.maxLength !== undefined) out.push(fc.constant('x'.repeat(rules.maxLength + 1)));
    const checked = rules.checkDigit ? CHECK_DIGITS[rules.checkDigit] : undefined;
    if (checked)
      out.push(checked.draw.map((value) => value.slice(0, -1) + String((Number(value.at(-1)) + 1) % 10)));
    if (rules.patterns.length > 0 || rules.format)
      out.push(
        fc.oneof(
          fc.constantFrom(
            '',
            ' ',
            'x',
            '\u0000',
            'a\r\nBcc: x@example.com',
            'Invoice\u202etxt.exe',
            '2026-02-31',
            '2026-13-01',
            '12345',
            'not an address@',
            'ZZ',
          ),
          fc.string({ maxLength: 12 }),
        ),
      );
  }
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = numberBounds(schema, types.includes('integer') && !types.includes('number'));
    const values: unknown[] = [];
    if (min > -1e9) values.push(min - 1);
    if (max < 1e9) values.push(max + 1);
    if (types.includes('integer') && !types.includes('number')) values.push(1.5);
    if (values.length > 0)
      out.push(fc.constantFrom(...(place === 'parameter' ? values.map(String) : values)));
  }
  if (types.includes('array')) {
    const minItems = (schema.minItems as number | undefined) ?? 0;
    const maxItems = schema.maxItems as number | undefined;
    if (minItems > 0) out.push(fc.constant([]));
    if (maxItems !== undefined && maxItems <= 100 && place === 'json') {
      const item = conforming((schema.items as JsonSchema | undefined) ?? {}, place, validate, `${path}.*`);
      out.push(fc.array(item, { minLength: maxItems + 1, maxLength: maxItems + 1 }));
    }
  }
  return out;
}

/**
 * An arbitrary of values `schema` refuses. Each breaks one place: the value itself, or one field or item of a
 * conforming value (recursively), or removes a required field, or adds one to a closed object. `validate` filters
 * out a "violation" the schema happens to accept (an anyOf whose other branch takes it), so every value drawn is
 * one the document says the server must refuse.
 */
export function violating(
  schema: JsonSchema,
  place: Place,
  validate: (schema: JsonSchema, value: unknown) => boolean,
  path = '',
): fc.Arbitrary<unknown> {
  checkKeywords(schema, path);
  const options: fc.Arbitrary<unknown>[] = [...localViolations(schema, place, validate, path)];
  if (schema.not !== undefined)
    options.push(place === 'json' ? fc.jsonValue() : fc.string({ maxLength: 12 }));
  const types = typesOf(schema) ?? [];
  if (types.includes('object') && place === 'json') {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = ((schema.required as string[] | undefined) ?? []).filter((name) => name in properties);
    const base = conformingOfType(schema, 'object', place, validate, path) as fc.Arbitrary<
      Record<string, unknown>
    >;
    if (required.length > 0)
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([value, name]) => {
          const { [name]: _removed, ...rest } = value;
          return rest;
        }),
      );
    if (schema.additionalProperties === false)
      options.push(base.map((value) => ({ ...value, unexpectedField: 'x' })));
    const names = Object.keys(properties);
    if (names.length > 0)
      // Built once per field (not in a chain, which would build every field's arbitraries again at each draw).
      options.push(
        fc.oneof(
          ...names.map((name) =>
            fc
              .tuple(base, violating(properties[name]!, place, validate, path ? `${path}.${name}` : name))
              .map(([value, bad]) => ({ ...value, [name]: bad })),
          ),
        ),
      );
  }
  if (types.includes('array') && place === 'json' && schema.items) {
    const base = conformingOfType(schema, 'array', place, validate, path) as fc.Arbitrary<unknown[]>;
    options.push(
      fc
        .tuple(base, violating(schema.items as JsonSchema, place, validate, `${path}.*`))
        .map(([items, bad]) => [...items, bad]),
    );
  }
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(schema[key]))
      for (const [i, branch] of (schema[key] as JsonSchema[]).entries())
        options.push(violating(branch, place, validate, `${path}|${i}`));
  if (Array.isArray(schema.allOf))
    for (const [i, part] of (schema.allOf as JsonSchema[]).entries())
      if (!isStringOnly(schema)) options.push(violating(part, place, validate, `${path}&${i}`));
  if (options.length === 0) return fc.constant(SKIP);
  return keep(fc.oneof(...options), (value) => !validate(schema, value));
}

/**
 * Whether violations of the schema can be drawn at all (a schema that takes every text, as a parameter, has none):
 * tried on a fixed sample.
 */
export function canBeViolated(
  schema: JsonSchema,
  place: Place,
  validate: (schema: JsonSchema, value: unknown) => boolean,
): boolean {
  return fc
    .sample(violating(schema, place, validate), { numRuns: 40, seed: 1 })
    .some((value) => value !== SKIP);
}
