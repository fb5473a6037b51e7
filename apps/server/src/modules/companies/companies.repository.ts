import type { CompanyMembership, CompanyMembershipListQuery } from '@lading/contract/companies';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { companyMemberships, parties } from '../../db/schema/companies';
import { users } from '../../db/schema/users';

type Conn = Db | Tx;

const MEMBERSHIP_SELECT = sql`
  select m.id, m.status, m.is_new_company as "isNewCompany",
    to_char(m.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt",
    to_char(m.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "decidedAt",
    m.reason,
    json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name, 'email', u.email::text) as "user",
    json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'address', p.address,
      'countryCode', p.country_code, 'taxId', p.tax_id, 'status', p.status) as company
  from company_memberships m
  join users u on u.id = m.user_id
  join parties p on p.id = m.party_id`;

const parse = (row: Record<string, unknown>): CompanyMembership => ({
  ...(row as CompanyMembership),
  user: typeof row.user === 'string' ? JSON.parse(row.user) : row.user,
  company: typeof row.company === 'string' ? JSON.parse(row.company) : row.company,
});

/** The membership requests, oldest first (the approval queue), optionally of one status. */
export async function findMemberships(
  db: Conn,
  query: CompanyMembershipListQuery,
): Promise<{ count: number; results: CompanyMembership[] }> {
  const where = query.status ? sql`m.status = ${query.status}` : sql`true`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${MEMBERSHIP_SELECT} where ${where} order by m.requested_at asc, m.id asc limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from company_memberships m where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(parse) };
}

export async function findMembershipById(
  db: Conn,
  id: number,
  forUpdate = false,
): Promise<CompanyMembership | null> {
  const lock = forUpdate ? sql` for update of m` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${MEMBERSHIP_SELECT} where m.id = ${id}${lock}`,
  );
  return row ? parse(row) : null;
}

/** The user's one current request: a new one replaces whatever was there (pending, approved or refused). */
export async function upsertMembershipRequest(
  tx: Tx,
  values: { userId: number; partyId: number; isNewCompany: boolean },
): Promise<number> {
  const [row] = await tx
    .insert(companyMemberships)
    .values({ ...values, status: 'PENDING' })
    .onConflictDoUpdate({
      target: companyMemberships.userId,
      set: {
        partyId: values.partyId,
        isNewCompany: values.isNewCompany,
        status: 'PENDING',
        requestedAt: sql`now()`,
        decidedAt: null,
        decidedById: null,
        reason: null,
      },
    })
    .returning({ id: companyMemberships.id });
  return row!.id;
}

export async function decideMembership(
  tx: Tx,
  id: number,
  decision: { status: 'APPROVED' | 'REFUSED'; decidedById: number; reason: string | null },
): Promise<void> {
  await tx
    .update(companyMemberships)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(companyMemberships.id, id));
}

/** A company a customer asked for: PENDING (not offered to others) until approved. */
export async function insertRequestedParty(
  tx: Tx,
  values: { name: string; address: string; countryCode: string; taxId: string },
): Promise<number> {
  const [row] = await tx
    .insert(parties)
    .values({
      ...values,
      code: `REQ-${crypto.randomUUID()}`,
      status: 'PENDING',
      roles: ['CO'],
    })
    .returning({ id: parties.id });
  const id = row!.id;
  await tx
    .update(parties)
    .set({ code: `C${String(id).padStart(6, '0')}` })
    .where(eq(parties.id, id));
  return id;
}

export async function updatePartyStatus(tx: Tx, id: number, values: { status: string; isActive: boolean }) {
  await tx
    .update(parties)
    .set({ ...values, version: sql`${parties.version} + 1`, updatedAt: sql`now()` })
    .where(eq(parties.id, id));
}

export async function findPartyForMembership(db: Conn, id: number) {
  const [row] = await db
    .select({ id: parties.id, name: parties.name, status: parties.status, isActive: parties.isActive })
    .from(parties)
    .where(eq(parties.id, id));
  return row ?? null;
}

export async function setUserCompany(tx: Tx, userId: number, partyId: number | null): Promise<void> {
  await tx.update(users).set({ partyId, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The user's company membership (at most one), or null. */
export async function findMembershipOfUser(
  db: Conn,
  userId: number,
): Promise<{ partyId: number; status: string } | null> {
  const [row] = await db
    .select({ partyId: companyMemberships.partyId, status: companyMemberships.status })
    .from(companyMemberships)
    .where(eq(companyMemberships.userId, userId));
  return row ?? null;
}
