import { type Office, type PermissionSet, type RoleCode, toPermissionSet } from '@lading/contract/access';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { userOffices } from '../../db/schema/access';
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

/**
 * Everything the principal needs about an active user, in one statement: company membership, roles, the union of
 * their grants, offices, and the selected office (only while it is still one of theirs).
 */
export async function findPrincipalData(db: Conn, userId: number): Promise<PrincipalData | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`
    select u.id, u.email::text as email, u.party_id as "partyId", u.yard_id as "yardId", m.status as "membershipStatus",
      coalesce((select json_agg(r.code order by r.code) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id), '[]'::json) as roles,
      coalesce((select bool_or(r.is_staff) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id), false) as "isStaff",
      coalesce((select json_agg(distinct jsonb_build_object('module', g.module, 'resource', g.resource, 'operation', g.operation))
        from user_roles ur join role_grants g on g.role_id = ur.role_id where ur.user_id = u.id), '[]'::json) as grants,
      coalesce((select json_agg(json_build_object('id', o.id, 'code', o.code, 'name', o.name) order by o.is_corporate desc, o.code)
        from user_offices uo join offices o on o.id = uo.office_id where uo.user_id = u.id), '[]'::json) as offices,
      (select json_build_object('id', o.id, 'code', o.code, 'name', o.name, 'isCorporate', o.is_corporate)
        from offices o join user_offices uo on uo.office_id = o.id and uo.user_id = u.id
        where o.id = u.selected_office_id) as "selectedOffice"
    from users u
    left join company_memberships m on m.user_id = u.id
    where u.id = ${userId} and u.is_active`,
  );
  if (!row) return null;
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

export async function updateSelectedOffice(db: Conn, userId: number, officeId: number): Promise<void> {
  await db
    .update(users)
    .set({ selectedOfficeId: officeId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
