import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { type Db, queryRows } from '../db/client';
import { securityEvent } from '../lib/security-events';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/**
 * A store for @fastify/rate-limit over the `rate_limits` table: one atomic INSERT … ON CONFLICT per request, so the
 * per-IP limits hold across instances sharing the database (the plugin's own store lives in one process's memory).
 */
function postgresStore(db: Db) {
  return class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      queryRows<Counter>(
        db,
        sql`insert into rate_limits (key, count, reset_at)
            values (${this.prefix + key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
            on conflict (key) do update set
              count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
              reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
            returning count as current,
              greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
      ).then(
        ([row]) => callback(null, row ?? { current: 1, ttl: timeWindow }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      queryRows<Counter>(
        db,
        sql`select count as current, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
            from rate_limits where key = ${this.prefix + key} and reset_at > now()`,
      ).then(
        ([row]) => callback(null, row ?? { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** Each route gets its own counters. */
    child(routeOptions: {
      method: string | string[];
      url?: string;
      routeInfo?: { method: string; url: string };
    }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(route.method)}${route.url}:`);
    }
  };
}

/** Removes counters whose window has passed (hourly housekeeping). */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}

/**
 * Per-IP limits (each route declares its own `config.rateLimit`), kept in Redis when REDIS_URL is set, otherwise in
 * PostgreSQL/PGlite: shared by every instance either way. Outside production the loopback address is exempt (tests,
 * local browsers); the per-account sign-in throttle applies everywhere regardless.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { db: Db; redisUrl: string | undefined; production: boolean },
): Promise<void> {
  const allowList = options.production ? [] : ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
  // Every refusal is a security event (the route, and the user when the caller is signed in).
  const onExceeded = (request: FastifyRequest) =>
    securityEvent(request.log, 'rate-limit.refused', {
      userId: request.principal?.userId ?? null,
      required: `${request.method} ${request.routeOptions.url ?? ''}`,
    });
  if (options.redisUrl) {
    // Connected before the app serves; while Redis is unreachable later, commands fail at once (no queue) and the
    // per-IP limits are skipped rather than failing requests (the per-account sign-in throttle lives in the database).
    const redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    await redis.connect();
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
    await app.register(rateLimit, {
      global: false,
      allowList,
      redis,
      nameSpace: 'lading-rl:',
      skipOnError: true,
      onExceeded,
    });
    return;
  }
  await app.register(rateLimit, { global: false, allowList, store: postgresStore(options.db), onExceeded });
}
