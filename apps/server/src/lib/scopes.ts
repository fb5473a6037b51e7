import { type SQL, sql } from 'drizzle-orm';

/**
 * Whose records a caller reaches; decided once, when the principal is built (lib/principal.ts), and turned into SQL
 * here for every kind of record, so the rule is written once.
 * - `own`: a customer's own records (`created_by_id`, specification section 6).
 * - `offices`: carrier staff of a branch: records of the office they work as (an empty list reaches nothing).
 * - `all`: carrier staff working as the corporate office (TSX).
 * - `company`: what a company's members own (every record whose owner is a user approved in the company: the users
 *   whose `party_id` it is): a company's API client (decision 025), and `companyScopeOf` for what a company shares.
 */
export type Scope =
  | { kind: 'own'; userId: number }
  | { kind: 'offices'; officeIds: number[] }
  | { kind: 'company'; partyId: number }
  | { kind: 'all' };

/** How one kind of record is scoped: the owner column a customer is matched on, and the office condition of staff. */
type RecordScope = {
  /** The column holding the owning user's id; `null`: customers own no record of this kind. */
  owner: SQL | null;
  /** The condition "this record belongs to one of these offices" (the ids are a non-empty SQL list). */
  inOffices: (officeIds: SQL) => SQL;
};

const inColumn = (column: SQL) => (officeIds: SQL) => sql`${column} in (${officeIds})`;

/**
 * Every kind of record a caller reads, over the table alias its repository uses (written beside each kind):
 * a query reads `scoped('bill', caller.scope)` next to `from bills_of_lading b`.
 */
const RECORDS = {
  /** `bills_of_lading b`: the customer who created it; the issuing office. */
  bill: { owner: sql`b.created_by_id`, inOffices: inColumn(sql`b.issuing_office_id`) },
  /** `bookings bk`: the customer who created it; the office of its port of loading. */
  booking: { owner: sql`bk.created_by_id`, inOffices: inColumn(sql`bk.office_id`) },
  /** `quotations q`: the customer who asked; the office of its port of loading. */
  quotation: { owner: sql`q.created_by_id`, inOffices: inColumn(sql`q.office_id`) },
  /**
   * `transport_calls tc`: a voyage's call at a port belongs to the office serving that port; customers change none
   * (schedules are read by every signed-in caller, unscoped: they are not anyone's records).
   */
  transportCall: {
    owner: null,
    inOffices: (officeIds) =>
      sql`exists (select 1 from offices o where o.port_id = tc.port_id and o.id in (${officeIds}))`,
  },
  /** `offices o`: staff reach the offices they work as; customers none. */
  office: { owner: null, inOffices: inColumn(sql`o.id`) },
  /**
   * `users u`: a customer reaches themself; a branch the staff of that office who work for no corporate office
   * (corporate staff and administrators are administered from the corporate office only, even when they also work
   * for the branch; customers belong to no office).
   */
  user: {
    owner: sql`u.id`,
    inOffices: (officeIds) => sql`exists (select 1 from user_offices so where so.user_id = u.id
        and so.office_id in (${officeIds}))
      and not exists (select 1 from user_offices co join offices c on c.id = co.office_id
        where co.user_id = u.id and c.is_corporate)`,
  },
  /**
   * `audit_events a`: the corporate office reads all of it; a branch the rows of the bills, bookings and quotations
   * its office holds, and of the voyages calling at its port (the same office columns that scope those records); customers none. Accounts, companies,
   * offices and tariffs belong to no office; their rows are read from the corporate office.
   */
  audit: {
    owner: null,
    inOffices: (officeIds) => sql`(
      (a.record_type = 'BILL_OF_LADING' and exists (select 1 from bills_of_lading r
        where r.id = a.record_id and r.issuing_office_id in (${officeIds})))
      or (a.record_type = 'BOOKING' and exists (select 1 from bookings r
        where r.id = a.record_id and r.office_id in (${officeIds})))
      or (a.record_type = 'QUOTATION' and exists (select 1 from quotations r
        where r.id = a.record_id and r.office_id in (${officeIds})))
      or (a.record_type = 'VOYAGE' and exists (select 1 from transport_calls r join offices o on o.port_id = r.port_id
        where r.voyage_id = a.record_id and o.id in (${officeIds}))))`,
  },
} satisfies Record<string, RecordScope>;

export type RecordKind = keyof typeof RECORDS;

/** The caller's scope as a SQL condition over one kind of record (see RECORDS for the alias each expects). */
export function scoped(kind: RecordKind, scope: Scope): SQL {
  const record: RecordScope = RECORDS[kind];
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'own':
      return record.owner ? sql`${record.owner} = ${scope.userId}` : sql`false`;
    case 'company':
      // users_party_idx finds the members; each kind's owner column is indexed.
      return record.owner
        ? sql`${record.owner} in (select m.id from users m where m.party_id = ${scope.partyId})`
        : sql`false`;
    case 'offices':
      return scope.officeIds.length === 0
        ? sql`false`
        : record.inOffices(
            sql.join(
              scope.officeIds.map((id) => sql`${id}`),
              sql`, `,
            ),
          );
  }
}
