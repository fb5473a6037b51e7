import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../db/client';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import * as repo from './identity.repository';

/** How long a portal session lives without an API call, and at most (ASVS V7.3.1, V7.3.2). From the environment. */
export type SessionPolicy = {
  idleMinutes: number;
  /** Accounts holding any ADMIN permission (carrier staff). */
  maxHoursStaff: number;
  maxHoursCustomer: number;
};

export const sessionPolicyOf = (env: {
  SESSION_IDLE_MINUTES: number;
  SESSION_MAX_HOURS_STAFF: number;
  SESSION_MAX_HOURS_CUSTOMER: number;
}): SessionPolicy => ({
  idleMinutes: env.SESSION_IDLE_MINUTES,
  maxHoursStaff: env.SESSION_MAX_HOURS_STAFF,
  maxHoursCustomer: env.SESSION_MAX_HOURS_CUSTOMER,
});

/** The longest a session can be (the cookie's Max-Age): the customer or staff lifetime, whichever is longer. */
export const longestSessionMs = (policy: SessionPolicy) =>
  Math.max(policy.maxHoursStaff, policy.maxHoursCustomer) * 3_600_000;

/** The approximate place of a client: its IPv4 /24 or IPv6 /48 network, never the full address. */
export function ipPrefixOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(mapped)) {
    const [head = '', tail = ''] = mapped.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = mapped.includes('::')
      ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((g) => Number.parseInt(g || '0', 16).toString(16))
      .join(':')}::/48`;
  }
  return null;
}

/** `__Host-` (Secure, Path=/, no Domain) wherever browsers accept Secure cookies: https, or http on localhost. */
export function sessionCookieName(publicUrl: string): string {
  const url = new URL(publicUrl);
  const secureContext =
    url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return secureContext ? '__Host-lading.sid' : 'lading.sid';
}

/** The long-lived cookie that recognises a browser a user signed in from before (the new-device e-mail). */
export function deviceCookieName(publicUrl: string): string {
  return sessionCookieName(publicUrl).replace('sid', 'device');
}

/**
 * Starts a new portal session (a new id at every login) and returns the raw cookie value. `enrolmentOnly`: a session
 * that may only set up a second factor (decision 023).
 */
export async function createSession(
  db: Db,
  userId: number,
  browser: { userAgent: string | undefined; ip: string | undefined },
  lifetimeMs: number,
  enrolmentOnly = false,
): Promise<string> {
  const raw = newSecretToken();
  await repo.insertSession(db, {
    idHash: hashToken(raw),
    userId,
    expiresAt: new Date(Date.now() + lifetimeMs),
    userAgent: browser.userAgent?.slice(0, 300) ?? null,
    ipPrefix: ipPrefixOf(browser.ip),
    enrolmentOnly,
  });
  return raw;
}

/**
 * The live full session of a session cookie's value, or null (no cookie, unknown, ended, expired or idle, or a
 * session that may only set up a second factor: the authorization server never sees one). `kind` 'enrolment' finds
 * only the latter, 'any' either (sign-out ends whichever it is).
 */
export async function findActiveSession(
  db: Db,
  raw: string | undefined,
  idleMinutes: number,
  kind: 'full' | 'enrolment' | 'any' = 'full',
) {
  if (!raw) return null;
  return repo.findActiveSession(db, hashToken(raw), idleMinutes, kind);
}
