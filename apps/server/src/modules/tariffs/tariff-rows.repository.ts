import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

type Conn = Db | Tx;

/** The filters and paging both kinds of tariff list take (contract: `tariffListFilters`). */
type SharedFilters = {
  iso_code?: string;
  valid_on?: string;
  is_active?: boolean;
  skip: number;
  limit: number;
};

/**
 * Reading one kind of tariff: `select` is its row with what it names (the table aliased `t`; `jsonFields` are the
 * `json_build_object` columns, which a driver may answer as text).
 */
export function tariffReads<T>(
  select: SQL,
  table: 'tariffs' | 'inland_tariffs',
  jsonFields: readonly string[],
) {
  const toTariff = (row: Record<string, unknown>): T => {
    const out = { ...row };
    for (const field of jsonFields)
      if (typeof out[field] === 'string') out[field] = JSON.parse(out[field] as string);
    return out as T;
  };
  return {
    /** One tariff, its row locked when `forUpdate`. */
    async findById(db: Conn, id: number, forUpdate = false): Promise<T | null> {
      const lock = forUpdate ? sql` for update of t` : sql``;
      const [row] = await queryRows<Record<string, unknown>>(db, sql`${select} where t.id = ${id}${lock}`);
      return row ? toTariff(row) : null;
    },

    /**
     * A page of the tariffs that meet the kind's own `conditions` and the shared filters (size-type, a day of
     * validity, status), in `order`, with how many match.
     */
    async findPage(
      db: Conn,
      query: SharedFilters,
      conditions: SQL[],
      order: SQL,
    ): Promise<{ count: number; results: T[] }> {
      if (query.iso_code) conditions.push(sql`t.iso_code = ${query.iso_code}`);
      if (query.valid_on) conditions.push(sql`${query.valid_on}::date between t.valid_from and t.valid_to`);
      if (query.is_active !== undefined) conditions.push(sql`t.active = ${query.is_active}`);
      const where = sql.join([sql`true`, ...conditions], sql` and `);
      const [rows, counted] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`${select} where ${where} order by ${order} limit ${query.limit} offset ${query.skip}`,
        ),
        queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${sql.identifier(table)} t where ${where}`,
        ),
      ]);
      return { count: counted[0]?.n ?? 0, results: rows.map(toTariff) };
    },
  };
}

/** The quotations priced from a tariff: how many, and the first few numbers (oldest first). */
export type PricedQuotations = { count: number; numbers: string[] };

/**
 * The lifecycle writes both kinds of tariff share, on the kind's table and on the link table that records which
 * quotations it priced (`quotation_tariffs.tariff_id`, `quotation_inland_tariffs.inland_tariff_id`).
 */
export function tariffRows(
  table: 'tariffs' | 'inland_tariffs',
  priced: {
    table: 'quotation_tariffs' | 'quotation_inland_tariffs';
    column: 'tariff_id' | 'inland_tariff_id';
  },
) {
  const rows = sql.identifier(table);
  const link = sql.identifier(priced.table);
  const linkColumn = sql.identifier(priced.column);
  return {
    /** Deactivates or reactivates the tariff, version + 1. */
    async setActive(tx: Tx, id: number, active: boolean): Promise<void> {
      await tx.execute(
        sql`update ${rows} set active = ${active}, version = version + 1, updated_at = now() where id = ${id}`,
      );
    },

    async findPriced(tx: Tx, id: number): Promise<PricedQuotations> {
      const found = await queryRows<{ number: string; n: number }>(
        tx,
        sql`select q.number, count(*) over ()::int as n from ${link} qt
            join quotations q on q.id = qt.quotation_id where qt.${linkColumn} = ${id} order by q.id limit 3`,
      );
      return { count: found[0]?.n ?? 0, numbers: found.map((row) => row.number) };
    },

    /** The tariff gone, with its charge lines (only while no quotation was priced from it). */
    async remove(tx: Tx, id: number): Promise<void> {
      await tx.execute(sql`delete from ${rows} where id = ${id}`);
    },
  };
}
