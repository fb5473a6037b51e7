/// <reference path="./sea-ports.d.ts" />
import { eq, sql } from 'drizzle-orm';
import countryNames from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Db, Tx } from '../../db/client';
import {
  cargoTypes,
  countries,
  hsCodes,
  isoEquipment,
  packageTypes,
  ports,
  railwayStations,
  referenceDataVersions,
  unitCategories,
  units,
} from '../../db/schema/reference-data';
import { MAJOR_AIRPORTS } from './airports.data';
import { HS_CHAPTERS, HS_SUBHEADINGS } from './hs-codes.data';
import { RAILWAY_STATIONS } from './railway-stations.data';
import { CARGO_TYPES, ISO_EQUIPMENT, UNIT_CATEGORIES } from './reference-lists.data';

/** Bump when the built-in lists change; a database holding an older version is re-seeded on its next start. */
export const REFERENCE_SEED_VERSION = 2;
const SEED_NAME = 'built-in';
const CHUNK = 500;

type SeaPort = { name: string; coordinates?: [number, number]; timezone?: string };

/**
 * Seeds the built-in reference lists into any database, offline. Cheap on every later start: one indexed read of
 * the version marker. Lists owned by the seed (countries, package types, equipment, cargo types, units) are
 * upserted; lists the official imports also fill (ports, HS codes, railway stations) are only added to, so
 * re-seeding never overwrites imported data.
 */
export async function seedReferenceData(db: Db): Promise<{ seeded: boolean }> {
  const [marker] = await db
    .select({ version: referenceDataVersions.version })
    .from(referenceDataVersions)
    .where(eq(referenceDataVersions.name, SEED_NAME));
  if (marker && marker.version >= REFERENCE_SEED_VERSION) return { seeded: false };

  await db.transaction(async (tx) => {
    await seedCountries(tx);
    await seedPorts(tx);
    await seedHsCodes(tx);
    await seedPackageTypes(tx);
    await seedIsoEquipment(tx);
    await seedCargoTypes(tx);
    await seedUnits(tx);
    await seedRailwayStations(tx);
    await tx
      .insert(referenceDataVersions)
      .values({ name: SEED_NAME, version: REFERENCE_SEED_VERSION })
      .onConflictDoUpdate({
        target: referenceDataVersions.name,
        set: { version: REFERENCE_SEED_VERSION, appliedAt: sql`now()` },
      });
  });
  return { seeded: true };
}

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) result.push(rows.slice(start, start + CHUNK));
  return result;
}

async function seedCountries(tx: Tx) {
  countryNames.registerLocale(english);
  const callable = new Set<string>(getCountries());
  const rows = Object.entries(countryNames.getNames('en', { select: 'official' })).map(([code, name]) => ({
    code,
    alpha3: countryNames.alpha2ToAlpha3(code) ?? code,
    name,
    callingCode: callable.has(code) ? getCountryCallingCode(code as CountryCode) : null,
  }));
  await tx
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.code,
      set: {
        alpha3: sql`excluded.alpha3`,
        name: sql`excluded.name`,
        callingCode: sql`excluded.calling_code`,
      },
    });
}

async function seedPorts(tx: Tx) {
  const byCode = new Map<string, typeof ports.$inferInsert>();
  // The two packages' lists (about 1 MB) are loaded only when the seed runs, not on every start.
  const { default: seaPorts } = await import('sea-ports');
  for (const [code, port] of Object.entries(seaPorts.JSON as Record<string, SeaPort>)) {
    if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(code)) continue;
    const [longitude, latitude] = port.coordinates ?? [];
    byCode.set(code, {
      code,
      countryCode: code.slice(0, 2),
      name: port.name,
      portTypes: ['SP', 'DP'],
      latitude: latitude ?? null,
      longitude: longitude ?? null,
      timeZone: port.timezone && isTimeZone(port.timezone) ? port.timezone : null,
      source: 'seed',
    });
  }
  for (const line of MAJOR_AIRPORTS) {
    const [code = '', name = '', iataCode = '', latitude = '', longitude = ''] = line.split('|');
    const seaPort = byCode.get(code);
    if (seaPort) {
      byCode.set(code, { ...seaPort, portTypes: [...(seaPort.portTypes ?? []), 'AP'], iataCode });
      continue;
    }
    byCode.set(code, {
      code,
      countryCode: code.slice(0, 2),
      name,
      portTypes: ['AP'],
      iataCode,
      latitude: Number(latitude),
      longitude: Number(longitude),
      source: 'seed',
    });
  }
  // A port already there (seeded or imported) keeps its data; only a time zone it lacks is filled in (version 2).
  for (const chunk of chunks([...byCode.values()])) {
    await tx
      .insert(ports)
      .values(chunk)
      .onConflictDoUpdate({
        target: ports.code,
        set: { timeZone: sql`coalesce(${ports.timeZone}, excluded.time_zone)` },
        setWhere: sql`${ports.timeZone} is null and excluded.time_zone is not null`,
      });
  }
}

/** Whether the runtime knows this IANA zone (the list's names are checked before they are stored). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function seedHsCodes(tx: Tx) {
  const rows = [...HS_CHAPTERS, ...HS_SUBHEADINGS].map((line) => {
    const separator = line.indexOf('|');
    const code = line.slice(0, separator);
    return {
      code,
      description: line.slice(separator + 1),
      level: code.length,
      parentCode: code.length === 2 ? null : code.slice(0, code.length - 2),
      source: 'seed',
    };
  });
  for (const chunk of chunks(rows)) {
    await tx.insert(hsCodes).values(chunk).onConflictDoNothing({ target: hsCodes.code });
  }
}

async function seedPackageTypes(tx: Tx) {
  // Recommendation 21 codes are two characters; the package lists them with the "X" prefix of Recommendation 20.
  const { REC_21_3 } = await import('un-ece-recommendation');
  const rows = REC_21_3.map(({ code, name }) => ({ code: code.replace(/^X/, ''), name: name ?? code }));
  for (const chunk of chunks(rows)) {
    await tx
      .insert(packageTypes)
      .values(chunk)
      .onConflictDoUpdate({ target: packageTypes.code, set: { name: sql`excluded.name` } });
  }
}

async function seedIsoEquipment(tx: Tx) {
  await tx
    .insert(isoEquipment)
    .values(ISO_EQUIPMENT.map((row) => ({ ...row })))
    .onConflictDoUpdate({
      target: isoEquipment.code,
      set: {
        groupCode: sql`excluded.group_code`,
        description: sql`excluded.description`,
        lengthFt: sql`excluded.length_ft`,
        heightFt: sql`excluded.height_ft`,
        teu: sql`excluded.teu`,
      },
    });
}

async function seedCargoTypes(tx: Tx) {
  await tx
    .insert(cargoTypes)
    .values(CARGO_TYPES.map((row, index) => ({ ...row, sortOrder: index + 1 })))
    .onConflictDoUpdate({
      target: cargoTypes.code,
      set: {
        name: sql`excluded.name`,
        parentCode: sql`excluded.parent_code`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

async function seedUnits(tx: Tx) {
  for (const [categoryIndex, category] of UNIT_CATEGORIES.entries()) {
    const [row] = await tx
      .insert(unitCategories)
      .values({ name: category.name, baseUnit: category.baseUnit, sortOrder: categoryIndex + 1 })
      .onConflictDoUpdate({
        target: unitCategories.name,
        set: { baseUnit: category.baseUnit, sortOrder: categoryIndex + 1 },
      })
      .returning({ id: unitCategories.id });
    if (!row) throw new Error(`unit category ${category.name} was not written`);
    await tx
      .insert(units)
      .values(category.units.map((unit, index) => ({ ...unit, categoryId: row.id, sortOrder: index + 1 })))
      .onConflictDoUpdate({
        target: [units.categoryId, units.code],
        set: {
          name: sql`excluded.name`,
          factorToBase: sql`excluded.factor_to_base`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  }
}

async function seedRailwayStations(tx: Tx) {
  const rows = RAILWAY_STATIONS.map((line) => {
    const [code = '', name = '', state = '', kind = 'STATION'] = line.split('|');
    return { code, name, state, kind, source: 'seed' };
  });
  await tx.insert(railwayStations).values(rows).onConflictDoNothing({ target: railwayStations.code });
}
