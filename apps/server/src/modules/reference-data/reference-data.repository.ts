import { PORT_TYPES, type PortType } from '@lading/contract/reference-data';
import { type AnyColumn, and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parties } from '../../db/schema/parties';
import {
  cargoTypes,
  countries,
  foldedSql,
  hsCodes,
  isoEquipment,
  packageTypes,
  ports,
  railwayStations,
  unitCategories,
} from '../../db/schema/reference-data';

/** `%`, `_` and `\` are literal characters in a search term, never LIKE wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A term with at least three letters or digits in a row is searched as a substring (the pg_trgm GIN index);
 * a shorter one as a prefix (the text_pattern_ops btree index): trigram indexes cannot narrow one or two letters.
 */
function isSubstringTerm(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

type SearchColumns = { code: AnyColumn; searchName: AnyColumn; name: AnyColumn };

/**
 * Matches a code (exact or prefix, case-insensitive) or a name (accent- and case-insensitive substring or prefix),
 * and ranks: exact code, code prefix, exact name, name prefix, word prefix inside the name, anything else;
 * then shorter names first. Every branch of the condition has an index.
 */
function buildSearch(columns: SearchColumns, rawTerm: string): { where: SQL; rank: SQL } {
  const term = rawTerm.trim();
  const escaped = escapeLike(term);
  const codeExact = term.toUpperCase();
  const codePrefix = `${escapeLike(codeExact)}%`;
  const folded = foldedSql(sql`${escaped}`);
  const namePattern = isSubstringTerm(term) ? sql`'%' || ${folded} || '%'` : sql`${folded} || '%'`;
  const where = sql`(${columns.code} like ${codePrefix} or ${columns.searchName} like ${namePattern})`;
  const rank = sql`case
    when ${columns.code} = ${codeExact} then 0
    when ${columns.code} like ${codePrefix} then 1
    when ${columns.searchName} = ${foldedSql(sql`${term}`)} then 2
    when ${columns.searchName} like ${folded} || '%' then 3
    when ${columns.searchName} like '% ' || ${folded} || '%' then 4
    else 5 end`;
  return { where, rank };
}

// ---- ports ----------------------------------------------------------------------------------------------------

export type PortFilter = { term?: string; code?: string; portTypes: readonly PortType[]; limit: number };

/** The port search as a query (not yet run), so tests can EXPLAIN exactly what the endpoint runs. */
export function buildPortsQuery(db: Db, filter: PortFilter) {
  // Only the known literals reach the SQL text.
  const types = PORT_TYPES.filter((type) => filter.portTypes.includes(type));
  const conditions: SQL[] = [
    sql`${ports.portTypes} && ${sql.raw(`array[${types.map((type) => `'${type}'`).join(',')}]::text[]`)}`,
  ];
  const order: SQL[] = [];
  if (filter.code) {
    const code = filter.code.trim().toUpperCase();
    conditions.push(sql`${ports.code} like ${`${escapeLike(code)}%`}`);
    order.push(sql`case when ${ports.code} = ${code} then 0 else 1 end`);
  }
  if (filter.term) {
    const search = buildSearch(ports, filter.term);
    conditions.push(search.where);
    order.push(search.rank, sql`length(${ports.name})`, asc(ports.name));
  }
  order.push(asc(ports.code));
  return db
    .select({
      id: ports.id,
      code: ports.code,
      name: ports.name,
      countryCode: ports.countryCode,
      countryName: countries.name,
      subdivision: ports.subdivision,
      portTypes: ports.portTypes,
      iataCode: ports.iataCode,
      latitude: ports.latitude,
      longitude: ports.longitude,
    })
    .from(ports)
    .leftJoin(countries, eq(countries.code, ports.countryCode))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.limit);
}

export async function findPorts(db: Db, filter: PortFilter) {
  const rows = await buildPortsQuery(db, filter);
  return rows.map((row) => ({ ...row, portTypes: row.portTypes as PortType[] }));
}

/**
 * Places with coordinates (every UN/LOCODE location, port or not), for the offline geocoder: the same search and
 * ranking as the port typeahead.
 */
export async function findPlaces(db: Db, term: string, limit: number) {
  const search = buildSearch(ports, term);
  return db
    .select({
      code: ports.code,
      name: ports.name,
      countryName: countries.name,
      subdivision: ports.subdivision,
      latitude: ports.latitude,
      longitude: ports.longitude,
    })
    .from(ports)
    .leftJoin(countries, eq(countries.code, ports.countryCode))
    .where(and(search.where, isNotNull(ports.latitude), isNotNull(ports.longitude)))
    .orderBy(search.rank, sql`length(${ports.name})`, asc(ports.name), asc(ports.code))
    .limit(limit);
}

// ---- countries ------------------------------------------------------------------------------------------------

export async function findCountries(db: Db, term: string | undefined) {
  const columns = {
    id: countries.id,
    code: countries.code,
    alpha3: countries.alpha3,
    name: countries.name,
    callingCode: countries.callingCode,
  };
  if (!term) return db.select(columns).from(countries).orderBy(asc(countries.name));
  const search = buildSearch(countries, term);
  return db
    .select(columns)
    .from(countries)
    .where(sql`(${search.where} or ${countries.alpha3} = ${term.trim().toUpperCase()})`)
    .orderBy(search.rank, asc(countries.name));
}

// ---- parties --------------------------------------------------------------------------------------------------

export type PartyFilter = { term?: string; status?: string; isActive?: boolean; limit: number };

export async function findParties(db: Db, filter: PartyFilter) {
  const conditions: SQL[] = [];
  const order: SQL[] = [];
  if (filter.status) conditions.push(eq(parties.status, filter.status));
  if (filter.isActive !== undefined) conditions.push(eq(parties.isActive, filter.isActive));
  if (filter.term) {
    const search = buildSearch(parties, filter.term);
    conditions.push(search.where);
    order.push(search.rank);
  }
  order.push(asc(parties.name), asc(parties.id));
  return db
    .select({
      id: parties.id,
      code: parties.code,
      externalId: parties.externalId,
      name: parties.name,
      mobile: parties.mobile,
      address: parties.address,
      emailId: parties.emailId,
    })
    .from(parties)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.limit);
}

// ---- HS codes -------------------------------------------------------------------------------------------------

/**
 * The commodities a cargo row may carry: HS subheadings (6 digits) and national tariff lines (8 digits). Chapters and
 * headings only group them and are never offered.
 */
export async function findHsCodes(db: Db, commodityStartsWith: string | undefined) {
  const term = commodityStartsWith?.trim();
  const commodity = inArray(hsCodes.level, [6, 8]);
  const where = term
    ? and(
        commodity,
        sql`(${hsCodes.searchDescription} like ${foldedSql(sql`${escapeLike(term)}`)} || '%' or ${hsCodes.code} like ${`${escapeLike(term)}%`})`,
      )
    : commodity;
  return db
    .select({
      id: hsCodes.id,
      hsnCode: hsCodes.code,
      commodity: hsCodes.description,
      level: hsCodes.level,
      parentCode: hsCodes.parentCode,
    })
    .from(hsCodes)
    .where(where)
    .orderBy(asc(hsCodes.code));
}

// ---- small lists ----------------------------------------------------------------------------------------------

export function findPackageTypes(db: Db) {
  return db
    .select({ id: packageTypes.id, code: packageTypes.code, name: packageTypes.name })
    .from(packageTypes)
    .orderBy(asc(packageTypes.name));
}

export function findIsoEquipment(db: Db) {
  return db
    .select({
      id: isoEquipment.id,
      code: isoEquipment.code,
      groupCode: isoEquipment.groupCode,
      description: isoEquipment.description,
      lengthFt: isoEquipment.lengthFt,
      heightFt: isoEquipment.heightFt,
      teu: isoEquipment.teu,
    })
    .from(isoEquipment)
    .orderBy(asc(isoEquipment.lengthFt), asc(isoEquipment.code));
}

export function findCargoTypes(db: Db) {
  return db
    .select({
      id: cargoTypes.id,
      code: cargoTypes.code,
      name: cargoTypes.name,
      parentCode: cargoTypes.parentCode,
    })
    .from(cargoTypes)
    .orderBy(asc(cargoTypes.sortOrder));
}

/** Unit kinds with their units, nested in SQL (one query). */
export async function findUnitMapping(db: Db) {
  return db
    .select({
      id: unitCategories.id,
      category: unitCategories.name,
      baseUnit: unitCategories.baseUnit,
      // Written out with aliases: inside a single-table select drizzle leaves column names unqualified.
      units: sql<{ id: number; code: string; name: string; factorToBase: number }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'code', u.code, 'name', u.name,
          'factorToBase', u.factor_to_base) order by u.sort_order)
        from units u where u.category_id = "unit_categories"."id"), '[]'::json)`,
    })
    .from(unitCategories)
    .orderBy(asc(unitCategories.sortOrder));
}

export async function findRailwayStations(db: Db, term: string | undefined, limit: number) {
  const search = term ? buildSearch(railwayStations, term) : undefined;
  return db
    .select({
      id: railwayStations.id,
      code: railwayStations.code,
      name: railwayStations.name,
      state: railwayStations.state,
      kind: railwayStations.kind,
    })
    .from(railwayStations)
    .where(search?.where)
    .orderBy(...(search ? [search.rank] : []), asc(railwayStations.name))
    .limit(limit);
}
