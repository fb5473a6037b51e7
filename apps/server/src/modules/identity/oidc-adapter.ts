import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Db, Tx } from '../../db/client';
import { companyMemberships } from '../../db/schema/companies';
import { oidcPayloads, sessions } from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import type { PrincipalData } from '../../lib/principal';
import type { ApiClientDirectory, ApiClientRegistration } from '../../lib/request';
import { type PrincipalRow, principalColumns, toPrincipalData } from '../access';
import { liveSessionSql } from './identity.repository';

/**
 * Where an access-token lookup started by `withPrincipal` puts the principal of the token's account, read by the
 * same statement as the token (undefined: not read; null: no active user). Scoped to that call: the provider's own
 * lookups (userinfo, introspection) read the token alone.
 */
const principalSlot = new AsyncLocalStorage<PrincipalSlot>();

/** What an access-token lookup by `withPrincipal` reads along: the account's principal and the token's session. */
type PrincipalSlot = {
  principal?: PrincipalData | null;
  session?: { id: string; lastActiveAt: Date; endsAt: Date };
};

/**
 * Runs `lookup` (the provider's AccessToken.find) so that the adapter reads the token's principal in the same
 * statement as the token: one round trip for the bearer check and the principal of every authenticated request.
 */
export async function withPrincipal<T>(lookup: () => Promise<T>): Promise<{ result: T } & PrincipalSlot> {
  const slot: PrincipalSlot = {};
  const result = await principalSlot.run(slot, lookup);
  return { result, ...slot };
}

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));
/**
 * An artifact issued under a grant (code, access or refresh token) exists only while its grant does: once a grant is
 * revoked, nothing written under it is found, even a token another request saved a moment after the revocation.
 */
const grantAlive = sql`(${oidcPayloads.grantId} is null or exists (select 1 from oidc_payloads g where g.type = 'Grant' and g.id = ${oidcPayloads.grantId}))`;

/**
 * Whether a key sent by a client (a code, token, client id or interaction uid) can be stored at all: PostgreSQL text
 * cannot hold U+0000, so a key with one names nothing, and looking it up would be a database error (a 500).
 */
const storable = (key: string) => !key.includes('\u0000');

/**
 * Stores oidc-provider's artifacts in the oidc_payloads table (PGlite or PostgreSQL). A code, access token or refresh
 * token is found only while the portal session its grant was issued under is live (not ended, not past its absolute
 * end, used within `idleMinutes`): ending a session, or leaving it idle, ends every token issued under it on every
 * instance at once.
 *
 * Clients other than the portal (static, in the provider's configuration) are companies' API clients, read from
 * `clients` (decision 025) each time the provider asks: a revoked or expired one is not found.
 */
export function createOidcAdapterFactory(db: Db, idleMinutes: number, clients?: ApiClientDirectory) {
  const sessionBound = sql`(${oidcPayloads.type} not in ('AccessToken', 'RefreshToken', 'AuthorizationCode')
    or exists (select 1 from sessions s where s.grant_ids @> array[${oidcPayloads.grantId}]
      and ${liveSessionSql('s', idleMinutes)}))`;
  // Every authenticated request looks its access token up by id: prepared once (issue 11).
  const findById = db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, sql.placeholder('type')),
        eq(oidcPayloads.id, sql.placeholder('id')),
        notExpired,
        grantAlive,
        sessionBound,
      ),
    )
    .limit(1)
    .prepare('oidc_payload_by_id');
  // The same lookup for an access token, with its account's principal (an active user's) joined in.
  const accountId = sql`case when ${oidcPayloads.payload}->>'accountId' ~ '^[0-9]{1,9}$'
    then (${oidcPayloads.payload}->>'accountId')::int end`;
  const findAccessTokenWithPrincipal = db
    .select({
      payload: oidcPayloads.payload,
      consumedAt: oidcPayloads.consumedAt,
      sessionId: sessions.publicId,
      lastActiveAt: sessions.lastActiveAt,
      sessionEndsAt: sessions.expiresAt,
      ...principalColumns,
    })
    .from(oidcPayloads)
    .innerJoin(
      sessions,
      and(
        sql`${sessions.grantIds} @> array[${oidcPayloads.grantId}]`,
        liveSessionSql('"sessions"', idleMinutes),
      ),
    )
    .leftJoin(users, and(eq(users.id, accountId), eq(users.isActive, true)))
    .leftJoin(companyMemberships, eq(companyMemberships.userId, users.id))
    .where(
      and(
        eq(oidcPayloads.type, 'AccessToken'),
        eq(oidcPayloads.id, sql.placeholder('id')),
        notExpired,
        grantAlive,
      ),
    )
    .limit(1)
    .prepare('oidc_access_token_with_principal');
  const found = (row: { payload: unknown; consumedAt: Date | null } | undefined) => {
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  };

  return class DrizzleOidcAdapter implements Adapter {
    readonly type: string;

    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: row });
    }

    private async findWhere(
      key: string,
      condition: ReturnType<typeof eq>,
    ): Promise<AdapterPayload | undefined> {
      if (!storable(key)) return undefined;
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), condition, notExpired, grantAlive))
        .limit(1);
      return found(row);
    }

    async find(id: string) {
      if (!storable(id)) return undefined;
      if (this.type === 'Client') {
        const client = clients && id.length <= 100 ? await clients.findClient(id) : undefined;
        return client ? apiClientMetadata(client) : undefined;
      }
      const slot = principalSlot.getStore();
      if (slot && this.type === 'AccessToken') {
        const [row] = await findAccessTokenWithPrincipal.execute({ id });
        if (row) {
          slot.principal = row.id === null ? null : toPrincipalData(row as PrincipalRow);
          slot.session = { id: row.sessionId, lastActiveAt: row.lastActiveAt, endsAt: row.sessionEndsAt };
        }
        return found(row);
      }
      const [row] = await findById.execute({ type: this.type, id });
      return found(row);
    }

    findByUid(uid: string) {
      return this.findWhere(uid, eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(userCode, eq(oidcPayloads.userCode, userCode));
    }

    /**
     * Marks a code or refresh token used, atomically: only the request whose update finds it unused wins. The
     * provider checks `consumed` before calling this, but concurrent requests (or instances) all pass that check; the
     * losers land here, revoke the whole grant (RFC 6749 4.1.2, RFC 9700 4.14.2) and get invalid_grant.
     */
    async consume(id: string): Promise<void> {
      const won = await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(
          and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)),
        )
        .returning({ id: oidcPayloads.id });
      if (won.length) return;
      const [row] = await db
        .select({ grantId: oidcPayloads.grantId })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
      if (row?.grantId) await revokeGrant(db, row.grantId);
      throw new errors.InvalidGrant(
        `${this.type === 'RefreshToken' ? 'refresh token' : 'grant'} already used`,
      );
    }

    async destroy(id: string): Promise<void> {
      if (!storable(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.grantId, grantId)));
    }
  };
}

/**
 * A company's API client as oidc-provider registers it: confidential, client-credentials only, the scopes it holds,
 * the secret's hash in place of the secret (oauth-provider.ts compares hashes) and its expiry as the secret's.
 */
function apiClientMetadata(client: ApiClientRegistration): AdapterPayload {
  return {
    client_id: client.clientId,
    client_name: client.name,
    client_secret: client.secretHash,
    client_secret_expires_at: Math.floor(client.expiresAt.getTime() / 1000),
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: client.scopes.join(' '),
    // The provider's one signing algorithm (no ID token is ever issued to these clients).
    id_token_signed_response_alg: 'ES256',
  };
}

/** Revokes everything issued under a grant, whatever its type. */
export async function revokeGrant(db: Db | Tx, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/** Removes artifacts that expired more than a day ago. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now() - interval '1 day'`));
}
