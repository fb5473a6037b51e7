import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const NUL = '\u0000';

/**
 * The path (`containers.0.sealNo`) of the first string that fails `isBad`, or the path of the object whose key does
 * ('request' at the top level); null when none does. Walks iteratively: a deeply nested body cannot exhaust the stack.
 */
function findText(root: unknown, isBad: (text: string) => boolean): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (isBad(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isBad(key)) return path || 'request';
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** The path of the first string or key holding a NUL character, or null. */
export const findNulCharacter = (root: unknown): string | null =>
  findText(root, (text) => text.includes(NUL));

/**
 * The path of the first string or key holding an unpaired UTF-16 surrogate (JSON can carry one as `"\ud800"`), or
 * null. Such text is not Unicode: PostgreSQL would store U+FFFD in its place (not what was sent), and PGlite's
 * encoder fails on some of it (a 500).
 */
export const findUnpairedSurrogate = (root: unknown): string | null =>
  findText(root, (text) => UNPAIRED_SURROGATE.test(text));
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * The path of the object holding a `__proto__` key, '' for the top level, or null. Fastify refuses such keys in JSON
 * bodies; query strings and form bodies (fast-querystring) keep them as own keys, which a copy into a plain object
 * turns into a prototype change, and which an error naming the field could not carry (the key vanishes).
 */
export function findPrototypeKey(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__') return path;
      stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

/** A NUL or an unpaired surrogate: what findNulCharacter and findUnpairedSurrogate look for. */
const isSuspectText = (text: string) => text.includes(NUL) || UNPAIRED_SURROGATE.test(text);

/**
 * Whether anything in `root` would fail one of the checks below: a `__proto__` key, or a string or key holding a
 * NUL or an unpaired surrogate. One walk without paths, so the usual request (nothing wrong) pays one pass and no
 * path strings; only a suspect one is walked again to name its field.
 */
function hasSuspectInput(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (isSuspectText(value)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key === '__proto__' || isSuspectText(key)) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would surface as a database error. One hook,
 * before validation, answers 400 naming the field instead, on every route; a `__proto__` key and text with an
 * unpaired surrogate get the same.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [scope, value] of parts) {
      if (!hasSuspectInput(value)) continue;
      const holder = findPrototypeKey(value);
      if (holder !== null) {
        const field = holder || scope;
        throw new AppError('VALIDATION_FAILED', `${field}: must not have a __proto__ key`, {
          fields: { [field]: 'must not have a __proto__ key' },
        });
      }
      for (const [find, problem] of [
        [findNulCharacter, 'must not contain a NUL character'],
        [findUnpairedSurrogate, 'must be valid Unicode text (it has an unpaired surrogate)'],
      ] as const) {
        const path = find(value);
        if (path === null) continue;
        const field = path || scope;
        throw new AppError('VALIDATION_FAILED', `${field}: ${problem}`, { fields: { [field]: problem } });
      }
    }
  });
}
