import type { AuditEvent, AuditEventListQuery } from '@lading/contract/admin-workspace';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { escapeLike } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

/**
 * Each filter is served by an index of `audit_events`: record (type, id, at), actor (actor_id, action, at),
 * action (action, at) and the time (at). The user filter finds the matching users first (users_search_trgm), then
 * their rows by actor.
 */
export function auditConditions(scope: Scope, query: AuditEventListQuery): SQL {
  const conditions: SQL[] = [scoped('audit', scope)];
  if (query.record_type) conditions.push(sql`a.record_type = ${query.record_type}`);
  if (query.record_id) conditions.push(sql`a.record_id = ${query.record_id}`);
  if (query.actor_id) conditions.push(sql`a.actor_id = ${query.actor_id}`);
  if (query.user)
    conditions.push(
      sql`a.actor_id in (select u.id from users u where lower(u.email::text || ' ' || u.first_name || ' ' || u.last_name) like ${`%${escapeLike(query.user.toLowerCase())}%`})`,
    );
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  if (query.from) conditions.push(sql`a.at >= (${query.from}::date)::timestamp at time zone 'UTC'`);
  if (query.to) conditions.push(sql`a.at < (${query.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(conditions, sql` and `);
}

type Row = Omit<AuditEvent, 'actor' | 'changes' | 'apiClient'> & {
  actor: AuditEvent['actor'] | string;
  changes: AuditEvent['changes'] | string;
  apiClient: AuditEvent['apiClient'] | string;
};
const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Newest first, paged. */
export async function findAuditEvents(
  db: Conn,
  scope: Scope,
  query: AuditEventListQuery,
): Promise<{ count: number; results: AuditEvent[] }> {
  const where = auditConditions(scope, query);
  const [rows, counted] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        case when u.id is null then null
          else json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name, 'email', u.email::text) end as actor,
        a.module, a.record_type as "recordType", a.record_id as "recordId", a.action,
        a.from_status as "fromStatus", a.to_status as "toStatus", a.version, a.changes, a.comment,
        case when ac.id is null then null else json_build_object('id', ac.id, 'name', ac.name,
          'company', ap.name, 'clientId', ac.client_id) end as "apiClient"
      from audit_events a left join users u on u.id = a.actor_id
      left join company_api_clients ac on a.record_type = 'API_CLIENT' and ac.id = a.record_id
      left join parties ap on ap.id = ac.party_id
      where ${where}
      order by a.at desc, a.id desc
      limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_events a where ${where}`),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    results: rows.map((row) => ({
      ...row,
      actor: parse(row.actor),
      changes: parse(row.changes),
      apiClient: parse(row.apiClient),
    })),
  };
}
