import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PARTY_ROLES } from '@lading/contract/reference-data';
import { parse } from 'csv-parse';
import { type AnyColumn, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { IndexColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { parties } from '../../db/schema/companies';
import { hsCodes, ports, railwayStations } from '../../db/schema/reference-data';

/**
 * Imports of official reference files (`npm run import -- <kind> <file>`).
 *
 * Two streaming passes over the file. The first validates every line without touching the database: a file that
 * cannot be read as the expected CSV (wrong columns, an unclosed quote, a truncated last line) stops here with the
 * line at fault, and the database keeps its previous data. The second pass upserts the valid rows in batches, one
 * transaction per batch, keyed by the list's natural key; rows whose values did not change are left alone, so a
 * second run of the same file writes nothing.
 */

export const IMPORT_KINDS = ['locode', 'hs', 'parties', 'stations'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export type LineIssue = { line: number; reason: string };
export type ImportSummary = {
  kind: ImportKind;
  /** Data lines read (header lines not counted). */
  lines: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Lines that are not records of the list (country headers, reference entries, alternative names). */
  skipped: number;
  rejected: LineIssue[];
  /** Rows kept with a value dropped (e.g. unreadable coordinates). */
  warnings: LineIssue[];
  durationMs: number;
};
export type ImportProgress = { phase: 'validating' | 'writing'; bytesRead: number; totalBytes: number };
export type ImportOptions = { batchSize?: number; onProgress?: (progress: ImportProgress) => void };

/** The file is not a readable file of that kind; nothing was written. */
export class ImportFileError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line ? `line ${line}: ${message}` : message);
    this.name = 'ImportFileError';
    this.line = line;
  }
}

type Outcome<Row> =
  | { kind: 'row'; key: string; row: Row; warning?: string }
  | { kind: 'skip' }
  | { kind: 'reject'; reason: string };

type Importer<Row> = {
  /** Column names the header must hold; null for files without a header (UN/LOCODE). */
  header: readonly string[] | null;
  columns?: number;
  parse(values: (name: string) => string, record: string[], line: number): Outcome<Row>;
  write(tx: Tx, rows: Row[]): Promise<{ inserted: number; updated: number; rejected: LineIssue[] }>;
};

// ---- upsert helper --------------------------------------------------------------------------------------------

type Columns = Record<string, AnyColumn>;

/** Insert, or update only when a value differs; counts inserted and updated rows (xmax = 0 marks an insert). */
async function upsert<Row extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  target: IndexColumn,
  keys: readonly string[],
  rows: Row[],
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const columns = getTableColumns(table) as unknown as Columns;
  const excluded = (key: string) => sql.raw(`excluded."${columns[key]!.name}"`);
  const set: Record<string, SQL> = Object.fromEntries(keys.map((key) => [key, excluded(key)]));
  if (columns.updatedAt) set.updatedAt = sql`now()`;
  const current = sql.join(
    keys.map((key) => sql`${columns[key]}`),
    sql`, `,
  );
  const incoming = sql.join(keys.map(excluded), sql`, `);
  const written = await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target, set, setWhere: sql`(${current}) is distinct from (${incoming})` })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, updated: written.length - inserted };
}

// ---- UN/LOCODE ------------------------------------------------------------------------------------------------

type PortRow = typeof ports.$inferInsert;

/** `2529N 05308E` (degrees and minutes) -> decimal degrees; null when unreadable. */
export function parseLocodeCoordinates(text: string): { latitude: number; longitude: number } | null {
  const match = /^(\d{2})(\d{2})([NS])\s+(\d{3})(\d{2})([EW])$/.exec(text.trim());
  if (!match) return null;
  const [, latDeg, latMin, ns, lonDeg, lonMin, ew] = match;
  const latitude = (Number(latDeg) + Number(latMin) / 60) * (ns === 'S' ? -1 : 1);
  const longitude = (Number(lonDeg) + Number(lonMin) / 60) * (ew === 'W' ? -1 : 1);
  if (Number(latMin) >= 60 || Number(lonMin) >= 60 || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return null;
  }
  return { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 };
}

/** Function field: position 1 = sea port (SP, DP), position 4 = airport (AP). */
export function portTypesFromFunction(functionCode: string): string[] {
  const types: string[] = [];
  if (functionCode[0] === '1') types.push('SP', 'DP');
  if (functionCode[3] === '4') types.push('AP');
  return types;
}

function createLocodeImporter(): Importer<PortRow> {
  const seen = new Set<string>();
  return {
    header: null,
    columns: 12,
    parse: (_value, record) => {
      const [change = '', country = '', location = '', name = '', , subdivision = '', functionCode = ''] =
        record;
      const [, , , , , , , status = '', , iata = '', coordinates = ''] = record;
      if (!location) {
        // Country header rows (".ANDORRA") and reference entries ("Peking = Beijing", "Cayenne = GF CAY").
        if (name.startsWith('.') || change === '=' || name.includes(' = ')) return { kind: 'skip' };
        return { kind: 'reject', reason: 'no location code' };
      }
      if (country === 'Country' && location === 'Location') return { kind: 'skip' };
      if (!/^[A-Z]{2}$/.test(country))
        return { kind: 'reject', reason: `country "${country}" is not two letters` };
      if (!/^[A-Z0-9]{3}$/.test(location)) {
        return { kind: 'reject', reason: `location "${location}" is not three letters or digits` };
      }
      if (!name.trim()) return { kind: 'reject', reason: 'no name' };
      // X = marked for deletion in the next issue; an entry seen before under another name is an alternative name.
      if (change === 'X') return { kind: 'skip' };
      const code = `${country}${location}`;
      if (seen.has(code)) return { kind: 'skip' };
      seen.add(code);
      const position = coordinates.trim() ? parseLocodeCoordinates(coordinates) : null;
      return {
        kind: 'row',
        key: code,
        row: {
          code,
          countryCode: country,
          name: name.trim(),
          subdivision: subdivision || null,
          functionCode: functionCode || null,
          portTypes: portTypesFromFunction(functionCode),
          status: status || null,
          iataCode: iata || null,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          source: 'locode',
        },
        warning:
          coordinates.trim() && !position
            ? `coordinates "${coordinates}" unreadable, stored without`
            : undefined,
      };
    },
    write: async (tx, rows) => ({
      ...(await upsert(tx, ports, ports.code, PORT_KEYS, rows)),
      rejected: [],
    }),
  };
}
const PORT_KEYS = [
  'countryCode',
  'name',
  'subdivision',
  'functionCode',
  'portTypes',
  'status',
  'iataCode',
  'latitude',
  'longitude',
  'source',
] as const;

// ---- Harmonized System ----------------------------------------------------------------------------------------

type HsRow = typeof hsCodes.$inferInsert;

function createHsImporter(): Importer<HsRow> {
  const seen = new Set<string>();
  return {
    header: ['section', 'hscode', 'description', 'parent', 'level'],
    parse: (value) => {
      const code = value('hscode').trim();
      const description = value('description').trim();
      const parent = value('parent').trim();
      const level = Number(value('level'));
      if (code === 'TOTAL') return { kind: 'skip' }; // the file's grand-total line, not a code
      if (!/^\d{2}(\d{2}){0,3}$/.test(code))
        return { kind: 'reject', reason: `hscode "${code}" is not 2, 4, 6 or 8 digits` };
      if (level !== code.length)
        return { kind: 'reject', reason: `level "${value('level')}" does not match ${code}` };
      if (!description) return { kind: 'reject', reason: 'no description' };
      const parentCode = parent === '' || parent === 'TOTAL' ? null : parent;
      if (parentCode !== null && !(/^\d+$/.test(parentCode) && code.startsWith(parentCode))) {
        return { kind: 'reject', reason: `parent "${parent}" is not a prefix of ${code}` };
      }
      if (seen.has(code)) return { kind: 'reject', reason: `hscode ${code} appears twice` };
      seen.add(code);
      return {
        kind: 'row',
        key: code,
        row: { code, description, parentCode, level, section: value('section').trim() || null, source: 'hs' },
      };
    },
    write: async (tx, rows) => ({
      ...(await upsert(
        tx,
        hsCodes,
        hsCodes.code,
        ['description', 'parentCode', 'level', 'section', 'source'],
        rows,
      )),
      rejected: [],
    }),
  };
}

// ---- parties --------------------------------------------------------------------------------------------------

type PartyRow = typeof parties.$inferInsert & { line: number };
const PARTY_KEYS = [
  'externalId',
  'name',
  'roles',
  'status',
  'isActive',
  'mobile',
  'address',
  'emailId',
  'countryCode',
] as const;

function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '' || ['true', '1', 'yes', 'y'].includes(value)) return true;
  if (['false', '0', 'no', 'n'].includes(value)) return false;
  return null;
}

function createPartiesImporter(): Importer<PartyRow> {
  const codes = new Set<string>();
  const externalIds = new Set<string>();
  return {
    header: ['code', 'name'],
    parse: (value, _record, line) => {
      const optional = (name: string) => value(name).trim() || null;
      const code = value('code').trim();
      const name = value('name').trim();
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(code))
        return { kind: 'reject', reason: `code "${code}" is invalid` };
      if (!name) return { kind: 'reject', reason: 'no name' };
      const roles = value('roles')
        .split(/[;|\s]+/)
        .map((role) => role.trim().toUpperCase())
        .filter(Boolean);
      const unknown = roles.filter((role) => !(PARTY_ROLES as readonly string[]).includes(role));
      if (unknown.length) return { kind: 'reject', reason: `unknown role ${unknown.join(', ')}` };
      const isActive = parseBoolean(value('isActive'));
      if (isActive === null)
        return { kind: 'reject', reason: `isActive "${value('isActive')}" is not true or false` };
      const emailId = optional('emailId');
      if (emailId && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailId)) {
        return { kind: 'reject', reason: `emailId "${emailId}" is not an e-mail address` };
      }
      const countryCode = optional('countryCode')?.toUpperCase() ?? null;
      if (countryCode && !/^[A-Z]{2}$/.test(countryCode)) {
        return { kind: 'reject', reason: `countryCode "${countryCode}" is not two letters` };
      }
      const externalId = optional('externalId');
      if (codes.has(code)) return { kind: 'reject', reason: `code ${code} appears twice` };
      if (externalId && externalIds.has(externalId)) {
        return { kind: 'reject', reason: `externalId ${externalId} appears twice` };
      }
      codes.add(code);
      if (externalId) externalIds.add(externalId);
      return {
        kind: 'row',
        key: code,
        row: {
          line,
          code,
          externalId,
          name,
          roles,
          status: optional('status')?.toUpperCase() ?? 'APPR',
          isActive,
          mobile: optional('mobile'),
          address: optional('address'),
          emailId,
          countryCode,
        },
      };
    },
    write: async (tx, rows) => {
      // An external id already held by another party cannot move: reject the row instead of failing the batch.
      const externalIdsInBatch = rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
      const holders = externalIdsInBatch.length
        ? await tx
            .select({ code: parties.code, externalId: parties.externalId })
            .from(parties)
            .where(inArray(parties.externalId, externalIdsInBatch))
        : [];
      const holderOf = new Map(holders.map((holder) => [holder.externalId, holder.code]));
      const rejected: LineIssue[] = [];
      const accepted = rows.filter((row) => {
        const holder = row.externalId ? holderOf.get(row.externalId) : undefined;
        if (holder && holder !== row.code) {
          rejected.push({
            line: row.line,
            reason: `externalId ${row.externalId} belongs to party ${holder}`,
          });
          return false;
        }
        return true;
      });
      const values = accepted.map(({ line: _line, ...row }) => row);
      return { ...(await upsert(tx, parties, parties.code, PARTY_KEYS, values)), rejected };
    },
  };
}

// ---- railway stations -----------------------------------------------------------------------------------------

type StationRow = typeof railwayStations.$inferInsert;

function createStationsImporter(): Importer<StationRow> {
  const seen = new Set<string>();
  return {
    header: ['code', 'name', 'state'],
    parse: (value) => {
      const code = value('code').trim().toUpperCase();
      const name = value('name').trim();
      const state = value('state').trim();
      const kind = (value('kind').trim() || 'STATION').toUpperCase();
      if (!/^[A-Z0-9]{1,6}$/.test(code))
        return { kind: 'reject', reason: `code "${code}" is not 1–6 letters or digits` };
      if (!name) return { kind: 'reject', reason: 'no name' };
      if (!state) return { kind: 'reject', reason: 'no state' };
      if (kind !== 'STATION' && kind !== 'ICD')
        return { kind: 'reject', reason: `kind "${kind}" is not STATION or ICD` };
      if (seen.has(code)) return { kind: 'reject', reason: `code ${code} appears twice` };
      seen.add(code);
      return { kind: 'row', key: code, row: { code, name, state, kind, source: 'import' } };
    },
    write: async (tx, rows) => ({
      ...(await upsert(tx, railwayStations, railwayStations.code, ['name', 'state', 'kind', 'source'], rows)),
      rejected: [],
    }),
  };
}

const IMPORT_TABLES: Record<ImportKind, string> = {
  locode: 'ports',
  hs: 'hs_codes',
  parties: 'parties',
  stations: 'railway_stations',
};

function createImporter(kind: ImportKind): Importer<Record<string, unknown>> {
  const importers = {
    locode: createLocodeImporter,
    hs: createHsImporter,
    parties: createPartiesImporter,
    stations: createStationsImporter,
  };
  return importers[kind]() as unknown as Importer<Record<string, unknown>>;
}

// ---- reading --------------------------------------------------------------------------------------------------

type ParsedLine = { line: number; outcome: Outcome<Record<string, unknown>> };

/** Streams the file's records through the importer; throws ImportFileError when the file is not readable CSV. */
async function* readLines(
  path: string,
  importer: Importer<Record<string, unknown>>,
  onBytes: (bytesRead: number) => void,
): AsyncGenerator<ParsedLine> {
  const stream = createReadStream(path);
  let bytesRead = 0;
  stream.on('data', (chunk) => {
    bytesRead += chunk.length;
    onBytes(bytesRead);
  });
  const parser = stream.pipe(
    parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: false }),
  );
  let headerIndex: Map<string, number> | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (importer.header && !headerIndex) {
        headerIndex = new Map(record.map((name, index) => [name.trim().toLowerCase(), index]));
        const missing = importer.header.filter((name) => !headerIndex?.has(name.toLowerCase()));
        if (missing.length) {
          throw new ImportFileError(
            `the header lacks ${missing.join(', ')} (found: ${record.join(', ')})`,
            line,
          );
        }
        continue;
      }
      if (importer.columns && record.length !== importer.columns) {
        throw new ImportFileError(`expected ${importer.columns} columns, found ${record.length}`, line);
      }
      const index = headerIndex;
      const value = (name: string) => {
        const at = index?.get(name.toLowerCase());
        return at === undefined ? '' : (record[at] ?? '');
      };
      yield { line, outcome: importer.parse(value, record, line) };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const csvError = error as { code?: string; lines?: number; message?: string };
    if (csvError.code?.startsWith('CSV_')) {
      throw new ImportFileError(
        `the file is not valid CSV (${csvError.message}); is the file complete?`,
        csvError.lines,
      );
    }
    throw error;
  } finally {
    stream.destroy();
  }
}

/** Imports one official file. Throws ImportFileError (and writes nothing) when the file is malformed. */
export async function importReferenceFile(
  db: Db,
  kind: ImportKind,
  path: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const totalBytes = (await stat(path)).size;
  const report = (phase: ImportProgress['phase']) => (bytesRead: number) =>
    options.onProgress?.({ phase, bytesRead, totalBytes });

  // Pass 1: validate everything; no writes.
  let validRows = 0;
  for await (const { outcome } of readLines(path, createImporter(kind), report('validating'))) {
    if (outcome.kind === 'row') validRows++;
  }
  if (validRows === 0) throw new ImportFileError(`no valid ${kind} rows in the file; nothing was imported`);

  // Pass 2: write in batches, one transaction each.
  const summary: ImportSummary = {
    kind,
    lines: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    rejected: [],
    warnings: [],
    durationMs: 0,
  };
  const importer = createImporter(kind);
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const result = await db.transaction((tx) => importer.write(tx, rows));
    summary.inserted += result.inserted;
    summary.updated += result.updated;
    summary.unchanged += rows.length - result.inserted - result.updated - result.rejected.length;
    summary.rejected.push(...result.rejected);
  };
  for await (const { line, outcome } of readLines(path, importer, report('writing'))) {
    summary.lines++;
    if (outcome.kind === 'skip') summary.skipped++;
    else if (outcome.kind === 'reject') summary.rejected.push({ line, reason: outcome.reason });
    else {
      if (outcome.warning) summary.warnings.push({ line, reason: outcome.warning });
      batch.push(outcome.row);
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();
  // Fresh planner statistics, so searches over the new rows pick their indexes at once.
  await db.execute(sql.raw(`analyze ${IMPORT_TABLES[kind]}`));
  summary.rejected.sort((a, b) => a.line - b.line);
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}
