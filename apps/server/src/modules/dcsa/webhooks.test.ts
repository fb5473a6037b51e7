import { createHmac } from 'node:crypto';
import type { DcsaTntEvent } from '@lading/contract/dcsa-tnt';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { HAS_TNT_FILES, officialValidator, TNT_FILE } from '../../test/dcsa-official';
import { createTestApp, createTwoInstances, type TestApp } from '../../test/test-app';
import {
  hoursAgo,
  newSecret,
  type Received,
  recordMove,
  startReceiver,
  trackedShipment,
} from '../../test/tracked-shipment';

type Headers = { authorization: string };
/** One SESSION_SECRET for every instance on the test's database: each must read the secrets the others sealed. */
const SESSION_SECRET = 'tnt-webhook-tests-session-secret-0123456789';
const WEBHOOKS = { retryBaseMs: 40, timeoutMs: 5000 };

/**
 * The DCSA Track & Trace push (decision 029): every matching event is POSTed to the subscription's callback, signed
 * (`Notification-Signature`) so a receiver recomputing the HMAC over the bytes it got verifies it; once per event and
 * subscription across a receiver's outage, two instances and a restart; in order per container; never to a special
 * address in production, whatever the name resolves to by then.
 */
describe('DCSA Track & Trace push: signed, once, in order', () => {
  let t: TestApp;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  let serial = 500;
  const receivers: { close(): Promise<void> }[] = [];
  const eventSchema = HAS_TNT_FILES
    ? officialValidator(TNT_FILE, './domain/EVENT_DOMAIN_3.1.0.yaml#/components/schemas/event')
    : null;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_SECRET }, { webhooks: WEBHOOKS });
    customer = (await signInAs(t, 'customer')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await t.close();
  });

  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  };
  const subscribe = async (app: FastifyInstance, headers: Headers, body: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/dcsa/tnt/v3/event-subscriptions',
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().subscriptionID as string;
  };
  /** A new shipment, its booking's shipment events (received, confirmed) already written by the dispatcher. */
  const ship = async () => {
    const shipment = await trackedShipment(t, { customer, admin }, { prefix: 'WHK', serial: ++serial });
    await t.app.ctx.mail.flush();
    return shipment;
  };
  /** The deliveries of a subscription: status and attempts, oldest event first. */
  const deliveries = (subscriptionId: string) =>
    queryRows<{ eventId: string; status: string; attempts: number; lastError: string | null }>(
      t.database.db,
      sql`select e.event_id as "eventId", d.status, d.attempts, d.last_error as "lastError"
        from tracking_deliveries d join tracking_subscriptions s on s.id = d.subscription_id
        join tracking_events e on e.id = d.event_id
        where s.subscription_id = ${subscriptionId} order by d.event_id`,
    );
  /**
   * Flushes the worker(s) until every delivery of the subscription is settled (delivered or failed for good): waits on
   * that state, giving up after `limitMs` (a retry is due `retryBaseMs` after a failure, doubling).
   */
  const settle = async (subscriptionId: string, flush: () => Promise<unknown>, limitMs = 20_000) => {
    const until = Date.now() + limitMs;
    for (;;) {
      await flush();
      const rows = await deliveries(subscriptionId);
      if (rows.length > 0 && rows.every((row) => row.status !== 'PENDING')) return rows;
      if (Date.now() > until) throw new Error(`deliveries still pending: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const flushOne = () => t.app.ctx.webhooks.flush();
  const bodyOf = (request: Received) => JSON.parse(request.body) as DcsaTntEvent[];
  const eventIdOf = (request: Received) => bodyOf(request)[0]!.metadata.eventID;
  /** The receiver's side: the signature recomputed over the bytes received, with the secret's bytes. */
  const verifies = (request: Received, secret: string) =>
    request.headers['notification-signature'] ===
    `sha256=${createHmac('sha256', Buffer.from(secret, 'base64')).update(Buffer.from(request.body, 'utf8')).digest('hex')}`;

  it('POSTs each matching event, signed: the receiver verifies the HMAC of the exact body with the shared secret', async () => {
    const { containerNumber, booking } = await ship();
    const hook = await receiver();
    const secret = newSecret();
    const subscriptionId = await subscribe(t.app, customer, {
      callbackUrl: hook.url,
      secret,
      equipmentReference: containerNumber,
    });
    const gateIn = await recordMove(t, admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: hoursAgo(6),
    });
    await settle(subscriptionId, flushOne);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request!.status).toBe(204);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'subscription-id': subscriptionId,
      'api-version': '3.0.0-Beta-1',
      'idempotency-key': gateIn,
      'notification-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    });
    expect(verifies(request!, secret)).toBe(true);
    // Another secret, or one changed byte of the body, does not verify.
    expect(verifies(request!, newSecret())).toBe(false);
    expect(verifies({ ...request!, body: request!.body.replace('GTIN', 'GTOT') }, secret)).toBe(false);
    // The standard's callback body: an array of events, here the one event.
    const body = bodyOf(request!);
    expect(body).toHaveLength(1);
    expect(body[0]!.metadata.eventID).toBe(gateIn);
    expect(body[0]!.payload).toMatchObject({
      equipmentEventTypeCode: 'GTIN',
      equipmentReference: containerNumber,
      relatedDocumentReferences: expect.arrayContaining([{ type: 'BKG', value: booking.number }]),
    });
    if (eventSchema) expect(eventSchema.paths(body[0])).toEqual([]);

    // After a secret rotation, the next push is signed with the new secret.
    const rotated = newSecret(64);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/dcsa/tnt/v3/event-subscriptions/${subscriptionId}/secret`,
      headers: customer,
      payload: { secret: rotated },
    });
    expect(res.statusCode).toBe(204);
    await recordMove(t, admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'LOAD',
      eventDateTime: hoursAgo(2),
    });
    await settle(subscriptionId, flushOne);
    expect(hook.received).toHaveLength(2);
    expect(verifies(hook.received[1]!, rotated)).toBe(true);
    expect(verifies(hook.received[1]!, secret)).toBe(false);
  });

  it('pushes a customer only their own shipments’ events, and every caller the vessels’ arrivals and departures', async () => {
    const { containerNumber, sailing } = await ship();
    const mine = await receiver();
    const theirs = await receiver();
    const own = await subscribe(t.app, customer, { callbackUrl: mine.url, secret: newSecret() });
    const other = await subscribe(t.app, customer2, { callbackUrl: theirs.url, secret: newSecret() });
    // customer2 subscribes to the container by its number: it is not theirs, so nothing of it comes.
    const snooping = await subscribe(t.app, customer2, {
      callbackUrl: theirs.url,
      secret: newSecret(),
      equipmentReference: containerNumber,
    });
    await recordMove(t, admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: hoursAgo(8),
    });
    const voyage = (
      await t.app.inject({ method: 'GET', url: `/cp/admin/voyages/${sailing.voyageId}/`, headers: admin })
    ).json();
    const loading = voyage.calls.find((c: { port: { code: string } }) => c.port.code === 'INNSA');
    const actuals = await t.app.inject({
      method: 'POST',
      url: `/cp/admin/voyages/${sailing.voyageId}/calls/${loading.sequence}/actuals/`,
      headers: admin,
      payload: { ata: hoursAgo(3), version: voyage.version },
    });
    expect(actuals.statusCode, actuals.body).toBe(200);
    await settle(own, flushOne);
    await settle(other, flushOne);
    const kinds = (hook: { received: Received[] }) =>
      hook.received.map((r) => {
        const [event] = bodyOf(r);
        return `${event!.metadata.eventType}:${String(event!.payload?.equipmentReference ?? event!.payload?.transportEventTypeCode)}`;
      });
    expect(kinds(mine)).toEqual([`EQUIPMENT:${containerNumber}`, 'TRANSPORT:ARRI']);
    expect(kinds(theirs)).toEqual(['TRANSPORT:ARRI']);
    expect(await deliveries(snooping)).toEqual([]);
  });

  it('delivers once across a receiver outage: 500, then the retry is taken; nothing is sent again', async () => {
    const { containerNumber } = await ship();
    let down = true;
    const hook = await receiver(() => (down ? 500 : 204));
    const subscriptionId = await subscribe(t.app, customer, {
      callbackUrl: hook.url,
      secret: newSecret(),
      equipmentReference: containerNumber,
    });
    const eventId = await recordMove(t, admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: hoursAgo(4),
    });
    await flushOne();
    expect(hook.received.map((r) => r.status)).toEqual([500]);
    expect(await deliveries(subscriptionId)).toMatchObject([
      { eventId, status: 'PENDING', attempts: 1, lastError: 'the receiver answered 500' },
    ]);
    down = false;
    expect(await settle(subscriptionId, flushOne)).toMatchObject([
      { eventId, status: 'DELIVERED', attempts: 2 },
    ]);
    for (let i = 0; i < 3; i++) await flushOne();
    expect(hook.received.map((r) => [r.status, eventIdOf(r)])).toEqual([
      [500, eventId],
      [204, eventId],
    ]);
    // A receiver that is not listening at all (connection refused) is retried the same way.
    const gone = await receiver();
    await gone.close();
    const unreachable = await subscribe(t.app, customer, {
      callbackUrl: gone.url,
      secret: newSecret(),
      equipmentReference: containerNumber,
    });
    await recordMove(t, admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'LOAD',
      eventDateTime: hoursAgo(1),
    });
    await flushOne();
    expect(await deliveries(unreachable)).toMatchObject([
      { status: 'PENDING', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) },
    ]);
  });

  it('keeps a container’s events in order: a later one waits while an earlier one is retried; other containers go on', async () => {
    const first = await ship();
    const second = await ship();
    const failedOnce = new Set<string>();
    let firstEvent = '';
    const hook = await receiver(({ body }) => {
      const id = JSON.parse(body)[0].metadata.eventID as string;
      if (id === firstEvent && !failedOnce.has(id)) {
        failedOnce.add(id);
        return 503;
      }
      return 204;
    });
    const subscriptionId = await subscribe(t.app, customer, {
      callbackUrl: hook.url,
      secret: newSecret(),
      eventTypes: ['EQUIPMENT'],
    });
    const moves: string[] = [];
    for (const [code, hours] of [
      ['GTOT', 30],
      ['GTIN', 20],
      ['LOAD', 2],
    ] as const)
      moves.push(
        await recordMove(t, admin, {
          equipmentReference: first.containerNumber,
          equipmentEventTypeCode: code,
          emptyIndicatorCode: code === 'GTOT' ? 'EMPTY' : 'LADEN',
          eventDateTime: hoursAgo(hours),
        }),
      );
    firstEvent = moves[0]!;
    const otherContainer = await recordMove(t, admin, {
      equipmentReference: second.containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: hoursAgo(10),
    });
    await settle(subscriptionId, flushOne);
    const sent = hook.received.map((r) => [eventIdOf(r), r.status]);
    // The other container's event went while the first container's first event waited for its retry.
    expect(sent).toEqual([
      [moves[0], 503],
      [otherContainer, 204],
      [moves[0], 204],
      [moves[1], 204],
      [moves[2], 204],
    ]);
  });

  it('in production, re-checks where the callback points at every delivery (a name now resolving to loopback is refused)', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET }, { webhooks: WEBHOOKS });
    try {
      const prodAdmin = (await signInAs(prod, 'admin')).headers;
      const prodCustomer = (await signInAs(prod, 'customer')).headers;
      const hook = await receiver();
      // Accepted while it pointed at a public address; its name resolves to the machine itself by the time it is sent.
      const rebound = await subscribe(prod.app, prodCustomer, {
        callbackUrl: 'https://93.184.215.14/hook',
        secret: newSecret(),
        eventTypes: ['TRANSPORT'],
      });
      const literal = await subscribe(prod.app, prodCustomer, {
        callbackUrl: 'https://93.184.215.15/hook',
        secret: newSecret(),
        eventTypes: ['TRANSPORT'],
      });
      await queryRows(
        prod.database.db,
        sql`update tracking_subscriptions set callback_url = case subscription_id
            when ${rebound}::uuid then ${`https://localhost:${hook.port}/hook`}
            else ${`https://127.0.0.1:${hook.port}/hook`} end
          where subscription_id in (${rebound}::uuid, ${literal}::uuid)`,
      );
      const [call] = await queryRows<{ voyageId: number; sequence: number; version: number }>(
        prod.database.db,
        sql`select v.id as "voyageId", tc.sequence, v.version from voyages v join transport_calls tc on tc.voyage_id = v.id
          where tc.status = 'SCHEDULED' order by tc.eta limit 1`,
      );
      const actuals = await prod.app.inject({
        method: 'POST',
        url: `/cp/admin/voyages/${call!.voyageId}/calls/${call!.sequence}/actuals/`,
        headers: prodAdmin,
        payload: { ata: hoursAgo(1), version: call!.version },
      });
      expect(actuals.statusCode, actuals.body).toBe(200);
      await prod.app.ctx.webhooks.flush();
      const rows = await queryRows<{ status: string; attempts: number; lastError: string }>(
        prod.database.db,
        sql`select d.status, d.attempts, d.last_error as "lastError" from tracking_deliveries d
          join tracking_subscriptions s on s.id = d.subscription_id order by s.id`,
      );
      // Refused before any connection, and retried later (a name may point elsewhere again): never sent.
      expect(rows).toEqual([
        {
          status: 'PENDING',
          attempts: expect.any(Number),
          lastError: 'localhost resolves to a special address',
        },
        { status: 'PENDING', attempts: expect.any(Number), lastError: '127.0.0.1 is not a public address' },
      ]);
      expect(rows.every((row) => row.attempts >= 1)).toBe(true);
      expect(hook.received).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  describe('two instances on one database', () => {
    it('never send the same delivery twice when both work at once', async () => {
      const shipments = [await ship(), await ship(), await ship()];
      // A slow receiver: each instance holds its claimed delivery while the other claims the next.
      const hook = await receiver(async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        return 204;
      });
      const subscriptionId = await subscribe(t.app, customer, {
        callbackUrl: hook.url,
        secret: newSecret(),
        eventTypes: ['EQUIPMENT'],
      });
      const recorded: string[] = [];
      for (const { containerNumber } of shipments)
        for (const [code, hours] of [
          ['GTIN', 12],
          ['LOAD', 3],
        ] as const)
          recorded.push(
            await recordMove(t, admin, {
              equipmentReference: containerNumber,
              equipmentEventTypeCode: code,
              eventDateTime: hoursAgo(hours),
            }),
          );
      const two = await createTwoInstances(t.database, { SESSION_SECRET }, { webhooks: WEBHOOKS });
      try {
        await settle(subscriptionId, () =>
          Promise.all([two.apps[0].ctx.webhooks.flush(), two.apps[1].ctx.webhooks.flush()]),
        );
      } finally {
        await two.close();
      }
      const ids = hook.received.map(eventIdOf);
      expect([...ids].sort()).toEqual([...recorded].sort());
      expect(new Set(ids).size).toBe(ids.length);
      // Each container's two events in their order.
      for (let i = 0; i < recorded.length; i += 2)
        expect(ids.indexOf(recorded[i]!)).toBeLessThan(ids.indexOf(recorded[i + 1]!));
    });

    it('sends a delivery left pending by an instance that stopped, once, from the instance that goes on', async () => {
      const { containerNumber } = await ship();
      // The receiver is down while the first instance tries.
      const down = await receiver();
      const port = down.port;
      await down.close();
      const subscriptionId = await subscribe(t.app, customer, {
        callbackUrl: `http://127.0.0.1:${port}/hook`,
        secret: newSecret(),
        equipmentReference: containerNumber,
      });
      const eventId = await recordMove(t, admin, {
        equipmentReference: containerNumber,
        equipmentEventTypeCode: 'GTIN',
        eventDateTime: hoursAgo(7),
      });
      const two = await createTwoInstances(t.database, { SESSION_SECRET }, { webhooks: WEBHOOKS });
      try {
        await two.apps[0].ctx.webhooks.flush();
        expect(await deliveries(subscriptionId)).toMatchObject([{ eventId, status: 'PENDING', attempts: 1 }]);
        // The first instance stops (a restart); the receiver comes back; the other instance sends it.
        await two.apps[0].close();
        const back = await receiver(() => 204, port);
        expect(await settle(subscriptionId, () => two.apps[1].ctx.webhooks.flush())).toMatchObject([
          { eventId, status: 'DELIVERED', attempts: 2 },
        ]);
        for (let i = 0; i < 3; i++) await two.apps[1].ctx.webhooks.flush();
        expect(back.received.map(eventIdOf)).toEqual([eventId]);
      } finally {
        await two.apps[1].close();
        await two.second?.close();
      }
    });

    it.runIf(Boolean(process.env.DATABASE_URL?.startsWith('postgres')))(
      'PostgreSQL: an instance that dies between the POST and its commit leaves the delivery pending; the resend carries the same Idempotency-Key',
      async () => {
        const { containerNumber } = await ship();
        const secret = newSecret();
        const killer = new pg.Client({ connectionString: t.database.url });
        await killer.connect();
        let first = true;
        // On the first request, the connection of the sending instance's transaction is cut before the answer: as
        // if the process died after the receiver took the event.
        const hook = await receiver(async () => {
          if (first) {
            first = false;
            await killer.query(
              `select pg_terminate_backend(l.pid) from pg_locks l join pg_class c on c.oid = l.relation
                where c.relname = 'tracking_deliveries' and l.mode = 'RowShareLock' and l.pid <> pg_backend_pid()`,
            );
          }
          return 204;
        });
        const subscriptionId = await subscribe(t.app, customer, {
          callbackUrl: hook.url,
          secret,
          equipmentReference: containerNumber,
        });
        const eventId = await recordMove(t, admin, {
          equipmentReference: containerNumber,
          equipmentEventTypeCode: 'GTIN',
          eventDateTime: hoursAgo(9),
        });
        const two = await createTwoInstances(t.database, { SESSION_SECRET }, { webhooks: WEBHOOKS });
        try {
          await expect(two.apps[0].ctx.webhooks.flush()).rejects.toThrow();
          // The claim and the mark were one transaction: it never committed, so the delivery is still pending.
          expect(await deliveries(subscriptionId)).toMatchObject([
            { eventId, status: 'PENDING', attempts: 0 },
          ]);
          expect(await settle(subscriptionId, () => two.apps[1].ctx.webhooks.flush())).toMatchObject([
            { eventId, status: 'DELIVERED', attempts: 1 },
          ]);
        } finally {
          await two.close();
          await killer.end();
        }
        // Sent twice, identically: the receiver recognises the second by its Idempotency-Key (the eventID).
        expect(hook.received).toHaveLength(2);
        expect(hook.received.map((r) => r.headers['idempotency-key'])).toEqual([eventId, eventId]);
        expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
        expect(hook.received.every((r) => verifies(r, secret))).toBe(true);
      },
    );
  });
});
