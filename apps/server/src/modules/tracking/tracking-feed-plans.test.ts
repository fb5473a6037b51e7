// Decision 029: the DCSA feed's filters by container, document and call stay index-driven at any size. On a generated
// set of events large enough for the planner to prefer indexes, the statement each sends (captured from the
// repository) is EXPLAINed: none may read tracking_events by sequential scan. The 1M-event figure is the benchmark's
// (bench/figures/9-tnt-events.figure.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import type { Scope } from '../../lib/scopes';
import { DEMO_ACCOUNTS, seedDemoData } from '../../seed/demo';
import { generateEvents } from '../../test/generate-events';
import { captureStatements, planNodes } from '../../test/sql-capture';
import { createTestDatabase } from '../../test/test-database';
import { type FeedFilter, findFeedEvents } from './tracking-feed.repository';

const EVENTS = 40_000;

describe('DCSA feed query plans at scale', () => {
  let database: Database;
  const scopes: Record<string, Scope> = {};
  let customerContainer = '';
  let customerDocument = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    const [customer] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from users where email = ${DEMO_ACCOUNTS.customer}`,
    );
    const bookings = await queryRows<{ id: number; own: boolean }>(
      database.db,
      sql`select id, created_by_id = ${customer!.id} as own from bookings order by id`,
    );
    const ports = await queryRows<{ id: number }>(
      database.db,
      sql`select id from ports where code in ('INNSA', 'AEJEA', 'INMAA', 'SGSIN')`,
    );
    await generateEvents(database.db, {
      count: EVENTS,
      bookingIds: bookings.map((b) => b.id),
      portIds: ports.map((p) => p.id),
    });
    const own = bookings.filter((b) => b.own).map((b) => b.id);
    const [mine] = await queryRows<{ container: string; document: string }>(
      database.db,
      sql`select (select equipment_reference from tracking_events where booking_id = any(${`{${own.join(',')}}`}::int[]) and equipment_reference is not null limit 1) as container,
        (select document_reference from tracking_events where booking_id = any(${`{${own.join(',')}}`}::int[]) and document_reference is not null limit 1) as document`,
    );
    customerContainer = mine!.container;
    customerDocument = mine!.document;
    scopes.customer = { kind: 'own', userId: customer!.id };
    scopes.corporate = { kind: 'all' };
  }, 180_000);
  afterAll(async () => database.close());

  const cases: [string, string, () => FeedFilter, boolean][] = [
    ['a container, its owner', 'customer', () => ({ equipmentReference: customerContainer }), false],
    [
      'a container, the corporate office',
      'corporate',
      () => ({ equipmentReference: customerContainer }),
      false,
    ],
    ['a container, the next page', 'customer', () => ({ equipmentReference: customerContainer }), true],
    ['a document, its owner', 'customer', () => ({ documentReference: customerDocument }), false],
    [
      'a container and codes since a date',
      'customer',
      () => ({
        equipmentReference: customerContainer,
        equipmentEventTypeCodes: ['GTIN', 'LOAD'],
        createdAt: [{ op: 'gte', at: '2020-01-01T00:00:00Z' }],
      }),
      false,
    ],
  ];

  it.each(cases)('%s: no sequential scan of tracking_events', async (_name, scope, filter, paged) => {
    const after = paged ? { createdAt: '2000-01-01T00:00:00.000000Z', id: 1 } : null;
    const { statements, result } = await captureStatements(database, () =>
      findFeedEvents(database.db, scopes[scope]!, filter(), after, 101),
    );
    expect(result.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const scans = (await planNodes(database, statement)).filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'tracking_events',
      );
      expect(scans, statement.text).toEqual([]);
    }
  });
});
