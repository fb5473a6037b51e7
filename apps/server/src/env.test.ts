import { describe, expect, it } from 'vitest';
import { loadEnv, parseDatabaseUrl, parseTrustProxy } from './env';

describe('configuration', () => {
  it('defaults to the embedded database under ./data/pglite', () => {
    const target = parseDatabaseUrl(undefined);
    expect(target.kind).toBe('pglite');
    expect(target.kind === 'pglite' && target.dataDir?.endsWith('/data/pglite')).toBe(true);
  });

  it('understands pglite:memory, pglite:<folder> and postgres URLs', () => {
    expect(parseDatabaseUrl('pglite:memory')).toEqual({ kind: 'pglite', dataDir: null });
    expect(parseDatabaseUrl('pglite:/tmp/x')).toEqual({ kind: 'pglite', dataDir: '/tmp/x' });
    expect(parseDatabaseUrl('postgres://u@h/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadEnv({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('starts from .env.example as written: an empty value means unset', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseEnv } = await import('node:util');
    const { REPO_ROOT } = await import('./env');
    const example = parseEnv(readFileSync(`${REPO_ROOT}/.env.example`, 'utf8'));
    const env = loadEnv({ ...example, DATABASE_URL: 'pglite:memory' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.trustProxy).toBe(false);
    expect(env.PORT).toBe(3000);
  });

  it('requires SESSION_SECRET in production on PostgreSQL', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /SESSION_SECRET/,
    );
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(env.sessionSecret).toBe('x'.repeat(40));
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadEnv({ PORT: '4321', DATABASE_URL: 'pglite:memory' }).publicUrl).toBe('http://localhost:4321');
  });
});

describe('TRUST_PROXY', () => {
  it('takes proxy addresses, CIDR ranges and proxy-addr names; never "everything" or a hop count', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('10.0.0.7, 10.1.0.0/16,loopback, ::1')).toEqual([
      '10.0.0.7',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const bad of ['true', '1', '*', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => parseTrustProxy(bad), bad).toThrow();
    }
    expect(() => loadEnv({ DATABASE_URL: 'pglite:memory', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
