import type { AdminCompany, AdminCompanyListQuery, CompanyValues } from '@lading/contract/admin-workspace';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { escapeLike, foldedTerm } from '../../db/text-search';

type Conn = Db | Tx;

const COMPANY_SELECT = sql`
  select p.id, p.code, p.external_id as "externalId", p.name, p.roles, p.status, p.is_active as "isActive",
    p.address, p.country_code as "countryCode", p.mobile, p.email_id as "emailId", p.tax_id as "taxId",
    (select count(*)::int from users u where u.party_id = p.id) as members,
    p.version,
    to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
  from parties p`;

/**
 * Companies by name or code: the name folded like `parties.search_name` (trigram index), the code by prefix
 * (`parties_code_prefix`). Companies are carrier-wide: no office owns one.
 */
export async function findCompanies(
  db: Conn,
  query: AdminCompanyListQuery,
): Promise<{ count: number; results: AdminCompany[] }> {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const term = escapeLike(query.search);
    conditions.push(
      sql`(p.search_name like '%' || ${foldedTerm(term)} || '%' or p.code like ${`${term.toUpperCase()}%`})`,
    );
  }
  if (query.status) conditions.push(sql`p.status = ${query.status}`);
  if (query.role) conditions.push(sql`${query.role} = any(p.roles)`);
  if (query.is_active !== undefined) conditions.push(sql`p.is_active = ${query.is_active}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    queryRows<AdminCompany>(
      db,
      sql`${COMPANY_SELECT} where ${where} order by p.name, p.id limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from parties p where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows };
}

export async function findCompanyById(db: Conn, id: number, forUpdate = false): Promise<AdminCompany | null> {
  const lock = forUpdate ? sql` for update of p` : sql``;
  const [row] = await queryRows<AdminCompany>(db, sql`${COMPANY_SELECT} where p.id = ${id}${lock}`);
  return row ?? null;
}

export async function findCompanyIdByCode(db: Conn, code: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from parties where code = ${code}`);
  return row?.id ?? null;
}

const columns = (values: Omit<CompanyValues, 'version'>) => ({
  code: values.code,
  name: values.name,
  roles: values.roles,
  status: values.status,
  isActive: values.isActive,
  address: values.address,
  countryCode: values.countryCode,
  mobile: values.mobile,
  emailId: values.emailId,
  taxId: values.taxId,
});

export async function insertCompany(tx: Tx, values: Omit<CompanyValues, 'version'>): Promise<number> {
  const v = columns(values);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into parties (code, name, roles, status, is_active, address, country_code, mobile, email_id, tax_id)
      values (${v.code}, ${v.name}, ${toTextArray(v.roles)}, ${v.status}, ${v.isActive}, ${v.address},
        ${v.countryCode}, ${v.mobile}, ${v.emailId}, ${v.taxId})
      returning id`,
  );
  return row!.id;
}

export async function updateCompany(
  tx: Tx,
  id: number,
  values: Omit<CompanyValues, 'version'>,
): Promise<void> {
  const v = columns(values);
  await tx.execute(
    sql`update parties set code = ${v.code}, name = ${v.name}, roles = ${toTextArray(v.roles)}, status = ${v.status},
      is_active = ${v.isActive}, address = ${v.address}, country_code = ${v.countryCode}, mobile = ${v.mobile},
      email_id = ${v.emailId}, tax_id = ${v.taxId}, version = version + 1, updated_at = now()
      where id = ${id}`,
  );
}

const toTextArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Whether a membership request for the company waits for approval (its status is then decided there). */
export async function hasPendingMembership(db: Conn, partyId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from company_memberships where party_id = ${partyId} and status = 'PENDING' limit 1`,
  );
  return rows.length > 0;
}
