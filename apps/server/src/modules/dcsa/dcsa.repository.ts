import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { sailingJoin } from '../voyages';

type Conn = Db | Tx;

/** What a DCSA document needs beyond the bill's read shape: codes of the reference tables, sailing, issuer, owner. */
export type BillDcsaFacts = {
  etd: string | null;
  eta: string | null;
  createdOn: string;
  officeName: string | null;
  officePort: { code: string; name: string; countryCode: string } | null;
  ownerName: string;
  ownerEmail: string;
  shipperCode: string | null;
  consigneeCode: string | null;
  polCountry: string | null;
  /** package type id -> UN/ECE Rec 21 code, for the bill's containers and cargo rows. */
  packageCodes: Record<string, string>;
  /** party id -> our party code, for the bill's notify parties. */
  partyCodes: Record<string, string>;
};

const parseJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/** One statement; call it after the bill itself was read within the caller's scope. */
export async function findBillDcsaFacts(db: Conn, billId: number): Promise<BillDcsaFacts> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select coalesce(to_char(sl.etd at time zone 'UTC', 'YYYY-MM-DD'), to_char(bk.etd, 'YYYY-MM-DD')) as etd,
          coalesce(to_char(sl.eta at time zone 'UTC', 'YYYY-MM-DD'), to_char(bk.eta, 'YYYY-MM-DD')) as eta,
          to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD') as "createdOn",
          o.name as "officeName",
          case when op.id is null then null
            else json_build_object('code', op.code, 'name', op.name, 'countryCode', op.country_code) end as "officePort",
          u.first_name || ' ' || u.last_name as "ownerName", u.email::text as "ownerEmail",
          sh.code as "shipperCode", cn.code as "consigneeCode", pol.country_code as "polCountry",
          coalesce((select json_object_agg(pt.id, pt.code) from package_types pt
            where pt.id in (select bc.package_type_id from bl_containers bc where bc.bl_id = b.id
                            union select cd.package_type_id from bl_cargo_details cd where cd.bl_id = b.id)),
            '{}'::json) as "packageCodes",
          coalesce((select json_object_agg(p.id, p.code) from parties p
            where p.id in (select np.party_id from bl_notify_parties np where np.bl_id = b.id)),
            '{}'::json) as "partyCodes"
        from bills_of_lading b
        join users u on u.id = b.created_by_id
        left join bookings bk on bk.id = b.booking_id
        ${sailingJoin('sl', { voyageId: sql`bk.voyage_id`, polId: sql`bk.pol_id`, podId: sql`bk.pod_id` })}
        left join offices o on o.id = b.issuing_office_id
        left join ports op on op.id = o.port_id
        left join ports pol on pol.id = b.pol_id
        left join parties sh on sh.id = b.shipper_id
        left join parties cn on cn.id = b.consignee_id
        where b.id = ${billId}`,
  );
  if (!row) throw new Error(`bill ${billId} vanished while being read`);
  return {
    ...(row as unknown as BillDcsaFacts),
    officePort: parseJson(row.officePort),
    packageCodes: parseJson(row.packageCodes),
    partyCodes: parseJson(row.partyCodes),
  };
}

/** What a DCSA booking needs beyond the booking's read shape. */
export type BookingDcsaFacts = {
  shipperName: string | null;
  shipperCode: string | null;
  ownerName: string;
  ownerEmail: string;
  commodity: { code: string; description: string } | null;
  /** The containers allocated on the booking's bill, counted per ISO size-type (a booking confirmed before the portal). */
  allocated: { isoCode: string; units: number }[];
};

export async function findBookingDcsaFacts(db: Conn, bookingId: number): Promise<BookingDcsaFacts> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.name as "shipperName", p.code as "shipperCode",
          u.first_name || ' ' || u.last_name as "ownerName", u.email::text as "ownerEmail",
          case when hs.id is null then null else json_build_object('code', hs.code, 'description', hs.description) end
            as commodity,
          coalesce((select json_agg(json_build_object('isoCode', t.iso_code, 'units', t.units) order by t.iso_code)
            from (select c.iso_code, count(*)::int as units from bills_of_lading b
                  join bl_containers bc on bc.bl_id = b.id join containers c on c.id = bc.container_id
                  where b.booking_id = bk.id group by c.iso_code) t), '[]'::json) as allocated
        from bookings bk
        join users u on u.id = bk.created_by_id
        left join parties p on p.id = u.party_id
        left join quotations q on q.id = bk.quotation_id
        left join hs_codes hs on hs.id = q.hs_code_id
        where bk.id = ${bookingId}`,
  );
  if (!row) throw new Error(`booking ${bookingId} vanished while being read`);
  return {
    ...(row as unknown as BookingDcsaFacts),
    commodity: parseJson(row.commodity),
    allocated: parseJson(row.allocated),
  };
}
/** Ids of the reference rows a shipping-instructions body names by code (unknown codes are simply absent). */
export async function findIdsByCode(
  db: Conn,
  codes: { packageCodes: string[]; hsCodes: string[]; partyCodes: string[] },
): Promise<{
  packages: Map<string, number>;
  hs: Map<string, number>;
  parties: Map<string, number>;
}> {
  const list = (values: string[]) =>
    values.length
      ? sql.join(
          [...new Set(values)].map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`null`;
  const rows = await queryRows<{ kind: string; code: string; id: number }>(
    db,
    sql`select 'package' as kind, code, id from package_types where code in (${list(codes.packageCodes)})
        union all select 'hs', code, id from hs_codes where code in (${list(codes.hsCodes)})
        union all select 'party', code, id from parties where code in (${list(codes.partyCodes)}) and is_active`,
  );
  const pick = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.code, r.id]));
  return { packages: pick('package'), hs: pick('hs'), parties: pick('party') };
}
