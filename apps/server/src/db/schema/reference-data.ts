import { type SQL, sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { foldedSql } from '../text-search';

// ---- tables ---------------------------------------------------------------------------------------------------

/** ISO 3166-1 countries with their international calling code (built-in seed). */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    alpha3: text('alpha3').notNull(),
    name: text('name').notNull(),
    callingCode: text('calling_code'),
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${countries.name}`)),
  },
  (table) => [index('countries_search_name_trgm').using('gin', table.searchName.op('gin_trgm_ops'))],
);

/**
 * UN/LOCODE locations. The built-in seed holds sea ports and major airports; the official code list import adds
 * every location. `port_types` is derived from the Function field: position 1 -> SP and DP, position 4 -> AP;
 * a location with neither (road terminal, border crossing…) has none and is not offered as a port.
 */
export const ports = pgTable(
  'ports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    countryCode: text('country_code').notNull(),
    name: text('name').notNull(),
    subdivision: text('subdivision'),
    functionCode: text('function_code'),
    portTypes: text('port_types').array().notNull().default(sql`'{}'::text[]`),
    status: text('status'),
    iataCode: text('iata_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA time zone of the place (from the seed's port list); schedules show a call's times in it. */
    timeZone: text('time_zone'),
    /** seed (built in) or locode (official file import). */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${ports.name}`)),
  },
  (table) => [
    index('ports_search_name_trgm').using('gin', table.searchName.op('gin_trgm_ops')),
    index('ports_search_name_prefix').using('btree', table.searchName.op('text_pattern_ops')),
    index('ports_code_prefix').using('btree', table.code.op('text_pattern_ops')),
  ],
);

/** Harmonized System nomenclature: chapters (2), headings (4), subheadings (6) and national extensions (8 digits). */
export const hsCodes = pgTable(
  'hs_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    parentCode: text('parent_code'),
    level: smallint('level').notNull(),
    section: text('section'),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchDescription: text('search_description')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${hsCodes.description}`)),
  },
  (table) => [
    index('hs_codes_search_description_prefix').using(
      'btree',
      table.searchDescription.op('text_pattern_ops'),
    ),
  ],
);

/** UN/ECE Recommendation 21 package type codes. */
export const packageTypes = pgTable('package_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** ISO 6346 size-type codes used in container trade. */
export const isoEquipment = pgTable('iso_equipment', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  groupCode: text('group_code').notNull(),
  description: text('description').notNull(),
  lengthFt: doublePrecision('length_ft').notNull(),
  heightFt: doublePrecision('height_ft').notNull(),
  teu: doublePrecision('teu').notNull(),
});

/** Cargo types (GEN, ODO, PEF, FLX, HAZ) and, under HAZ, the hazard classes CLASS1–CLASS9. */
export const cargoTypes = pgTable('cargo_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  parentCode: text('parent_code'),
  sortOrder: smallint('sort_order').notNull(),
});

/** Unit kinds of section 9 (Length, Mass, …) with their base unit. */
export const unitCategories = pgTable('unit_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  baseUnit: text('base_unit').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

/** Units of a kind and the factor that converts a value in the unit to the kind's base unit. */
export const units = pgTable(
  'units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => unitCategories.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    factorToBase: doublePrecision('factor_to_base').notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (table) => [unique('units_category_code_unique').on(table.categoryId, table.code)],
);

/** Indian railway stations and rail-served inland container depots (ICDs). */
export const railwayStations = pgTable(
  'railway_stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    kind: text('kind').notNull().default('STATION'),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${railwayStations.name}`)),
  },
  (table) => [
    index('railway_stations_search_name_trgm').using('gin', table.searchName.op('gin_trgm_ops')),
    index('railway_stations_search_name_prefix').using('btree', table.searchName.op('text_pattern_ops')),
  ],
);

/** Which version of the built-in seed a database holds, so a restart skips seeding in one query. */
export const referenceDataVersions = pgTable('reference_data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
