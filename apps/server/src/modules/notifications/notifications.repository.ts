import type { NotificationListResponse } from '@lading/contract/notifications';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

/** Who hears of notifications as they happen: every instance LISTENs here (see notifications.realtime.ts). */
export const NOTIFICATION_CHANNEL = 'lading_notifications';

export type NewNotification = {
  userId: number;
  eventId: number | null;
  kind: string;
  title: string;
  body: string;
  link: string;
};

const NOTIFICATION_COLUMNS = sql`n.id, n.kind, n.title, n.body, n.link,
  to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(n.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "readAt"`;

/** One user's notifications, newest first, with both counts, in one statement. */
export async function findNotificationsOfUser(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; skip: number; limit: number },
): Promise<NotificationListResponse> {
  const unread = options.unreadOnly ? sql`and n.read_at is null` : sql``;
  const [row] = await queryRows<NotificationListResponse>(
    db,
    sql`select
      (select count(*)::int from notifications n where n.user_id = ${userId} ${unread}) as "count",
      (select count(*)::int from notifications n where n.user_id = ${userId} and n.read_at is null) as "unreadCount",
      coalesce((select json_agg(x) from (
        select ${NOTIFICATION_COLUMNS} from notifications n
        where n.user_id = ${userId} ${unread}
        order by n.id desc offset ${options.skip} limit ${options.limit}
      ) x), '[]'::json) as "results"`,
  );
  return row!;
}

/** Marks one of the user's notifications read (keeps the first time); null when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db | Tx, userId: number, id: number) {
  const [row] = await queryRows<NotificationListResponse['results'][number]>(
    db,
    sql`update notifications n set read_at = coalesce(n.read_at, now())
        where n.id = ${id} and n.user_id = ${userId}
        returning ${NOTIFICATION_COLUMNS}`,
  );
  return row ?? null;
}

export async function markAllNotificationsRead(db: Db | Tx, userId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null returning id`,
  );
  return rows.length;
}

export async function countUnread(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return row?.n ?? 0;
}

export async function insertNotifications(tx: Tx, rows: NewNotification[]): Promise<void> {
  for (const row of rows) {
    await tx.execute(
      sql`insert into notifications (user_id, event_id, kind, title, body, link)
          values (${row.userId}, ${row.eventId}, ${row.kind}, ${row.title}, ${row.body}, ${row.link})`,
    );
  }
}

/** Wakes every instance's streams of these users once the transaction commits (nothing is sent on rollback). */
export async function signalUsers(db: Db | Tx, userIds: number[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${String(userId)})`);
  }
}

export type Recipient = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  /** Where this recipient's notice leads, when it differs from the kind's (a voyage's change: their booking). */
  link?: string;
};

export async function findUser(tx: Tx, userId: number): Promise<Recipient | null> {
  const [row] = await queryRows<Recipient>(
    tx,
    sql`select id, email::text as email, first_name as "firstName", last_name as "lastName", is_active as "isActive"
        from users where id = ${userId}`,
  );
  return row ?? null;
}

/** Active customers with a booking awaiting or holding a place on the voyage (SQL over `bookings`). */
export async function findVoyageCustomers(tx: Tx, voyageId: number): Promise<Recipient[]> {
  const rows = await queryRows<Recipient & { bookingIds: number[] | string }>(
    tx,
    sql`select u.id, u.email::text as email, u.first_name as "firstName", u.last_name as "lastName",
        u.is_active as "isActive", json_agg(bk.id order by bk.id) as "bookingIds"
      from bookings bk join users u on u.id = bk.created_by_id
      where bk.voyage_id = ${voyageId} and bk.status in ('REQUESTED', 'CONFIRMED') and u.is_active
      group by u.id
      order by u.id`,
  );
  // A customer with one booking on the voyage is led to its shipment page; with several, to their bookings.
  return rows.map(({ bookingIds, ...recipient }) => {
    const ids = (typeof bookingIds === 'string' ? JSON.parse(bookingIds) : bookingIds) as number[];
    return ids.length === 1 ? { ...recipient, link: `/app-dashboard/app-shipment/${ids[0]}` } : recipient;
  });
}

/**
 * Active carrier staff holding `permission` who work for `officeId` or for a corporate office (which sees every
 * office's records) — the people whose scope reaches the record. Offices are the user's offices, not the one
 * selected today, so switching office does not lose a notice.
 */
export async function findStaffRecipients(
  tx: Tx,
  permission: { module: string; resource: string; operation: string },
  officeId: number | null,
): Promise<Recipient[]> {
  return queryRows<Recipient>(
    tx,
    sql`select u.id, u.email::text as email, u.first_name as "firstName", u.last_name as "lastName",
          u.is_active as "isActive"
        from users u
        where u.is_active
          and exists (
            select 1 from user_roles ur
            join roles r on r.id = ur.role_id and r.is_staff
            join role_grants g on g.role_id = r.id
            where ur.user_id = u.id and g.module = ${permission.module}
              and g.resource = ${permission.resource} and g.operation = ${permission.operation})
          and exists (
            select 1 from user_offices uo join offices o on o.id = uo.office_id
            where uo.user_id = u.id and (o.is_corporate or o.code = 'TSX' or o.id = ${officeId}))
        order by u.id`,
  );
}

export async function findBillOffice(tx: Tx, billId: number): Promise<number | null> {
  const [row] = await queryRows<{ officeId: number | null }>(
    tx,
    sql`select issuing_office_id as "officeId" from bills_of_lading where id = ${billId}`,
  );
  return row?.officeId ?? null;
}

/** The kinds this user turned e-mail off for. */
export async function findEmailOptOuts(db: Db | Tx, userId: number): Promise<Set<string>> {
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`select kind from notification_preferences where user_id = ${userId} and not email`,
  );
  return new Set(rows.map((row) => row.kind));
}

export async function upsertEmailPreferences(
  tx: Tx,
  userId: number,
  preferences: { kind: string; email: boolean }[],
): Promise<void> {
  for (const { kind, email } of preferences) {
    await tx.execute(
      sql`insert into notification_preferences (user_id, kind, email) values (${userId}, ${kind}, ${email})
          on conflict (user_id, kind) do update set email = excluded.email`,
    );
  }
}

/**
 * Claims priced quotations whose validity ends within `days` days (and has not ended) and that have had no notice
 * yet, marking them in the same statement: `FOR UPDATE SKIP LOCKED` plus the `expiry_notice_at is null` check make
 * each quotation's notice go out once, whichever instance sweeps.
 */
export async function claimExpiringQuotations(tx: Tx, days: number) {
  return queryRows<{ id: number; number: string; ownerId: number; validUntil: string }>(
    tx,
    sql`update quotations q set expiry_notice_at = now()
        where q.id in (
          select id from quotations
          where status = 'QUOTED' and expiry_notice_at is null and valid_until is not null
            and valid_until >= current_date and valid_until <= current_date + ${days}::int
          order by id limit 200
          for update skip locked)
        and q.expiry_notice_at is null
        returning q.id, q.number, q.created_by_id as "ownerId", to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil"`,
  );
}
