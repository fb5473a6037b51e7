import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Port } from '@lading/contract/reference-data';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { parties } from '../../db/schema/companies';
import { hsCodes, ports, railwayStations } from '../../db/schema/reference-data';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  ImportFileError,
  importReferenceFile,
  parseLocodeCoordinates,
  portTypesFromFunction,
} from './reference-data.import';
import { buildPortsQuery } from './reference-data.repository';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SHARED_DATA = resolve(REPO_ROOT, '../shared/data');
const LOCODE_FILE = join(SHARED_DATA, 'unlocode/code-list.csv');
const HS_FILE = join(SHARED_DATA, 'harmonized-system/harmonized-system.csv');
const HAS_OFFICIAL_FILES = existsSync(LOCODE_FILE) && existsSync(HS_FILE);
if (!HAS_OFFICIAL_FILES) {
  console.warn(
    `[reference-data] skipping the full-file import tests: ${SHARED_DATA} holds no official files`,
  );
}

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lading-import-'));
});
afterAll(async () => rm(workDir, { recursive: true, force: true }));

async function writeCsv(name: string, text: string): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, text);
  return path;
}

/** A fingerprint of a whole table: any changed, added or removed row changes it. */
async function fingerprint(db: Db, table: string): Promise<string> {
  const result = await db.execute(
    sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t.code)), '') as f
             from (select * from ${table}) t`),
  );
  return String((result as unknown as { rows: { f: string }[] }).rows[0]!.f);
}

/** EXPLAIN of a drizzle query with its parameters bound. */
async function explain(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw('explain ')];
  pieces.forEach((piece, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(piece) : sql`${params[Number(piece) - 1]}`);
  });
  const result = await db.execute(sql.join(chunks));
  return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

describe('UN/LOCODE field parsing', () => {
  it('turns degrees and minutes into decimal degrees', () => {
    expect(parseLocodeCoordinates('2529N 05308E')).toEqual({ latitude: 25.4833, longitude: 53.1333 });
    expect(parseLocodeCoordinates('3352S 15112E')).toEqual({ latitude: -33.8667, longitude: 151.2 });
    expect(parseLocodeCoordinates('5130N 00007W')).toEqual({ latitude: 51.5, longitude: -0.1167 });
    expect(parseLocodeCoordinates('3313N 06883E')).toBeNull();
    expect(parseLocodeCoordinates('2444N 05045')).toBeNull();
  });

  it('derives port types from the Function field', () => {
    expect(portTypesFromFunction('1-------')).toEqual(['SP', 'DP']);
    expect(portTypesFromFunction('---4----')).toEqual(['AP']);
    expect(portTypesFromFunction('12345---')).toEqual(['SP', 'DP', 'AP']);
    expect(portTypesFromFunction('--3-----')).toEqual([]);
  });
});

describe('import of small files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
  });
  afterAll(async () => t?.close());

  it('imports UN/LOCODE lines: skips country headers and references, rejects bad lines with their numbers', async () => {
    const file = await writeCsv(
      'locode.csv',
      [
        ',"ZZ",,".TESTLAND",,,,,,,,',
        ',"ZZ","AAA","Álpha Harbour","Alpha Harbour","01","1-------","AI","2401",,"1030N 02015W",',
        ',"ZZ","BBB","Beta Field","Beta Field",,"---4----","AI","2401","BBF","0100S 00130E",',
        ',"ZZ","BB1","Bad Coordinates","Bad Coordinates",,"1-------","AI","2401",,"9999N 99999E",',
        ',"Z1","CCC","Bad Country","Bad Country",,"1-------","AI","2401",,,',
        '=,"ZZ",,"Old Name = Alpha Harbour","Old Name = Alpha Harbour",,,,,,,',
        ',"ZZ","AAA","Alpha Harbour (alt)","Alpha Harbour (alt)","01","1-------","AI","2401",,,',
      ].join('\n'),
    );
    const summary = await importReferenceFile(t.database.db, 'locode', file);
    expect(summary).toMatchObject({ lines: 7, inserted: 3, updated: 0, unchanged: 0, skipped: 3 });
    expect(summary.rejected).toEqual([{ line: 5, reason: 'country "Z1" is not two letters' }]);
    expect(summary.warnings).toEqual([{ line: 4, reason: expect.stringContaining('9999N 99999E') }]);
    const [alpha] = await t.database.db.select().from(ports).where(eq(ports.code, 'ZZAAA'));
    expect(alpha).toMatchObject({
      name: 'Álpha Harbour',
      subdivision: '01',
      portTypes: ['SP', 'DP'],
      latitude: 10.5,
      longitude: -20.25,
      source: 'locode',
    });
    const [beta] = await t.database.db.select().from(ports).where(eq(ports.code, 'ZZBBB'));
    expect(beta).toMatchObject({ portTypes: ['AP'], iataCode: 'BBF', latitude: -1, longitude: 1.5 });
  });

  it('imports parties by code: inserts, updates only what changed, rejects bad lines', async () => {
    const header = 'code,externalId,name,roles,status,isActive,mobile,address,emailId,countryCode';
    const first = await writeCsv(
      'parties.csv',
      [
        header,
        'IMPCO1,X-1,"Import Co One","CO;OS",APPR,true,+91 22 1234,"Line 1, Mumbai",one@import.example,IN',
        'IMPCO2,X-2,Import Co Two,CN,PENDING,false,,,two@import.example,AE',
        'BAD ONE,X-3,Bad Code,CO,APPR,true,,,,',
        'IMPCO3,X-4,Import Co Three,ZZ,APPR,true,,,,',
        'IMPCO4,X-5,Import Co Four,CO,APPR,maybe,,,,',
        'IMPCO5,P-100001,Steals An External Id,CO,APPR,true,,,,',
      ].join('\n'),
    );
    await signInAs(t, 'customer'); // seeds the demo parties, one of which holds P-100001
    const summary = await importReferenceFile(t.database.db, 'parties', first);
    expect(summary).toMatchObject({ lines: 6, inserted: 2, updated: 0 });
    expect(summary.rejected.map((issue) => issue.line)).toEqual([4, 5, 6, 7]);
    expect(summary.rejected[3]!.reason).toBe('externalId P-100001 belongs to party DEMOEXP');
    const [one] = await t.database.db.select().from(parties).where(eq(parties.code, 'IMPCO1'));
    expect(one).toMatchObject({
      name: 'Import Co One',
      roles: ['CO', 'OS'],
      isActive: true,
      countryCode: 'IN',
    });

    const again = await importReferenceFile(t.database.db, 'parties', first);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });

    const changed = await writeCsv(
      'parties-2.csv',
      [header, 'IMPCO1,X-1,"Import Co One Renamed","CO;OS",APPR,true,+91 22 1234,"Line 1, Mumbai",,IN'].join(
        '\n',
      ),
    );
    expect(await importReferenceFile(t.database.db, 'parties', changed)).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    const [renamed] = await t.database.db.select().from(parties).where(eq(parties.code, 'IMPCO1'));
    expect(renamed).toMatchObject({ name: 'Import Co One Renamed', emailId: null });
  });

  it('imports railway stations; the new rows are searchable at once', async () => {
    const file = await writeCsv(
      'stations.csv',
      'code,name,state,kind\nKPGM,ICD Kathuwas,Rajasthan,ICD\nNDLS,New Delhi Main,Delhi,STATION\nbad!,X,Y,STATION\n',
    );
    const summary = await importReferenceFile(t.database.db, 'stations', file);
    expect(summary).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    expect(summary.rejected).toEqual([{ line: 4, reason: 'code "BAD!" is not 1–6 letters or digits' }]);
    const [station] = await t.database.db
      .select()
      .from(railwayStations)
      .where(eq(railwayStations.code, 'KPGM'));
    expect(station).toMatchObject({ name: 'ICD Kathuwas', kind: 'ICD', source: 'import' });
  });

  it('stops on a file whose header lacks the columns, naming them, and writes nothing', async () => {
    const before = await fingerprint(t.database.db, 'hs_codes');
    const file = await writeCsv('hs-bad.csv', 'code,text\n010121,Horses\n');
    await expect(importReferenceFile(t.database.db, 'hs', file)).rejects.toThrow(
      /line 1: the header lacks section, hscode, description, parent, level/,
    );
    expect(await fingerprint(t.database.db, 'hs_codes')).toBe(before);
  });

  it('stops on a UN/LOCODE file with the wrong number of columns', async () => {
    const file = await writeCsv('locode-bad.csv', ',"ZZ","DDD","Delta",,,"1-------"\n');
    const error = await importReferenceFile(t.database.db, 'locode', file).catch((caught) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toBe('line 1: expected 12 columns, found 7');
  });
});

describe.skipIf(!HAS_OFFICIAL_FILES)('import of the full official files (../shared/data)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    ({ headers } = await signInAs(t, 'customer'));
  });
  afterAll(async () => t?.close());

  it('imports the whole UN/LOCODE code list', { timeout: 180_000 }, async () => {
    const summary = await importReferenceFile(t.database.db, 'locode', LOCODE_FILE);
    expect(summary.lines).toBe(116_418);
    expect(summary.inserted + summary.updated).toBeGreaterThan(115_000);
    expect(summary.rejected).toEqual([]);
    const [counts] = (
      (await t.database.db.execute(sql`select count(*)::int as total,
          count(*) filter (where port_types @> '{SP}')::int as sea_ports,
          count(*) filter (where port_types @> '{SP}' and latitude is not null)::int as located_sea_ports
        from ports where source = 'locode'`)) as unknown as {
        rows: { total: number; sea_ports: number; located_sea_ports: number }[];
      }
    ).rows;
    // The data README counts 17,582 sea ports, 11,735 with coordinates (a few duplicate or marked-for-deletion lines aside).
    expect(counts!.total).toBe(summary.inserted + summary.updated);
    expect(counts!.sea_ports).toBeGreaterThan(17_400);
    expect(counts!.located_sea_ports).toBeGreaterThan(11_600);
    const [jebelAli] = await t.database.db.select().from(ports).where(eq(ports.code, 'AEJEA'));
    expect(jebelAli).toMatchObject({ name: 'Jebel Ali', portTypes: ['SP', 'DP'] });
  });

  it('is idempotent: a second run of the same file changes nothing', { timeout: 180_000 }, async () => {
    const before = await fingerprint(t.database.db, 'ports');
    const summary = await importReferenceFile(t.database.db, 'locode', LOCODE_FILE);
    expect(summary).toMatchObject({ inserted: 0, updated: 0 });
    expect(await fingerprint(t.database.db, 'ports')).toBe(before);
  });

  it('stops on a truncated (and edited) copy without changing anything', async () => {
    const before = await fingerprint(t.database.db, 'ports');
    const text = await readFile(LOCODE_FILE, 'utf8');
    // Rename the first port (a change a naive streaming import would write in its first batch), then cut the copy
    // in the middle of a line.
    const edited = text.replace('"Andorra la Vella","Andorra la Vella"', '"Changed","Changed"');
    const cut = edited.indexOf('\n', Math.floor(edited.length * 0.6)) + 20;
    const file = await writeCsv('code-list-truncated.csv', edited.slice(0, cut));
    const error = await importReferenceFile(t.database.db, 'locode', file).catch((caught) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toMatch(/^line \d+: /);
    expect(await fingerprint(t.database.db, 'ports')).toBe(before);
  });

  it('searches the full list through the trigram and prefix indexes, never a scan of ports', async () => {
    const queries = [
      { term: 'rotterdam', index: 'ports_search_name_trgm' },
      { term: 'sao paulo', index: 'ports_search_name_trgm' },
      { term: 'ro', index: 'ports_search_name_prefix' },
    ];
    for (const { term, index } of queries) {
      const plan = await explain(
        t.database.db,
        buildPortsQuery(t.database.db, { term, portTypes: ['SP', 'DP'], limit: 5 }),
      );
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Seq Scan on "?ports"?/);
    }
    const byCode = await explain(
      t.database.db,
      buildPortsQuery(t.database.db, { code: 'NLRTM', portTypes: ['SP'], limit: 5 }),
    );
    expect(byCode).not.toMatch(/Seq Scan on "?ports"?/);
  });

  it('ranks an exact code and name prefixes first over the full list', async () => {
    const get = async (query: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/core/base/v1/ports/?${query}`, headers })).json() as {
          results: Port[];
        }
      ).results;
    expect((await get('limit=5&name=rotterdam&portType=SP,DP'))[0]!.code).toBe('NLRTM');
    expect((await get('limit=5&name=NLRTM'))[0]!.code).toBe('NLRTM');
    const heathrow = await get('limit=5&name=heathrow&portType=AP');
    expect(heathrow.map((port) => port.code)).toContain('GBLHR');
    const accented = await get(`limit=5&name=${encodeURIComponent('São Paulo')}&portType=AP`);
    expect(accented.map((port) => port.code)).toContain('BRGRU');
  });

  it('imports the HS 2022 nomenclature idempotently; the seed rows get official descriptions', {
    timeout: 180_000,
  }, async () => {
    const summary = await importReferenceFile(t.database.db, 'hs', HS_FILE);
    expect(summary.lines).toBe(6940);
    expect(summary.rejected).toEqual([]);
    expect(summary.inserted + summary.updated).toBe(6939);
    const [{ count }] = (
      (await t.database.db.execute(sql`select count(*)::int as count from hs_codes`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows as [{ count: number }];
    expect(count).toBe(6939);
    const [tshirts] = await t.database.db.select().from(hsCodes).where(eq(hsCodes.code, '610910'));
    expect(tshirts).toMatchObject({ level: 6, parentCode: '6109', section: 'XI', source: 'hs' });
    const before = await fingerprint(t.database.db, 'hs_codes');
    expect(await importReferenceFile(t.database.db, 'hs', HS_FILE)).toMatchObject({
      inserted: 0,
      updated: 0,
    });
    expect(await fingerprint(t.database.db, 'hs_codes')).toBe(before);
  });
});
