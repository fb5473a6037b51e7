import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { referenceDataVersions } from '../../db/schema/reference-data';
import { createTestDatabase } from '../../test/test-database';
import { MAJOR_AIRPORTS } from './airports.data';
import { HS_CHAPTERS, HS_SUBHEADINGS } from './hs-codes.data';
import { REFERENCE_SEED_VERSION, seedReferenceData } from './reference-data.seed';

const SHARED_DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/data');

async function counts(database: Database): Promise<Record<string, number>> {
  const result = await database.db.execute(sql`select
    (select count(*)::int from countries) as countries, (select count(*)::int from ports) as ports,
    (select count(*)::int from hs_codes) as hs_codes, (select count(*)::int from package_types) as package_types,
    (select count(*)::int from iso_equipment) as iso_equipment, (select count(*)::int from cargo_types) as cargo_types,
    (select count(*)::int from units) as units, (select count(*)::int from railway_stations) as railway_stations`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

describe('built-in reference seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(); // migrates and seeds, as every start does
  });
  afterAll(async () => database?.close());

  it('fills every list on a fresh database', async () => {
    const seeded = await counts(database);
    expect(seeded.countries).toBe(250);
    expect(seeded.ports).toBeGreaterThan(1600);
    expect(seeded.hs_codes).toBe(HS_CHAPTERS.length + HS_SUBHEADINGS.length);
    expect(seeded.package_types).toBeGreaterThan(300);
    expect(seeded.cargo_types).toBe(14);
    expect(seeded.railway_stations).toBeGreaterThan(50);
    const [marker] = await database.db.select().from(referenceDataVersions);
    expect(marker?.version).toBe(REFERENCE_SEED_VERSION);
  });

  it('is idempotent and skips the work on a later start', async () => {
    const before = await counts(database);
    expect(await seedReferenceData(database.db)).toEqual({ seeded: false });
    // An older marker makes it run again; running again duplicates nothing.
    await database.db.update(referenceDataVersions).set({ version: 0 });
    expect(await seedReferenceData(database.db)).toEqual({ seeded: true });
    expect(await counts(database)).toEqual(before);
  });

  it('types every HS subheading once, under a seeded chapter', () => {
    const codes = HS_SUBHEADINGS.map((line) => line.split('|')[0]!);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(300);
    const chapters = new Set(HS_CHAPTERS.map((line) => line.split('|')[0]));
    expect(chapters.size).toBe(96);
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/);
      expect(chapters.has(code.slice(0, 2))).toBe(true);
    }
  });
});

describe.skipIf(!existsSync(join(SHARED_DATA, 'harmonized-system/harmonized-system.csv')))(
  'built-in seed against the official files (../shared/data)',
  () => {
    it('every seeded HS code exists in HS 2022', () => {
      const official = new Set(
        readFileSync(join(SHARED_DATA, 'harmonized-system/harmonized-system.csv'), 'utf8')
          .split('\n')
          .map((line) => line.split(',')[1]),
      );
      const unknown = [...HS_CHAPTERS, ...HS_SUBHEADINGS]
        .map((line) => line.split('|')[0]!)
        .filter((code) => !official.has(code));
      expect(unknown).toEqual([]);
    });

    it('every seeded airport is an airport (Function position 4) in UN/LOCODE', () => {
      const functions = new Map<string, string>();
      const records: string[][] = parse(readFileSync(join(SHARED_DATA, 'unlocode/code-list.csv')));
      for (const [, country, location, , , , functionCode = ''] of records) {
        if (location) functions.set(`${country}${location}`, functionCode);
      }
      const notAirports = MAJOR_AIRPORTS.map((line) => line.split('|')[0]!).filter(
        (code) => functions.get(code)?.[3] !== '4',
      );
      expect(notAirports).toEqual([]);
    });
  },
);
