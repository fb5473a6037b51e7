import { type LookupAddress, lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a subscription's pushes may go (decision 029, SSRF). In production a callback URL must be https and its host
 * must resolve only to public unicast addresses: never loopback, private (RFC 1918, IPv6 unique-local), link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved, documentation or an IPv4 address
 * wrapped in IPv6. Checked when the subscription is created or changed, and again at every delivery, where the
 * connection is made to the very addresses checked (so a DNS answer that changes in between cannot slip through).
 * Outside production (development, tests) http and any address are allowed: receivers run on the local machine.
 */
export type CallbackPolicy = { production: boolean };

/** The range an address lies in when it is not a public unicast one (`loopback`, `private`, …), else null. */
export function specialRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
    parsed = ipaddr.process(address);
  } catch {
    return 'invalid';
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Every address a host name resolves to (A and AAAA), as the operating system's resolver answers. */
export function resolveHost(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

export const SPECIAL_ADDRESS_MESSAGE =
  'must point at a public address: its host resolves to none, or to a loopback, private, link-local or other special one';

/** The host of a URL without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a (well-formed) callback URL is refused under the policy, or null. The one message for a host that does not
 * resolve and one that resolves to a special address: the answer does not tell which internal names exist.
 */
export async function callbackUrlProblem(
  value: string,
  policy: CallbackPolicy,
  resolve: (host: string) => Promise<string[]> = resolveHost,
): Promise<string | null> {
  if (!policy.production) return null;
  const url = new URL(value);
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0 || addresses.some((address) => specialRange(address) !== null))
    return SPECIAL_ADDRESS_MESSAGE;
  return null;
}

/**
 * Why a delivery may not connect to this URL's host when it is an IP address (a name is checked by `guardedLookup`
 * as it is resolved for the connection), or null.
 */
export function literalAddressProblem(url: URL, policy: CallbackPolicy): string | null {
  if (!policy.production) return null;
  const host = hostOf(url);
  return isIP(host) && specialRange(host) !== null ? `${host} is not a public address` : null;
}

/**
 * The resolver a delivery connects through: in production it refuses (the connection fails) when the host resolves
 * to any special address, and hands the socket exactly the addresses it checked. Outside production, the default.
 */
export function guardedLookup(policy: CallbackPolicy): LookupFunction | undefined {
  if (!policy.production) return undefined;
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      const done = callback as (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (error) return done(error, '', 0);
      if (addresses.length === 0 || addresses.some((a) => specialRange(a.address) !== null)) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a special address`);
        refused.code = 'ESPECIALADDRESS';
        return done(refused, '', 0);
      }
      if (options.all) return done(null, addresses);
      return done(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
