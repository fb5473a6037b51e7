import type { ApiClient, ApiClientScope } from '@lading/contract/api-clients';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { companyApiClients } from '../../db/schema/api-clients';

type Conn = Db | Tx;

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null
    else json_build_object('id', ${alias}.id, 'name', ${alias}.first_name || ' ' || ${alias}.last_name) end`);

/** A client as its company's members read it (`company_api_clients c`, its creator and revoker by name). */
const CLIENT_SELECT = sql`select c.id, c.name, c.client_id as "clientId", c.scopes,
    to_char((c.expires_at at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD') as "expiresOn",
    case when c.revoked_at is not null then 'REVOKED' when c.expires_at <= now() then 'EXPIRED' else 'ACTIVE' end
      as status,
    ${utc(sql`c.created_at`)} as "createdAt", ${person('cu')} as "createdBy",
    ${utc(sql`c.last_used_at`)} as "lastUsedAt", ${utc(sql`c.revoked_at`)} as "revokedAt",
    ${person('ru')} as "revokedBy"
  from company_api_clients c
  left join users cu on cu.id = c.created_by_id
  left join users ru on ru.id = c.revoked_by_id`;

type Row = Omit<ApiClient, 'createdBy' | 'revokedBy'> & {
  createdBy: ApiClient['createdBy'] | string;
  revokedBy: ApiClient['revokedBy'] | string;
};
const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const toClient = (row: Row): ApiClient => ({
  ...row,
  createdBy: parse(row.createdBy),
  revokedBy: parse(row.revokedBy),
});

/** The company's clients, newest first (revoked and expired ones too: the list is their history). */
export async function findClientsOfCompany(db: Conn, partyId: number): Promise<ApiClient[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${CLIENT_SELECT} where c.party_id = ${partyId} order by c.created_at desc, c.id desc`,
  );
  return rows.map(toClient);
}

/** One of the company's clients, or null (another company's is null too); `lock` holds its row for a change. */
export async function findClientOfCompany(
  db: Conn,
  partyId: number,
  id: number,
  lock = false,
): Promise<ApiClient | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`${CLIENT_SELECT} where c.party_id = ${partyId} and c.id = ${id}${lock ? sql` for update of c` : sql``}`,
  );
  return row ? toClient(row) : null;
}

export async function insertClient(
  tx: Tx,
  values: {
    partyId: number;
    name: string;
    clientId: string;
    secretHash: string;
    scopes: ApiClientScope[];
    expiresOn: string;
    createdById: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(companyApiClients)
    .values({
      partyId: values.partyId,
      name: values.name,
      clientId: values.clientId,
      secretHash: values.secretHash,
      scopes: values.scopes,
      // Valid through its last day (UTC): refused from the next day's first instant.
      expiresAt: sql`(${values.expiresOn}::date + 1)::timestamp at time zone 'UTC'`,
      createdById: values.createdById,
    })
    .returning({ id: companyApiClients.id });
  return row!.id;
}

export async function revokeClient(tx: Tx, id: number, revokedById: number): Promise<void> {
  await tx
    .update(companyApiClients)
    .set({ revokedAt: sql`now()`, revokedById })
    .where(sql`${companyApiClients.id} = ${id}`);
}

export type LiveClient = {
  id: number;
  clientId: string;
  name: string;
  secretHash: string;
  scopes: ApiClientScope[];
  expiresAt: Date;
  partyId: number;
  companyName: string;
};

/**
 * A client that may get tokens and call now: not revoked, not expired, its company active and approved. One
 * indexed read (the client_id's unique index); every token request and every call of a client makes it.
 */
export async function findLiveClient(db: Conn, clientId: string): Promise<LiveClient | null> {
  const [row] = await queryRows<Omit<LiveClient, 'expiresAt'> & { expiresAt: string | Date }>(
    db,
    sql`select c.id, c.client_id as "clientId", c.name, c.secret_hash as "secretHash", c.scopes,
          c.expires_at as "expiresAt", c.party_id as "partyId", p.name as "companyName"
        from company_api_clients c join parties p on p.id = c.party_id
        where c.client_id = ${clientId} and c.revoked_at is null and c.expires_at > now()
          and p.is_active and p.status = 'APPR'`,
  );
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
}

/** A call made with one of the client's tokens: when it was last used. */
export async function touchClient(tx: Tx, id: number): Promise<void> {
  await tx
    .update(companyApiClients)
    .set({ lastUsedAt: sql`now()` })
    .where(sql`${companyApiClients.id} = ${id}`);
}
