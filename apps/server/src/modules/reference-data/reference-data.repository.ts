import { PORT_TYPES, type PortType } from '@lading/contract/reference-data';
import { type AnyColumn, and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parties } from '../../db/schema/companies';
import {
  cargoTypes,
  countries,
  hsCodes,
  isoEquipment,
  packageTypes,
  ports,
  railwayStations,
  unitCategories,
} from '../../db/schema/reference-data';
import { escapeLike, foldedParam, foldedTerm, foldLetters } from '../../db/text-search';

/** `%`, `_` and `\` are literal characters in a search term, never LIKE wildcards. */
/**
 * A term with at least three letters or digits in a row is searched as a substring (the pg_trgm GIN index);
 * a shorter one as a prefix (the text_pattern_ops btree index): trigram indexes cannot narrow one or two letters.
 */
function isSubstringTerm(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

type SearchColumns = { code: AnyColumn; searchName: AnyColumn; name: AnyColumn };

/**
 * The values a search term contributes to the SQL (or, for a prepared query, placeholders for them): the term and
 * its LIKE-escaped form arrive with their letters folded (`foldLetters`); the SQL only lower-cases them, so no plan
 * folds a term per row (db/text-search.ts, `foldedTerm`).
 */
type SearchParams = { term: unknown; escaped: unknown; codeExact: unknown; codePrefix: unknown };

function searchParams(rawTerm: string): SearchParams {
  const term = rawTerm.trim();
  const codeExact = term.toUpperCase();
  return {
    term: foldLetters(term),
    escaped: foldLetters(escapeLike(term)),
    codeExact,
    codePrefix: `${escapeLike(codeExact)}%`,
  };
}

/**
 * Matches a code (exact or prefix, case-insensitive) or a name (accent- and case-insensitive substring or prefix),
 * and ranks: exact code, code prefix, exact name, name prefix, word prefix inside the name, anything else;
 * then shorter names first. Every branch of the condition has an index.
 */
function searchSql(columns: SearchColumns, p: SearchParams, substring: boolean): { where: SQL; rank: SQL } {
  const folded = foldedParam(p.escaped);
  const namePattern = substring ? sql`'%' || ${folded} || '%'` : sql`${folded} || '%'`;
  const where = sql`(${columns.code} like ${p.codePrefix} or ${columns.searchName} like ${namePattern})`;
  const rank = sql`case
    when ${columns.code} = ${p.codeExact} then 0
    when ${columns.code} like ${p.codePrefix} then 1
    when ${columns.searchName} = ${foldedParam(p.term)} then 2
    when ${columns.searchName} like ${folded} || '%' then 3
    when ${columns.searchName} like '% ' || ${folded} || '%' then 4
    else 5 end`;
  return { where, rank };
}

function buildSearch(columns: SearchColumns, rawTerm: string): { where: SQL; rank: SQL } {
  return searchSql(columns, searchParams(rawTerm), isSubstringTerm(rawTerm.trim()));
}

// ---- ports ----------------------------------------------------------------------------------------------------

export type PortFilter = { term?: string; code?: string; portTypes: readonly PortType[]; limit: number };

/** What decides the port search's SQL text; the values go in as parameters. */
type PortShape = { types: PortType[]; code: boolean; term: 'substring' | 'prefix' | null };
type PortParams = SearchParams & { code: unknown; codeLike: unknown; limit: unknown };

function portShape(filter: PortFilter): PortShape {
  return {
    // Only the known literals reach the SQL text.
    types: PORT_TYPES.filter((type) => filter.portTypes.includes(type)),
    code: Boolean(filter.code),
    term: filter.term ? (isSubstringTerm(filter.term.trim()) ? 'substring' : 'prefix') : null,
  };
}

function portParams(filter: PortFilter): PortParams {
  const code = filter.code?.trim().toUpperCase() ?? '';
  return {
    ...searchParams(filter.term ?? ''),
    code,
    codeLike: `${escapeLike(code)}%`,
    limit: filter.limit,
  };
}

function portsQuery(db: Db, shape: PortShape, p: PortParams) {
  const conditions: SQL[] = [
    sql`${ports.portTypes} && ${sql.raw(`array[${shape.types.map((type) => `'${type}'`).join(',')}]::text[]`)}`,
  ];
  const order: SQL[] = [];
  if (shape.code) {
    conditions.push(sql`${ports.code} like ${p.codeLike}`);
    order.push(sql`case when ${ports.code} = ${p.code} then 0 else 1 end`);
  }
  if (shape.term) {
    const search = searchSql(ports, p, shape.term === 'substring');
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
    .limit(p.limit as number);
}

/** The port search as a query (not yet run), so tests can EXPLAIN exactly what the endpoint runs. */
export function buildPortsQuery(db: Db, filter: PortFilter) {
  return portsQuery(db, portShape(filter), portParams(filter));
}

/**
 * The typeahead's queries, built by Drizzle once per shape (port types, code or not, substring or prefix term)
 * with placeholders, then run with each request's values: the same SQL text and parameters as buildPortsQuery.
 */
const preparedPorts = new WeakMap<Db, Map<string, ReturnType<ReturnType<typeof portsQuery>['prepare']>>>();
const PLACEHOLDERS = Object.fromEntries(
  ['term', 'escaped', 'codeExact', 'codePrefix', 'code', 'codeLike', 'limit'].map((name) => [
    name,
    sql.placeholder(name),
  ]),
) as PortParams;

export async function findPorts(db: Db, filter: PortFilter) {
  const shape = portShape(filter);
  const key = `ports_${shape.types.join('_')}_${shape.code ? 'code' : ''}_${shape.term ?? ''}`;
  let byShape = preparedPorts.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedPorts.set(db, byShape);
  }
  let prepared = byShape.get(key);
  if (!prepared) {
    prepared = portsQuery(db, shape, PLACEHOLDERS).prepare(key);
    byShape.set(key, prepared);
  }
  const rows = await prepared.execute(portParams(filter) as Record<string, unknown>);
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
        sql`(${hsCodes.searchDescription} like ${foldedTerm(escapeLike(term))} || '%' or ${hsCodes.code} like ${`${escapeLike(term)}%`})`,
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
