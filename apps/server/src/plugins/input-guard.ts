import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const NUL = '\u0000';

/**
 * The path (`containers.0.sealNo`) of the first string or key holding a NUL character, or null. Walks iteratively:
 * a deeply nested body cannot exhaust the stack.
 */
export function findNulCharacter(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return path || 'request';
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

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

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would surface as a database error. One hook,
 * before validation, answers 400 naming the field instead, on every route; a `__proto__` key gets the same.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [scope, value] of parts) {
      const holder = findPrototypeKey(value);
      if (holder !== null) {
        const field = holder || scope;
        throw new AppError('VALIDATION_FAILED', `${field}: must not have a __proto__ key`, {
          fields: { [field]: 'must not have a __proto__ key' },
        });
      }
      const path = findNulCharacter(value);
      if (path === null) continue;
      const field = path || scope;
      throw new AppError('VALIDATION_FAILED', `${field}: must not contain a NUL character`, {
        fields: { [field]: 'must not contain a NUL character' },
      });
    }
  });
}
