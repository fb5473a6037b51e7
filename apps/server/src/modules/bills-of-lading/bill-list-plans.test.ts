// Issue 11: the BL list, its searches, its count and the review queue must stay index-driven at any size. On a
// generated data set large enough for the planner to prefer indexes, every statement those queries send (captured
// from the real repository functions) is EXPLAINed: none may read bills_of_lading (or bookings) by sequential scan.
import type { BillOfLadingListQuery } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import type { Scope } from '../../lib/scopes';
import { DEMO_ACCOUNTS, seedDemoData } from '../../seed/demo';
import { generateBills } from '../../test/generate-bills';
import { captureStatements, planNodes } from '../../test/sql-capture';
import { createTestDatabase } from '../../test/test-database';
import { findReviewQueue } from './bill-of-lading-review.repository';
import { findBills } from './bills-of-lading.repository';

const BILLS = 20_000;

describe('BL list query plans at scale', () => {
  let database: Database;
  const scopes: Record<string, Scope> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    await generateBills(database.db, { customers: 200, bills: BILLS });
    const [customer] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from users where email = ${DEMO_ACCOUNTS.customer}`,
    );
    const [branch] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from offices where not is_corporate order by id limit 1`,
    );
    scopes.customer = { kind: 'own', userId: customer!.id };
    scopes.branch = { kind: 'offices', officeIds: [branch!.id] };
    scopes.corporate = { kind: 'all' };
  }, 120_000);
  afterAll(async () => database.close());

  const query = (filters: Partial<BillOfLadingListQuery> = {}): BillOfLadingListQuery => ({
    skip: 0,
    limit: 10,
    sort: 'updatedAt',
    order: 'desc',
    ...filters,
  });

  const cases: [string, string, Partial<BillOfLadingListQuery>][] = [
    ['customer', 'customer', {}],
    ['branch', 'branch', {}],
    ['corporate', 'corporate', {}],
    ['status filter', 'corporate', { status: 'APPROVED' }],
    ['status filter, customer', 'customer', { status: 'APPROVED' }],
    ['BL number search', 'corporate', { bl_number: 'GEN000012' }],
    ['BL number search, one bill', 'corporate', { bl_number: 'GEN000012345' }],
    ['booking number search', 'corporate', { booking_number: 'GBK000012' }],
    ['sort by BL number', 'corporate', { sort: 'number', order: 'asc' }],
    ['second page', 'corporate', { skip: 10 }],
  ];

  it.each(cases)('%s: no sequential scan of bills or bookings', async (_name, scope, filters) => {
    const { statements, result } = await captureStatements(database, () =>
      findBills(database.db, query(filters), scopes[scope]!),
    );
    expect(result.results.length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const scans = (await planNodes(database, statement)).filter(
        (node) =>
          node['Node Type'] === 'Seq Scan' &&
          ['bills_of_lading', 'bookings'].includes(node['Relation Name'] ?? ''),
      );
      expect(scans, statement.text).toEqual([]);
    }
  });

  it('BL number search: the index is asked for the tail of the number only', async () => {
    // Five characters or more: the piece index (migration 0034), for the term's last five, lower-cased.
    const { statements, result } = await captureStatements(database, () =>
      findBills(database.db, query({ bl_number: 'gen000012345' }), scopes.corporate!),
    );
    expect(result.results.map((b) => b.number)).toEqual(['GEN000012345']);
    const pieces = (await planNodes(database, statements[0]!))
      .filter((node) => node['Index Name'] === 'bills_of_lading_number_grams')
      .map((node) => node['Index Cond']);
    expect(pieces).toEqual([expect.stringContaining('12345')]);
    expect(pieces[0]).not.toContain('gen0');
    // Shorter: the trigram index, for the term itself.
    const short = await captureStatements(database, () =>
      findBills(database.db, query({ bl_number: '2345' }), scopes.corporate!),
    );
    expect(short.result.results.length).toBeGreaterThan(0);
    expect(short.result.results.every((b) => b.number.includes('2345'))).toBe(true);
    const trigrams = (await planNodes(database, short.statements[0]!))
      .filter((node) => node['Index Name'] === 'bills_of_lading_number_trgm')
      .map((node) => node['Index Cond']);
    expect(trigrams).toEqual([expect.stringContaining('%2345%')]);
  });

  it('BL number search of five characters or more finds what contains it, anywhere, in any case', async () => {
    for (const term of ['GEN000012345', 'en00001234', '12345', '0001234']) {
      const found = await findBills(
        database.db,
        query({ bl_number: term, limit: 100, sort: 'number', order: 'asc' }),
        scopes.corporate!,
      );
      const expected = await queryRows<{ number: string }>(
        database.db,
        sql`select number from bills_of_lading where strpos(lower(number), lower(${term})) > 0 order by number limit 100`,
      );
      expect(expected.length, term).toBeGreaterThan(0);
      expect(
        found.results.map((b) => b.number),
        term,
      ).toEqual(expected.map((row) => row.number));
    }
  });

  it('counts a search only when its page comes back full', async () => {
    const one = await captureStatements(database, () =>
      findBills(database.db, query({ bl_number: 'GEN000012345' }), scopes.corporate!),
    );
    expect(one.result.count).toBe(1);
    expect(one.statements.filter((statement) => statement.text.includes('count(*)'))).toEqual([]);
    // GEN000012 is in GEN000012000 … GEN000012999 (and GEN000001200 …): more than a page.
    const many = await captureStatements(database, () =>
      findBills(database.db, query({ bl_number: 'GEN000012' }), scopes.corporate!),
    );
    const [expected] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bills_of_lading where number ilike '%GEN000012%'`,
    );
    expect(many.result.results).toHaveLength(10);
    expect(many.result.count).toBe(expected!.n);
    expect(many.statements.filter((statement) => statement.text.includes('count(*)'))).toHaveLength(1);
  });

  it('counts up to the specification count limit (10,000), along an index', async () => {
    const { statements, result } = await captureStatements(database, () =>
      findBills(database.db, query(), scopes.corporate!),
    );
    expect(result.count).toBe(10_000);
    expect(statements).toHaveLength(2);
    const counting = statements.find((statement) => statement.text.includes('count(*)'));
    const nodes = await planNodes(database, counting!);
    expect(
      nodes.some((node) => node['Relation Name'] === 'bills_of_lading' && node['Node Type'] === 'Seq Scan'),
    ).toBe(false);
    const exact = await findBills(database.db, query({ status: 'UPDATE PENDING' }), scopes.corporate!);
    const [pending] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bills_of_lading where status = 'UPDATE PENDING'`,
    );
    expect(pending!.n).toBeGreaterThan(10);
    expect(exact.count).toBe(pending!.n);
  });

  it.each(['customer', 'branch', 'corporate'])('review queue, %s scope: index only', async (scope) => {
    const { statements } = await captureStatements(database, () =>
      findReviewQueue(database.db, { skip: 0, limit: 50 }, scopes[scope]!),
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const nodes = await planNodes(database, statement);
      expect(
        nodes.filter(
          (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'bills_of_lading',
        ),
        statement.text,
      ).toEqual([]);
    }
  });
});
