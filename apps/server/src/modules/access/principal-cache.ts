import { createHash } from 'node:crypto';
import type { AccessTokenVerifier } from '../../lib/request';

type Verified = NonNullable<Awaited<ReturnType<AccessTokenVerifier>>>;
type Entry = { userId: number; grantId: string | undefined; verified: Verified; until: number };

export type PrincipalCacheOptions = {
  /**
   * Hears the database's principal change notices (`Database.watch('lading_principal', …)`, raised by the
   * triggers of migration 0019): 'user:<id>', 'grant:<id>' or '*'; null when notices may have been missed.
   */
  watch: (onNotify: (payload: string | null) => void) => () => void;
  /** How long a verified token is kept at most, whatever is heard (default 60 s). */
  ttlMs?: number;
  /** The most tokens kept; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
};

/**
 * Keeps what an access token's lookup found (its user, grant and principal) for a short while, so that a signed-in
 * request does not read the token and the principal again on every call (issue 11: that statement was the largest
 * part of a port typeahead on PGlite and a save's ninth round trip).
 *
 * Staleness is bounded by the database, not by the clock: every committed change to a token, grant, user, role,
 * grant of a role, office or membership raises a notice that every instance hears (migration 0019), and the
 * writing instance hears its own before its COMMIT returns, so a logout, deactivation or role change is in force
 * for the very next request. A lookup that was in flight while a notice arrived is not kept (it may have read the
 * old rows); when notices may have been missed, everything is forgotten. Entries never outlive their token's
 * expiry or `ttlMs`. Tokens are kept by their SHA-256, never in clear.
 */
export function cachePrincipals(verify: AccessTokenVerifier, options: PrincipalCacheOptions) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Moves on with every notice: a lookup that started before one is not kept. */
  let generation = 0;

  const forget = (payload: string | null) => {
    generation++;
    if (payload === null || payload === '*') return entries.clear();
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const id = payload.slice(colon + 1);
    for (const [key, entry] of entries) {
      if ((kind === 'user' && String(entry.userId) === id) || (kind === 'grant' && entry.grantId === id))
        entries.delete(key);
    }
  };
  const stopWatching = options.watch(forget);

  const cached: AccessTokenVerifier = async (token) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = entries.get(key);
    if (hit) {
      if (hit.until > now()) return hit.verified;
      entries.delete(key);
    }
    const startedAt = generation;
    const verified = await verify(token);
    // Kept only with its principal read along (an active user's), and only if nothing changed meanwhile. An API
    // client's token is never kept: its client is read at every call, so a revocation holds at once (decision 025).
    if (verified?.principal && !verified.principal.apiClient && generation === startedAt) {
      const until = Math.min(now() + ttlMs, verified.expiresAt ?? Number.POSITIVE_INFINITY);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { userId: verified.userId, grantId: verified.grantId, verified, until });
    }
    return verified;
  };

  return {
    verify: cached,
    /** How many tokens are kept (for tests). */
    get size() {
      return entries.size;
    },
    close: stopWatching,
  };
}
