import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in configuration resolve against the folder the user started from. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const START_DIR = process.env.INIT_CWD ?? process.cwd();
const DEFAULT_DATA_DIR = resolve(REPO_ROOT, 'data');

export type DatabaseTarget =
  /** dataDir null = in memory; loadDataDir: start as a copy of a dumped database (the tests' template). */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Uint8Array<ArrayBuffer> }
  /** poolSize: connections the app's pool may open (DB_POOL_SIZE, default 10). */
  | { kind: 'postgres'; url: string; poolSize?: number };

export function parseDatabaseUrl(value: string | undefined): DatabaseTarget {
  if (value === undefined || value === '')
    return { kind: 'pglite', dataDir: resolve(DEFAULT_DATA_DIR, 'pglite') };
  if (value === 'pglite:memory') return { kind: 'pglite', dataDir: null };
  if (value.startsWith('pglite:')) {
    const folder = value.slice('pglite:'.length);
    if (folder === '') throw new Error('pglite: needs a folder, or use pglite:memory');
    return { kind: 'pglite', dataDir: isAbsolute(folder) ? folder : resolve(START_DIR, folder) };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value };
  throw new Error('expected pglite:<folder>, pglite:memory or postgres://…');
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Lading <no-reply@lading.test>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** A portal session ends after this many minutes without an API call made for the user (ASVS V7.3.1). */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(2)
      .max(24 * 60)
      .default(30),
    /** The absolute lifetime of a session of an account holding any ADMIN permission (carrier staff). */
    SESSION_MAX_HOURS_STAFF: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /** The absolute lifetime of a customer's session. */
    SESSION_MAX_HOURS_CUSTOMER: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(7 * 24),
    TRUST_PROXY: z.string().optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    MAPBOX_TOKEN: z.string().min(10).optional(),
    MAPBOX_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .transform((raw, ctx) => {
    let database: DatabaseTarget;
    try {
      database = parseDatabaseUrl(raw.DATABASE_URL);
      if (database.kind === 'postgres') database = { ...database, poolSize: raw.DB_POOL_SIZE };
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: (error as Error).message });
      return z.NEVER;
    }
    if (raw.NODE_ENV === 'production' && database.kind === 'postgres' && !raw.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
      return z.NEVER;
    }
    let trustProxy: false | string[];
    try {
      trustProxy = parseTrustProxy(raw.TRUST_PROXY);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: (error as Error).message });
      return z.NEVER;
    }
    const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
    // Without SMTP, stored mail is also written here as text files (beside the embedded database's data).
    const mailDir =
      database.kind === 'pglite' && database.dataDir
        ? resolve(dirname(database.dataDir), 'outbox')
        : resolve(DEFAULT_DATA_DIR, 'outbox');
    return { ...raw, database, publicUrl, mailDir, trustProxy };
  });

export type Env = z.infer<typeof EnvSchema> & { sessionSecret: string };

/** Parses configuration; a bad value throws an error naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty value means unset (as `.env.example` writes `SMTP_URL=`): the default applies.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return { ...env, sessionSecret: env.SESSION_SECRET ?? localSessionSecret(env.database) };
}

/** For the embedded database the secret is generated once and kept beside the data; in memory it lives as long as the process. */
function localSessionSecret(database: DatabaseTarget): string {
  if (database.kind !== 'pglite' || database.dataDir === null) return randomBytes(32).toString('base64url');
  const file = resolve(dirname(database.dataDir), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: the proxies allowed to tell the client's address (X-Forwarded-For, X-Forwarded-Proto). Unset: none,
 * the socket's address is the client's. Otherwise a comma-separated list of the proxies' addresses or CIDR ranges
 * (or loopback / linklocal / uniquelocal). Neither "trust everything" nor a hop count is offered: with either, a
 * client connecting directly could choose its own address.
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address = '', bits] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 4 ? 32 : 128;
    if (!version || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits)))
      throw new Error(`"${entry}" is not a proxy address, CIDR range, loopback, linklocal or uniquelocal`);
  }
  return entries;
}
