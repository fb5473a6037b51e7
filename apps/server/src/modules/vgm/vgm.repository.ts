import type { VgmDeclarationMethod } from '@lading/contract/vgm';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { vgmDeclarations } from '../../db/schema/vgm';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

/** What the declarations need of their booking: its sailing (voyage, port of loading) and its number. */
export type VgmBooking = {
  id: number;
  number: string;
  status: string;
  voyageId: number | null;
  polId: number | null;
  pol: { code: string; name: string; timeZone: string | null } | null;
};

/**
 * The booking within the caller's `scope` (SQL over `bookings`, scope kind `booking`), null when absent or outside
 * it; `forUpdate` locks its row, so a roll-over (which locks it too) cannot move the sailing under a declaration.
 */
export async function findVgmBooking(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<VgmBooking | null> {
  const lock = forUpdate ? sql` for update of bk` : sql``;
  const [row] = await queryRows<Omit<VgmBooking, 'pol'> & { pol: VgmBooking['pol'] | string }>(
    db,
    sql`select bk.id, bk.number, bk.status, bk.voyage_id as "voyageId", bk.pol_id as "polId",
        case when p.id is null then null
          else json_build_object('code', p.code, 'name', p.name, 'timeZone', p.time_zone) end as pol
      from bookings bk left join ports p on p.id = bk.pol_id
      where bk.id = ${id} and ${scoped('booking', scope)}${lock}`,
  );
  if (!row) return null;
  return { ...row, pol: typeof row.pol === 'string' ? JSON.parse(row.pol) : row.pol };
}

/** A container of the booking with its declaration (if any), as stored: decimals as text. */
export type VgmContainerRow = {
  containerId: number;
  containerNumber: string;
  isoCode: string;
  nickname: string;
  tareWeight: string;
  cargoGrossWeight: string | null;
  billOfLadingId: number;
  billStatus: string;
  version: number;
  method: VgmDeclarationMethod | null;
  verifiedGrossMass: string | null;
  weighingDate: string | null;
  weighingParty: string | null;
  authorisedSignatory: string | null;
  declaredBy: string | null;
  declaredAt: string | null;
};

/**
 * The booking's containers: those allocated to its bills at confirmation (SQL over `bills_of_lading`,
 * `bl_containers`, `containers`), in the bills' order, each with its declaration and who made it.
 */
export function findVgmContainers(db: Conn, bookingId: number): Promise<VgmContainerRow[]> {
  return queryRows<VgmContainerRow>(
    db,
    sql`select c.id as "containerId", c.number as "containerNumber", c.iso_code as "isoCode", c.nickname,
        c.tare_weight::text as "tareWeight", bc.gross_weight::text as "cargoGrossWeight",
        b.id as "billOfLadingId", b.status as "billStatus", coalesce(d.version, 0) as version, d.method,
        d.verified_gross_mass::text as "verifiedGrossMass", d.weighing_date::text as "weighingDate",
        d.weighing_party as "weighingParty", d.authorised_signatory as "authorisedSignatory",
        case when u.id is null then null else u.first_name || ' ' || u.last_name end as "declaredBy",
        to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "declaredAt"
      from bills_of_lading b
      join bl_containers bc on bc.bl_id = b.id
      join containers c on c.id = bc.container_id
      left join vgm_declarations d on d.booking_id = b.booking_id and d.container_id = c.id
      left join users u on u.id = d.declared_by_id
      where b.booking_id = ${bookingId}
      order by b.id, bc.position`,
  );
}

export type DeclarationValues = {
  method: VgmDeclarationMethod;
  verifiedGrossMass: string;
  weighingDate: string;
  weighingParty: string;
  authorisedSignatory: string;
  declaredById: number;
};

/** A first declaration (version 1); false when one was made meanwhile (the unique key refused this one). */
export async function insertDeclaration(
  tx: Tx,
  key: { bookingId: number; containerId: number },
  values: DeclarationValues,
): Promise<boolean> {
  const rows = await tx
    .insert(vgmDeclarations)
    .values({ ...key, ...values })
    .onConflictDoNothing({ target: [vgmDeclarations.bookingId, vgmDeclarations.containerId] })
    .returning({ id: vgmDeclarations.id });
  return rows.length === 1;
}

/** A declaration changed at the version read (version + 1); false when it is no longer at that version. */
export async function updateDeclaration(
  tx: Tx,
  key: { bookingId: number; containerId: number },
  version: number,
  values: DeclarationValues,
): Promise<boolean> {
  const rows = await tx
    .update(vgmDeclarations)
    .set({ ...values, version: sql`${vgmDeclarations.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(vgmDeclarations.bookingId, key.bookingId),
        eq(vgmDeclarations.containerId, key.containerId),
        eq(vgmDeclarations.version, version),
      ),
    )
    .returning({ id: vgmDeclarations.id });
  return rows.length === 1;
}
