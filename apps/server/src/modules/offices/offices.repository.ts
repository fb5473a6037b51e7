import type { AdminOffice, OfficeBody } from '@lading/contract/admin-workspace';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const OFFICE_SELECT = sql`
  select o.id, o.code, o.name, o.is_corporate as "isCorporate", o.version,
    (select json_build_object('id', p.id, 'code', p.code, 'name', p.name) from ports p where p.id = o.port_id) as port,
    coalesce((select json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name,
        'email', u.email::text, 'isActive', u.is_active) order by u.last_name, u.first_name, u.id)
      from user_offices uo join users u on u.id = uo.user_id where uo.office_id = o.id), '[]'::json) as staff
  from offices o`;

type Row = Omit<AdminOffice, 'port' | 'staff'> & {
  port: AdminOffice['port'] | string;
  staff: AdminOffice['staff'] | string;
};
const toOffice = (row: Row): AdminOffice => ({ ...row, port: parse(row.port), staff: parse(row.staff) });

/** The offices of the caller's scope: all from the corporate office, the own office when working as a branch. */

export async function findOffices(db: Conn, scope: Scope): Promise<AdminOffice[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${OFFICE_SELECT} where ${scoped('office', scope)} order by o.is_corporate desc, o.code`,
  );
  return rows.map(toOffice);
}

export async function findOfficeInScope(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<AdminOffice | null> {
  const lock = forUpdate ? sql` for update of o` : sql``;
  const [row] = await queryRows<Row>(
    db,
    sql`${OFFICE_SELECT} where o.id = ${id} and ${scoped('office', scope)}${lock}`,
  );
  return row ? toOffice(row) : null;
}

export async function findOfficeIdByCode(db: Conn, code: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from offices where code = ${code}`);
  return row?.id ?? null;
}

export async function isSeaPort(db: Conn, portId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from ports where id = ${portId} and 'SP' = any(port_types)`);
  return rows.length > 0;
}

type OfficeValues = Omit<OfficeBody, 'version'>;

export async function insertOffice(tx: Tx, body: OfficeValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into offices (code, name, port_id) values (${body.code}, ${body.name}, ${body.portId}) returning id`,
  );
  return row!.id;
}

export async function updateOffice(tx: Tx, id: number, body: OfficeValues): Promise<void> {
  await tx.execute(
    sql`update offices set code = ${body.code}, name = ${body.name}, port_id = ${body.portId},
      version = version + 1 where id = ${id}`,
  );
}

/** The office that serves a port, if any. */
export async function findOfficeIdByPort(db: Conn, portId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from offices where port_id = ${portId}`);
  return row?.id ?? null;
}
