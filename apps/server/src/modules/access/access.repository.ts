import { type Office, type PermissionSet, type RoleCode, toPermissionSet } from '@lading/contract/access';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles, userOffices, userRoles } from '../../db/schema/access';
import { companyMemberships } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { CompanyStatus, PrincipalData } from '../../lib/principal';

type Conn = Db | Tx;

type Row = {
  id: number;
  email: string;
  partyId: number | null;
  yardId: number | null;
  membershipStatus: 'PENDING' | 'APPROVED' | 'REFUSED' | null;
  roles: RoleCode[] | string;
  isStaff: boolean;
  grants: { module: string; resource: string; operation: string }[] | string;
  offices: Office[] | string;
  selectedOffice: (Office & { isCorporate: boolean }) | string | null;
};

const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The principal's statement, prepared once per database handle (a named prepared statement on PostgreSQL). */
const principalStatements = new WeakMap<Conn, ReturnType<typeof preparePrincipalStatement>>();
/**
 * The principal's columns, over `users` and its `company_memberships` row (left-joined): what the principal needs
 * about a user, in one select (also joined to the access-token lookup, identity/oidc-adapter.ts).
 */
export const principalColumns = {
  id: users.id,
  email: sql<string>`${users.email}::text`,
  partyId: users.partyId,
  yardId: users.yardId,
  membershipStatus: companyMemberships.status,
  roles: sql<Row['roles']>`coalesce((select json_agg(r.code order by r.code) from user_roles ur
        join roles r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json)`,
  isStaff: sql<boolean>`coalesce((select bool_or(r.is_staff) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${users.id}), false)`,
  grants: sql<Row['grants']>`coalesce((select json_agg(distinct jsonb_build_object('module', g.module,
        'resource', g.resource, 'operation', g.operation)) from user_roles ur join role_grants g on g.role_id = ur.role_id
        where ur.user_id = ${users.id}), '[]'::json)`,
  offices: sql<
    Row['offices']
  >`coalesce((select json_agg(json_build_object('id', o.id, 'code', o.code, 'name', o.name)
        order by o.is_corporate desc, o.code) from user_offices uo join offices o on o.id = uo.office_id
        where uo.user_id = ${users.id}), '[]'::json)`,
  selectedOffice: sql<
    Row['selectedOffice']
  >`(select json_build_object('id', o.id, 'code', o.code, 'name', o.name,
        'isCorporate', o.is_corporate) from offices o join user_offices uo on uo.office_id = o.id
        and uo.user_id = ${users.id} where o.id = ${users.selectedOfficeId})`,
};
export type PrincipalRow = Row;

function preparePrincipalStatement(db: Conn) {
  return db
    .select(principalColumns)
    .from(users)
    .leftJoin(companyMemberships, eq(companyMemberships.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.isActive, true)))
    .prepare('principal_data');
}

/**
 * Everything the principal needs about an active user, in one statement: company membership, roles, the union of
 * their grants, offices, and the selected office (only while it is still one of theirs). Every authenticated
 * request runs it: it is prepared once (issue 11).
 */
export async function findPrincipalData(db: Conn, userId: number): Promise<PrincipalData | null> {
  let statement = principalStatements.get(db);
  if (!statement) {
    statement = preparePrincipalStatement(db);
    principalStatements.set(db, statement);
  }
  const [row] = (await statement.execute({ userId })) as Row[];
  return row ? toPrincipalData(row) : null;
}

/** A row of `principalColumns` as the principal's data. */
export function toPrincipalData(row: Row): PrincipalData {
  const selected = parse(row.selectedOffice);
  const companyStatus: CompanyStatus =
    row.membershipStatus === 'PENDING' || row.membershipStatus === 'APPROVED' ? row.membershipStatus : null;
  const permissions: PermissionSet = toPermissionSet(parse(row.grants));
  return {
    userId: row.id,
    email: row.email,
    partyId: row.partyId,
    companyStatus,
    roles: parse(row.roles) as RoleCode[],
    isStaff: row.isStaff,
    permissions,
    offices: parse(row.offices),
    selectedOffice: selected ? { id: selected.id, code: selected.code, name: selected.name } : null,
    selectedOfficeIsCorporate: selected?.isCorporate ?? false,
    apiClient: null,
    yardId: row.yardId,
  };
}

/** Whether the office is one of the user's. */
export async function isUserOffice(db: Conn, userId: number, officeId: number): Promise<boolean> {
  const rows = await db
    .select({ officeId: userOffices.officeId })
    .from(userOffices)
    .where(and(eq(userOffices.userId, userId), eq(userOffices.officeId, officeId)));
  return rows.length > 0;
}

/** Whether any of the user's roles requires a second factor (`roles.requires_second_factor`, decision 023). */
export async function requiresSecondFactor(db: Conn, userId: number): Promise<boolean> {
  const rows = await db
    .select({ roleId: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requiresSecondFactor, true)))
    .limit(1);
  return rows.length > 0;
}

export async function updateSelectedOffice(db: Conn, userId: number, officeId: number): Promise<void> {
  await db
    .update(users)
    .set({ selectedOfficeId: officeId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
