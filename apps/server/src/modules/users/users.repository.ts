import type { AdminUser, AdminUserListQuery } from '@lading/contract/admin-workspace';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import { escapeLike } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const USER_SELECT = sql`
  select u.id, u.email::text as email, u.first_name as "firstName", u.last_name as "lastName",
    u.is_active as "isActive", u.email_verified_at is not null as "isVerified",
    coalesce((select bool_or(r.is_staff) from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = u.id), false) as "isStaff",
    coalesce((select json_agg(r.code order by r.code) from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = u.id), '[]'::json) as roles,
    coalesce((select json_agg(json_build_object('id', o.id, 'code', o.code, 'name', o.name)
        order by o.is_corporate desc, o.code)
      from user_offices uo join offices o on o.id = uo.office_id where uo.user_id = u.id), '[]'::json) as offices,
    u.selected_office_id as "selectedOfficeId",
    case
      when u.party_id is not null then
        (select json_build_object('id', p.id, 'name', p.name, 'status', 'APPROVED') from parties p where p.id = u.party_id)
      else
        (select json_build_object('id', p.id, 'name', p.name, 'status', m.status)
          from company_memberships m join parties p on p.id = m.party_id
          where m.user_id = u.id and m.status = 'PENDING')
    end as company,
    to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
  from users u`;

type UserRow = Omit<AdminUser, 'roles' | 'offices' | 'company'> & {
  roles: AdminUser['roles'] | string;
  offices: AdminUser['offices'] | string;
  company: AdminUser['company'] | string;
};

const toAdminUser = (row: UserRow): AdminUser => ({
  ...row,
  roles: parse(row.roles),
  offices: parse(row.offices),
  company: parse(row.company),
});

/** The search folds case on both sides with the expression of the `users_search_trgm` index. */
const SEARCH_EXPRESSION = sql`lower(u.email::text || ' ' || u.first_name || ' ' || u.last_name)`;
const likeTerm = (term: string) => `%${escapeLike(term.toLowerCase())}%`;

export async function findUsers(
  db: Conn,
  scope: Scope,
  query: AdminUserListQuery,
): Promise<{ count: number; results: AdminUser[] }> {
  const conditions: SQL[] = [scoped('user', scope)];
  if (query.search) conditions.push(sql`${SEARCH_EXPRESSION} like ${likeTerm(query.search)}`);
  if (query.is_active !== undefined) conditions.push(sql`u.is_active = ${query.is_active}`);
  if (query.role)
    conditions.push(
      sql`exists (select 1 from user_roles fr join roles r on r.id = fr.role_id where fr.user_id = u.id and r.code = ${query.role})`,
    );
  if (query.office_id)
    conditions.push(
      sql`exists (select 1 from user_offices fo where fo.user_id = u.id and fo.office_id = ${query.office_id})`,
    );
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    queryRows<UserRow>(
      db,
      sql`${USER_SELECT} where ${where} order by u.last_name, u.first_name, u.id limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(toAdminUser) };
}

/** One user within the caller's scope; `forUpdate` locks the user's row for the change that follows. */
export async function findUserInScope(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<AdminUser | null> {
  const lock = forUpdate ? sql` for update of u` : sql``;
  const [row] = await queryRows<UserRow>(
    db,
    sql`${USER_SELECT} where u.id = ${id} and ${scoped('user', scope)}${lock}`,
  );
  return row ? toAdminUser(row) : null;
}

export async function updateUserActive(tx: Tx, id: number, isActive: boolean): Promise<void> {
  await tx.execute(sql`update users set is_active = ${isActive}, updated_at = now() where id = ${id}`);
}

export async function replaceUserRoles(tx: Tx, id: number, roleCodes: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from user_roles where user_id = ${id}`);
  await tx.execute(
    sql`insert into user_roles (user_id, role_id) select ${id}, r.id from roles r where r.code in (${sql.join(
      roleCodes.map((code) => sql`${code}`),
      sql`, `,
    )})`,
  );
}

export async function findOfficesByIds(
  db: Conn,
  ids: readonly number[],
): Promise<{ id: number; code: string; isCorporate: boolean }[]> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select id, code, is_corporate as "isCorporate" from offices where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by is_corporate desc, code`,
  );
}

/** Replaces the user's offices and keeps the selected office when it is still one of them (else the first). */
export async function replaceUserOffices(tx: Tx, id: number, officeIds: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from user_offices where user_id = ${id}`);
  if (officeIds.length)
    await tx.execute(
      sql`insert into user_offices (user_id, office_id) values ${sql.join(
        officeIds.map((officeId) => sql`(${id}, ${officeId})`),
        sql`, `,
      )}`,
    );
  await tx.execute(sql`
    update users u set selected_office_id = (
      select o.id from user_offices uo join offices o on o.id = uo.office_id where uo.user_id = u.id
      order by coalesce(o.id = u.selected_office_id, false) desc, o.is_corporate desc, o.code limit 1),
      updated_at = now()
    where u.id = ${id}`);
}

/** A new account (sign-up): the user row and its role, in the caller's transaction; answers the new id. */
export async function insertAccount(
  tx: Tx,
  values: Pick<typeof users.$inferInsert, 'email' | 'username' | 'firstName' | 'lastName' | 'passwordHash'>,
  roleCode: string,
): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  const userId = row!.id;
  await tx.execute(
    sql`insert into user_roles (user_id, role_id) select ${userId}, id from roles where code = ${roleCode} on conflict do nothing`,
  );
  return userId;
}

/** What the account modules change on a user: the password, the verified address, the profile. */
export type AccountChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'passwordHash' | 'emailVerifiedAt' | 'country' | 'contactNumber' | 'address' | 'profileCompletedAt'
  >
>;

export async function updateAccount(tx: Tx, id: number, changes: AccountChanges): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
