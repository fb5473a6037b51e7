// Figure 9 (issue 30, decision 029): the DCSA Track & Trace feed for one container as the event store grows, on
// PostgreSQL. A customer's container with a dozen events recorded through the app, among 10,000 events of other
// containers and documents (generated in SQL), then among 1,000,000; the request is the customer's
// GET /dcsa/tnt/v3/events?equipmentReference=… through the app (app.inject: auth, validation, scope, mapping). The
// figure is p50 at 1M ÷ p50 at 10k; a sequential scan of tracking_events in the captured statement's plan at 1M
// fails it.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client';
import { signInAs } from '../../apps/server/src/test/auth';
import { generateEvents } from '../../apps/server/src/test/generate-events';
import { captureStatements, planNodes } from '../../apps/server/src/test/sql-capture';
import { hoursAgo, recordMove, trackedShipment } from '../../apps/server/src/test/tracked-shipment';
import { type FigureModule, figure, median } from '../figure';
import { benchApp } from '../lib';

const SMALL = 10_000;
const LARGE = 1_000_000;
const ROUNDS = 5;
const REQUESTS = 30;

const tntEvents: FigureModule = async (context) => {
  const t = await benchApp('postgres', context.postgresUrl);
  try {
    const admin = (await signInAs(t, 'admin')).headers;
    const customer = (await signInAs(t, 'customer')).headers;
    const { containerNumber } = await trackedShipment(t, { customer, admin }, { prefix: 'BNC', serial: 9 });
    for (let i = 0; i < 12; i++)
      await recordMove(t, admin, {
        equipmentReference: containerNumber,
        equipmentEventTypeCode: i % 2 ? 'GTOT' : 'GTIN',
        eventDateTime: hoursAgo(48 - i),
      });
    const bookingIds = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from bookings order by id`)
    ).map((row) => row.id);
    const portIds = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from ports where code in ('INNSA', 'AEJEA', 'INMAA', 'SGSIN', 'LKCMB', 'NLRTM')`,
      )
    ).map((row) => row.id);
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tracking_events`))[0]!
        .n;
    const url = `/dcsa/tnt/v3/events?equipmentReference=${containerNumber}`;
    const round = async () => {
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const began = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: customer });
        samples.push(performance.now() - began);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (res.json().length !== 12) throw new Error(`${url}: ${res.json().length} events, not 12`);
      }
      return median(samples);
    };
    const measure = async () => {
      for (let i = 0; i < 2; i++) await round();
      const rounds: number[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
      return rounds;
    };

    context.log(`tnt: generating ${SMALL} events …`);
    await generateEvents(t.database.db, { count: SMALL - (await count()), bookingIds, portIds });
    const smallCount = await count();
    const small = await measure();

    context.log(`tnt: generating ${LARGE} events …`);
    const grown = await generateEvents(t.database.db, { count: LARGE - smallCount, bookingIds, portIds });
    context.log(`tnt: ${grown.total} events in ${grown.seconds} s`);
    await t.database.db.execute(sql`vacuum analyze tracking_events`);
    const largeCount = await count();
    const large = await measure();

    // The plan of the statement the app sends for that request, at 1M events.
    const { statements } = await captureStatements(t.database, () =>
      t.app.inject({ method: 'GET', url, headers: customer }),
    );
    const feed = statements.find((s) => /from tracking_events e\b/.test(s.text));
    if (!feed) throw new Error('the feed statement was not captured');
    const nodes = await planNodes(t.database, feed);
    const seqScans = nodes
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);
    const seqScan = seqScans.includes('tracking_events');
    const indexes = [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))];
    context.log(
      `tnt plan at ${largeCount} events: indexes ${indexes.join(', ')}; seq scans ${seqScans.join(', ') || 'none'}`,
    );
    const ratio = median(large) / median(small);
    return [
      figure({
        id: '9-tnt-events',
        name: `DCSA TNT events of one container p50, ${largeCount} vs ${smallCount} events, PostgreSQL (ms)`,
        value: median(large),
        baseline: median(small),
        budget: { op: '<=', limit: seqScan ? 0 : 1.5 },
        note: `${REQUESTS} requests a round, ${ROUNDS} rounds each (2 warm-up); p50 per round ${large.map((v) => v.toFixed(2)).join('/')} vs ${small.map((v) => v.toFixed(2)).join('/')} ms; ratio ${ratio.toFixed(3)}; ${seqScan ? 'SEQUENTIAL SCAN on tracking_events' : `no sequential scan on tracking_events (${indexes.join(', ')})`}`,
      }),
    ];
  } finally {
    await t.close();
  }
};
export default tntEvents;
