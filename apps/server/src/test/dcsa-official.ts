import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The official DCSA OpenAPI files (../shared/data/dcsa beside the repository, or LADING_SHARED_DATA), for tests only:
 * they are never copied into the repository nor read at run time.
 */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DCSA_DIR = join(process.env.LADING_SHARED_DATA ?? resolve(REPO_ROOT, '../shared/data'), 'dcsa');
export const EBL_FILE = join(DCSA_DIR, 'EBL_v3.0.3.yaml');
export const BKG_FILE = join(DCSA_DIR, 'BKG_v2.0.4.yaml');
export const HAS_DCSA_FILES = existsSync(EBL_FILE) && existsSync(BKG_FILE);
/** Commercial Schedules 1.0.3 (self-contained). */
export const CS_FILE = join(DCSA_DIR, 'CS_v1.0.3.yaml');
export const HAS_CS_FILE = existsSync(CS_FILE);
/** Track & Trace 3.0.0-Beta-1: its `$ref`s reach the domain files beside it (dcsa/domain/). */
export const TNT_FILE = join(DCSA_DIR, 'TNT_v3.0.0-Beta-1.yaml');
const DOMAIN_DIR = join(DCSA_DIR, 'domain');
export const HAS_TNT_FILES = existsSync(TNT_FILE) && existsSync(join(DOMAIN_DIR, 'EVENT_DOMAIN_3.1.0.yaml'));
if (!HAS_DCSA_FILES || !HAS_CS_FILE || !HAS_TNT_FILES)
  console.warn(
    `[dcsa] skipping validation against the official DCSA schemas: ${DCSA_DIR} holds no official files`,
  );

/**
 * OpenAPI 3.0 schema objects as JSON Schema (draft-07, which Ajv speaks): `nullable: true` adds "null" to the type,
 * the boolean `exclusiveMinimum`/`exclusiveMaximum` of draft-04 become the numeric form, and the OpenAPI-only
 * keywords (discriminator, example, deprecated, xml, externalDocs) are dropped. `$ref`s stay as they are.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  const source = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    if (['discriminator', 'example', 'deprecated', 'xml', 'externalDocs', 'nullable'].includes(key)) continue;
    if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') continue;
    out[key] = key === 'properties' ? mapValues(value, toJsonSchema) : toJsonSchema(value);
  }
  if (source.exclusiveMinimum === true) {
    out.exclusiveMinimum = source.minimum;
    delete out.minimum;
  } else if (typeof source.exclusiveMinimum === 'number') out.exclusiveMinimum = source.exclusiveMinimum;
  if (source.exclusiveMaximum === true) {
    out.exclusiveMaximum = source.maximum;
    delete out.maximum;
  } else if (typeof source.exclusiveMaximum === 'number') out.exclusiveMaximum = source.exclusiveMaximum;
  if (source.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.enum) out.enum = [...(out.enum as unknown[]), null];
    else out.anyOf = [...((out.anyOf as unknown[]) ?? [{}]), { type: 'null' }];
  }
  return out;
}
const mapValues = (value: unknown, fn: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fn(v)]));

export type OfficialValidator = {
  validate: (value: unknown) => ErrorObject[];
  /** `$.a[0].b` paths of the errors (Ajv's instancePath, plus the missing property of a `required` error). */
  paths: (value: unknown) => string[];
};

const schemasOf = (file: string) =>
  mapValues(
    (parse(readFileSync(file, 'utf8')) as { components?: { schemas?: Record<string, unknown> } }).components
      ?.schemas ?? {},
    toJsonSchema,
  );

/**
 * A validator for one component schema of an official file, its `$ref`s resolved against the file's components and,
 * for a file that refers to the domain files (`./domain/EVENT_DOMAIN_3.1.0.yaml#/…`), theirs: each file is added
 * under an address of its own, so relative references between them resolve as they do on disk. `component` is a
 * schema's name in the file, or a reference relative to it (`./domain/EVENT_DOMAIN_3.1.0.yaml#/components/schemas/event`).
 */
export function officialValidator(file: string, component: string): OfficialValidator {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const id = `https://dcsa.local/${file.split('/').pop()}`;
  ajv.addSchema({ $id: id, components: { schemas: schemasOf(file) } });
  if (existsSync(DOMAIN_DIR) && readFileSync(file, 'utf8').includes('./domain/'))
    for (const name of readdirSync(DOMAIN_DIR).filter((n) => n.endsWith('.yaml')))
      ajv.addSchema({
        $id: `https://dcsa.local/domain/${name}`,
        components: { schemas: schemasOf(join(DOMAIN_DIR, name)) },
      });
  // A component of the file by name, or any schema by a reference relative to the file (`./domain/…#/components/…`).
  const target = component.includes('#')
    ? new URL(component, id).toString()
    : `${id}#/components/schemas/${component}`;
  const check: ValidateFunction = ajv.compile({ $ref: target });
  const validate = (value: unknown) => (check(value) ? [] : [...(check.errors ?? [])]);
  return {
    validate,
    paths: (value) => [
      ...new Set(
        validate(value).map((error) => {
          const segments = error.instancePath
            .split('/')
            .slice(1)
            .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
          if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
          return segments.reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : `${out}.${s}`), '$');
        }),
      ),
    ],
  };
}
