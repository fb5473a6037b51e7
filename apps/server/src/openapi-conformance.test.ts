import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from './lib/passwords';
import { strictNumberTextValidatorCompiler } from './plugins/strict-number-text';
import { DEMO_PASSWORD } from './seed/demo';
import { signIn, signInAs } from './test/auth';
import { fuzzSettings } from './test/fuzz-settings';
import {
  CHECK_DIGITS,
  canBeViolated,
  conforming,
  containsSkip,
  type JsonSchema,
  violating,
} from './test/json-schema-arbitraries';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUserWithRole } from './test/users';

/**
 * OpenAPI conformance: requests drawn from the published document (`/docs/openapi.json`, as a client reads it) —
 * never from the server's own zod schemas — sent to the server by an anonymous caller, a customer and a carrier
 * administrator, with the answers checked against the same document, as Schemathesis checks an API:
 *
 * - not a server error: every answer is below 500;
 * - status code conformance: the answer's status is one the operation documents;
 * - content type conformance: its media type is one the document gives for that status (none for a bodiless one);
 * - response schema conformance: a JSON answer validates against the documented schema (JSON Schema 2020-12);
 * - negative data rejection: a request the document says is invalid (one parameter or body field breaking its
 *   schema, a required one missing) is refused with a 4xx;
 * - positive data acceptance, as far as schemas go: a request the document says is valid passes the server's own
 *   input validation (its zod schemas, run by the validator the app uses), so the document is never looser than the
 *   server — the rules past validation (a port that must exist, a date that must lie ahead) may still refuse it;
 * - unsupported method: a method a path does not declare answers 405 with an `Allow` header naming those it does;
 * - ignored auth: an operation that declares a security requirement refuses a call without a token, or with a forged
 *   one, with 401.
 *
 * Path ids are drawn from the document too, mixed with ids of real records (the first record of the collection the
 * caller can list), so the documented answers of existing records are checked as well as 404s. OPENAPI_FUZZ_RUNS
 * sets the cases per operation (CI: the default), OPENAPI_FUZZ_SEED replays a failure's seed (`random` for new cases).
 */

/** 40 cases per operation, a fixed seed (test/fuzz-settings.ts). */
const { runs: RUNS, seed: SEED } = fuzzSettings('OPENAPI_FUZZ', { runs: 40, seed: 20261127 });

/** The positive-acceptance check (see above); on by default, OPENAPI_FUZZ_POSITIVE=0 leaves it out. */
const POSITIVE = process.env.OPENAPI_FUZZ_POSITIVE !== '0';
const CALLERS = ['anonymous', 'customer', 'admin'] as const;

/** Field rules relative to the day the request is made (stated in the fields' descriptions). */
const RELATIVE_RULES = [/today/, /in the future/];

type ZodDef = {
  type: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: unknown;
  element?: unknown;
  options?: unknown[];
};
const zodDef = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;
/** The schema under optional, nullable, default and preprocess wrappers: the one that has the structure. */
function structural(schema: unknown): unknown {
  let current = schema;
  for (let depth = 0; depth < 12; depth++) {
    const def = zodDef(current);
    if (!def) return current;
    if (def.type === 'pipe') current = zodDef(def.in)?.type === 'transform' ? def.out : def.in;
    else if (def.innerType && def.type !== 'object') current = def.innerType;
    else return current;
  }
  return current;
}
type Caller = (typeof CALLERS)[number];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };
type Media = { schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  security?: unknown[];
};
type Document = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

/** What the fuzzer sends: the values of the path and query parameters and the JSON body (undefined: none). */
type Case = {
  caller: Caller;
  /** Where the case breaks the document (`query.limit`, `body`), or null when it conforms. */
  breaks: string | null;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
};

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
// The document's own keyword for a checked last digit (its descriptions say which): validated as they say.
ajv.addKeyword({
  keyword: 'x-check-digit',
  type: 'string',
  schemaType: 'string',
  validate: (kind: string, value: string) => CHECK_DIGITS[kind]?.valid(value) ?? false,
});
const compiled = new WeakMap<object, ValidateFunction>();
function validator(schema: JsonSchema): ValidateFunction {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  return check;
}
const validJson = (schema: JsonSchema, value: unknown) => validator(schema)(value) === true;

/**
 * A parameter travels as text: the server reads it as the schema's type (OpenAPI's `style: form` for a query,
 * `simple` for a path). Text that spells a number (decimal notation only) is the number, `true`/`false` the boolean.
 */
function asParameter(schema: JsonSchema, text: string): unknown {
  const types = new Set(
    [schema.type ?? [], (schema.anyOf as JsonSchema[] | undefined)?.map((s) => s.type) ?? []].flat(2),
  );
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
const validParameter = (schema: JsonSchema, value: unknown) =>
  validJson(schema, typeof value === 'string' ? asParameter(schema, value) : value);

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const encode = (value: unknown) => encodeURIComponent(textOf(value));
const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

// A notification stream ends after 20 ms (not the test app's half second): the fuzzer only reads how it answers.
const t: TestApp = await createTestApp(
  {},
  { webDist: '/nonexistent/lading-web-dist', notificationStreamMs: 20 },
);
const document = (await t.app.inject({ url: '/docs/openapi.json' })).json() as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
);

describe('the published OpenAPI document describes what the server does', () => {
  const headers: Record<Caller, Record<string, string>> = { anonymous: {}, customer: {}, admin: {} };
  const userIds: Partial<Record<Caller, number>> = {};
  /** A customer none of the callers is, whose account the administrator's user routes may change. */
  let spareUserId = 0;
  const listed = new Map<string, number | undefined>();
  /** A fresh address for each sign-in the test makes, so the per-address sign-in limit never refuses the test. */
  let addresses = 0;
  const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    for (const caller of ['customer', 'admin'] as const) {
      const signedIn = await signInAs(t, caller);
      headers[caller] = signedIn.headers;
      userIds[caller] = signedIn.userId;
    }
    const spare = 'conformance.spare@example.com';
    spareUserId = await insertUserWithRole(
      t.database.db,
      {
        email: spare,
        username: spare,
        firstName: 'Spare',
        lastName: 'Customer',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        emailVerifiedAt: new Date(),
      },
      'CUSTOMER',
    );
    await signIn(t.app, spare, DEMO_PASSWORD, { remoteAddress: nextAddress() });
  });
  afterAll(() => t.close());

  it('lists the operations it fuzzes, each with its documented answers', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const { path, method, operation } of operations) {
      expect(
        Object.keys(operation.responses ?? {}).length,
        `${method} ${path}: no responses`,
      ).toBeGreaterThan(0);
      const declared = new Set(
        (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      );
      for (const [, name] of path.matchAll(/\{(\w+)\}/g))
        expect(declared.has(name!), `${method} ${path}: path parameter ${name} undeclared`).toBe(true);
    }
  });

  /** Checks an answer against the operation's documented responses; returns what does not conform. */
  function nonConformance(operation: Operation, response: LightMyRequestResponse): string[] {
    const problems: string[] = [];
    const status = response.statusCode;
    if (status >= 500) problems.push(`server error ${status}`);
    const documented =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default;
    if (!documented)
      return [
        ...problems,
        `status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`,
      ];
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const media = documented.content ?? {};
    if (Object.keys(media).length === 0) {
      if (response.rawPayload.length > 0)
        problems.push(`status ${status} is documented without a body, got ${mediaType}`);
      return problems;
    }
    const entry = media[mediaType];
    if (!entry)
      return [
        ...problems,
        `media type ${mediaType || '(none)'} is not documented for ${status} (${Object.keys(media).join(', ')})`,
      ];
    if (mediaType === 'application/json' && entry.schema) {
      let body: unknown;
      try {
        body = response.json();
      } catch {
        return [...problems, `status ${status}: the body is not JSON`];
      }
      const check = validator(entry.schema);
      if (!check(body))
        problems.push(
          `status ${status}: the body does not match the documented schema: ${ajv.errorsText(check.errors, { dataVar: 'body' })}`,
        );
    }
    return problems;
  }

  /** The routes' zod schemas (params, querystring, body) by `method /path/{param}/`. */
  const routeSchemas = new Map<string, Partial<Record<'params' | 'querystring' | 'body', z.ZodType>>>();
  for (const route of t.app.routeAccess()) {
    const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
    const url = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of route.method.split(','))
      routeSchemas.set(`${method.toLowerCase()} ${url}`, {
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      });
  }

  /**
   * What the server's own input schemas refuse, field by field, in a request the document calls valid: each value
   * (a parameter, a body field, an item) is read with its field's zod schema, the way the app's validator reads it.
   * Rules between fields (a range's end after its start, either one field or the other) are the object's, and rules
   * relative to today are the day's: the document states both in words, and they are not read here.
   */
  function refusedByServerSchemas(path: string, method: string, c: Case): string[] {
    const schemas = routeSchemas.get(`${method} ${path}`);
    if (!schemas) return [`no route for ${method} ${path}`];
    const problems: string[] = [];
    const asText = (values: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => [name, textOf(value)]),
      );
    if (schemas.params) fieldProblems(schemas.params, asText(c.path), 'path', problems, true);
    if (schemas.querystring) fieldProblems(schemas.querystring, asText(c.query), 'query', problems, true);
    if (schemas.body && c.body !== undefined) fieldProblems(schemas.body, c.body, 'body', problems, false);
    return problems;
  }

  /** Reads `value` with `schema` down to its leaves (objects and arrays are walked, never read as a whole). */
  function fieldProblems(
    schema: z.ZodType,
    value: unknown,
    where: string,
    out: string[],
    text: boolean,
  ): void {
    const inner = structural(schema);
    const def = zodDef(inner);
    if (value !== null && typeof value === 'object') {
      if (def?.type === 'object' && !Array.isArray(value)) {
        const shape = def.shape as Record<string, z.ZodType>;
        for (const [name, field] of Object.entries(value))
          if (shape[name]) fieldProblems(shape[name], field, `${where}.${name}`, out, text);
        return;
      }
      if (def?.type === 'array' && Array.isArray(value)) {
        for (const [i, item] of value.entries())
          fieldProblems(def.element as z.ZodType, item, `${where}.${i}`, out, text);
        return;
      }
      if (def?.type === 'union') {
        // The branch that reads the value (a tagged union's own one): the problems of the closest branch if none does.
        let closest: string[] | undefined;
        for (const option of def.options as z.ZodType[]) {
          const kind = zodDef(structural(option))?.type;
          if (!((kind === 'object' && !Array.isArray(value)) || (kind === 'array' && Array.isArray(value))))
            continue;
          const found: string[] = [];
          fieldProblems(option, value, where, found, text);
          if (found.length === 0) return;
          if (!closest || found.length < closest.length) closest = found;
        }
        out.push(...(closest ?? []));
      }
      return;
    }
    const validate = text
      ? (strictNumberTextValidatorCompiler({
          schema: z.object({ value: schema }) as never,
          httpPart: 'querystring',
          method: 'GET',
          url: '/',
        }) as (data: unknown) => { error?: { message: string }[] })
      : (data: unknown) => {
          const result = z.object({ value: schema }).safeParse(data);
          return result.success ? {} : { error: result.error.issues };
        };
    for (const issue of validate({ value }).error ?? [])
      if (!RELATIVE_RULES.some((rule) => rule.test(issue.message)))
        out.push(
          `the document accepts ${where} = ${clip(JSON.stringify(value), 80)}, the server's schema refuses it: ${issue.message}`,
        );
  }

  /** The first record's id in the collection above `{param}` (`GET /things/` for `/things/{id}/…`), as the caller. */
  async function listedId(path: string, caller: Caller): Promise<number | undefined> {
    const list = path.slice(0, path.indexOf('{'));
    const key = `${list} ${caller}`;
    if (!listed.has(key)) {
      const response = await t.app.inject({ method: 'GET', url: list, headers: headers[caller] });
      const body = response.statusCode === 200 ? response.json() : null;
      const rows = Array.isArray(body) ? body : Array.isArray(body?.results) ? body.results : [];
      listed.set(key, typeof rows[0]?.id === 'number' ? rows[0].id : undefined);
    }
    return listed.get(key);
  }

  /** Ids of real records for the path's parameters, by caller; the users' routes act on the spare customer only. */
  async function realPathValues(path: string): Promise<Partial<Record<Caller, Record<string, unknown>>>> {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length !== 1) return {};
    const out: Partial<Record<Caller, Record<string, unknown>>> = {};
    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue;
      const id = /^\/cp\/admin\/users\/\{id\}/.test(path)
        ? spareUserId
        : /^\/authenticate\/oauth\/users\/\{id\}/.test(path)
          ? userIds[caller]
          : await listedId(path, caller);
      if (id !== undefined) out[caller] = { [names[0]!]: id };
    }
    return out;
  }

  /**
   * The cases of one operation: mostly conforming requests, a third breaking the document in one place (a
   * parameter, or the body), each from one of the callers.
   */
  function casesOf(
    path: string,
    operation: Operation,
    real: Partial<Record<Caller, Record<string, unknown>>>,
  ): fc.Arbitrary<Case> {
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((p) => p.in === 'path');
    const queryParameters = parameters.filter((p) => p.in === 'query');
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    // The administrator's user routes never act on a caller's own account (ending the sessions the test signs in
    // with, deactivating it or removing its second factor): any other id the document allows.
    const callersIds = new Set(Object.values(userIds));
    const conformingPath = fc
      .record(
        Object.fromEntries(
          pathParameters.map((p) => [p.name, conforming(p.schema, 'parameter', validParameter, p.name)]),
        ),
      )
      .filter((values) => !/^\/cp\/admin\/users\/\{id\}/.test(path) || !callersIds.has(Number(values.id)));
    const conformingQuery = fc.record(
      Object.fromEntries(
        queryParameters.map((p) => [p.name, conforming(p.schema, 'parameter', validParameter, p.name)]),
      ),
      { requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name) },
    );
    const conformingBody = bodySchema
      ? conforming(bodySchema, 'json', validJson, 'body')
      : fc.constant(undefined);

    // One arbitrary per caller, built once: a chain would build every arbitrary again at each draw (the subscription
    // body's patterns made that 150 ms a case).
    const ofCaller = (caller: Caller): fc.Arbitrary<Case> => {
      const ownPath = real[caller];
      const pathValues = ownPath
        ? fc.oneof({ weight: 3, arbitrary: fc.constant(ownPath) }, { weight: 1, arbitrary: conformingPath })
        : conformingPath;
      const base = fc.record({ path: pathValues, query: conformingQuery, body: conformingBody });
      const breakings: fc.Arbitrary<Case>[] = [];
      for (const parameter of parameters) {
        const violable = canBeViolated(parameter.schema, 'parameter', validParameter);
        if (!violable && !(parameter.required && parameter.in === 'query')) continue;
        const place = `${parameter.in}.${parameter.name}`;
        const bad = fc.oneof(
          ...(violable ? [violating(parameter.schema, 'parameter', validParameter, place)] : []),
          ...(parameter.required && parameter.in === 'query' ? [fc.constant(undefined)] : []),
        );
        breakings.push(
          fc.tuple(base, bad).map(([c, value]) => {
            const values = { ...(parameter.in === 'path' ? c.path : c.query) };
            if (value === undefined) delete values[parameter.name];
            else values[parameter.name] = value;
            return { caller, breaks: place, ...c, [parameter.in]: values };
          }),
        );
      }
      if (bodySchema)
        breakings.push(
          fc
            .tuple(
              base,
              fc.oneof(
                violating(bodySchema, 'json', validJson, 'body'),
                ...(operation.requestBody?.required ? [fc.constant(undefined)] : []),
              ),
            )
            .map(([c, body]) => ({ caller, breaks: 'body', ...c, body })),
        );
      const conformingCase = base.map((c): Case => ({ caller, breaks: null, ...c }));
      return breakings.length > 0
        ? fc.oneof({ weight: 2, arbitrary: conformingCase }, { weight: 1, arbitrary: fc.oneof(...breakings) })
        : conformingCase;
    };
    return fc.oneof(...CALLERS.map(ofCaller));
  }

  /**
   * Operations that end the session they are called with: a signed-in case calls them with a session of the spare
   * customer's, signed in for that case, never with the callers' own.
   */
  const ENDS_OWN_SESSION = new Set(['post /authenticate/oauth/logout/']);

  async function headersFor(path: string, method: string, caller: Caller): Promise<Record<string, string>> {
    if (caller === 'anonymous' || !ENDS_OWN_SESSION.has(`${method} ${path}`)) return headers[caller];
    return (
      await signIn(t.app, 'conformance.spare@example.com', DEMO_PASSWORD, { remoteAddress: nextAddress() })
    ).headers;
  }

  function requestOf(
    path: string,
    method: string,
    c: Case,
    callerHeaders: Record<string, string>,
  ): InjectOptions {
    let url = path;
    for (const [name, value] of Object.entries(c.path)) url = url.replace(`{${name}}`, encode(value));
    const query = Object.entries(c.query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encode(value)}`)
      .join('&');
    return {
      method: method.toUpperCase() as InjectOptions['method'],
      url: query ? `${url}?${query}` : url,
      headers: {
        ...callerHeaders,
        ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(c.body !== undefined ? { payload: JSON.stringify(c.body) } : {}),
      // One address for every case: where a per-address limit answers 429, the document must say so.
      remoteAddress: '127.0.0.1',
    };
  }

  for (const { path, method, operation } of operations) {
    it(`${method.toUpperCase()} ${path}`, async () => {
      const real = await realPathValues(path);
      if (process.env.OPENAPI_FUZZ_TRACE) console.info(`fuzzing ${method.toUpperCase()} ${path}`);
      const arbitrary = casesOf(path, operation, real);
      let drawn = 0;
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (c) => {
          drawn++;
          fc.pre(!containsSkip(c));
          const request = requestOf(path, method, c, await headersFor(path, method, c.caller));
          if (process.env.OPENAPI_FUZZ_TRACE === '2')
            console.info(`  ${request.method} ${request.url} as ${c.caller}`);
          const response = await t.app.inject(request);
          const problems = nonConformance(operation, response);
          if (c.breaks === null && POSITIVE) problems.push(...refusedByServerSchemas(path, method, c));
          if (c.breaks !== null && response.statusCode < 400)
            problems.push(
              `negative data accepted: the document refuses ${c.breaks}, the server answered ${response.statusCode}`,
            );
          if (
            c.caller !== 'anonymous' &&
            operation.security?.length &&
            response.statusCode === 401 &&
            !ENDS_OWN_SESSION.has(`${method} ${path}`)
          )
            problems.push(`the ${c.caller}'s session was refused (a case ended it?)`);
          expect(
            problems,
            `${request.method} ${request.url} as ${c.caller}${c.body !== undefined ? ` body ${clip(JSON.stringify(c.body))}` : ''} -> ${response.statusCode} ${clip(response.body)}`,
          ).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.OPENAPI_FUZZ_TRACE)
        console.info(
          `${method.toUpperCase()} ${path}: ${drawn} drawn for ${RUNS} cases, ${Date.now() - started} ms`,
        );
    }, 120_000);
  }

  it('answers 405 with Allow for a method a path does not declare', async () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      const declared = METHODS.filter((method) => item[method]);
      const url = path.replace(/\{\w+\}/g, '1');
      for (const method of METHODS.filter((m) => !item[m])) {
        const response = await t.app.inject({
          method: method.toUpperCase() as InjectOptions['method'],
          url,
          headers: headers.admin,
        });
        const allow = String(response.headers.allow ?? '')
          .split(',')
          .map((m) => m.trim().toLowerCase())
          .filter((m) => m && m !== 'head' && m !== 'options');
        if (response.statusCode !== 405 || allow.sort().join() !== [...declared].sort().join())
          problems.push(
            `${method.toUpperCase()} ${path} -> ${response.statusCode} Allow: ${response.headers.allow ?? '(none)'} (declared: ${declared.join(', ')})`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a call without a token, or with a forged one, on every operation that declares security', async () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations) {
      if (!operation.security?.length) continue;
      const url = path.replace(/\{\w+\}/g, '1');
      for (const authorization of [undefined, 'Bearer forged.token.value']) {
        const response = await t.app.inject({
          method: method.toUpperCase() as InjectOptions['method'],
          url,
          headers: authorization ? { authorization } : {},
        });
        if (response.statusCode !== 401)
          problems.push(
            `${method.toUpperCase()} ${path} ${authorization ? 'forged token' : 'no token'} -> ${response.statusCode}`,
          );
        problems.push(
          ...nonConformance(operation, response).map((p) => `${method.toUpperCase()} ${path}: ${p}`),
        );
      }
    }
    expect(problems).toEqual([]);
  });
});
