import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withCheckDigit } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { upcomingSailing } from './sailings';
import type { TestApp } from './test-app';

type Headers = { authorization: string };
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An ISO date-time `hours` ago, to the second (an actual event's time). */
export const hoursAgo = (hours: number) =>
  new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A customer's confirmed booking INNSA -> AEJEA on an upcoming demo sailing, with one new container numbered
 * `<prefix>U` + serial (its check digit added): what track-and-trace events are recorded against.
 */
export async function trackedShipment(
  t: TestApp,
  who: { customer: Headers; admin: Headers },
  container: { prefix: string; serial: number },
) {
  const post = async (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const [ports] = await queryRows<{ innsa: number; aejea: number; hs: number }>(
    t.database.db,
    sql`select (select id from ports where code = 'INNSA') as innsa, (select id from ports where code = 'AEJEA') as aejea,
      (select id from hs_codes where length(code) = 6 order by code limit 1) as hs`,
  );
  const quotation = (
    await post('/cp/quotations/', who.customer, {
      polId: ports!.innsa,
      podId: ports!.aejea,
      cargoType: 'GEN',
      hsCode: ports!.hs,
      equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 18000, weightUnit: 'kg' }],
      cargoReadyDate: inDays(3),
    })
  ).json();
  if (quotation.status === 'REQUESTED') {
    const priced = await post(`/cp/quotations/${quotation.id}/price/`, who.admin, {
      currency: 'USD',
      validUntil: inDays(5),
      charges: [
        { code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_BL', quantity: 1, unitAmount: '900.00' },
      ],
    });
    if (priced.statusCode !== 200) throw new Error(`price: ${priced.statusCode} ${priced.body}`);
  }
  const booking = (await post(`/cp/quotations/${quotation.id}/accept/`, who.customer)).json() as {
    id: number;
    number: string;
  };
  const sailing = await upcomingSailing(t, who.admin, { skip: 1 });
  const containerNumber = withCheckDigit(`${container.prefix}U${String(container.serial).padStart(6, '0')}`);
  const confirmed = await post(`/cp/bookings/${booking.id}/confirm/`, who.admin, {
    voyageId: sailing.voyageId,
    containers: [{ containerNumber, isoCode: '22G1', tareWeight: 2200 }],
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const [bill] = await queryRows<{ id: number; number: string }>(
    t.database.db,
    sql`select id, number from bills_of_lading where booking_id = ${booking.id}`,
  );
  return { booking, bill: bill!, containerNumber, sailing };
}

/** Records one actual equipment event as carrier staff; answers its eventID. */
export async function recordMove(
  t: TestApp,
  admin: Headers,
  move: {
    equipmentReference: string;
    equipmentEventTypeCode: string;
    UNLocationCode?: string;
    emptyIndicatorCode?: 'EMPTY' | 'LADEN';
    eventDateTime?: string;
    facilitySMDGCode?: string;
    facilityTypeCode?: string;
    retractedEventID?: string;
  },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/cp/admin/equipment-events/',
    headers: admin,
    payload: {
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(5),
      UNLocationCode: 'INNSA',
      emptyIndicatorCode: 'LADEN',
      ...move,
    },
  });
  if (res.statusCode !== 201) throw new Error(`record: ${res.statusCode} ${res.body}`);
  return res.json().eventId;
}

/** A request a receiver got: its headers and the exact body text. */
export type Received = { headers: IncomingHttpHeaders; body: string; status: number };

/**
 * A webhook receiver on 127.0.0.1 (port 0): records every request and answers the status `answer` gives (204 by
 * default; it may wait before answering). `close()` stops it; `url` is where it listens.
 */
export async function startReceiver(
  answer: (
    request: { headers: IncomingHttpHeaders; body: string },
    index: number,
  ) => number | Promise<number> = () => 204,
  port = 0,
) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const index = received.length;
      const entry: Received = { headers: request.headers, body, status: 0 };
      received.push(entry);
      entry.status = await answer({ headers: request.headers, body }, index);
      response.statusCode = entry.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    url: `http://127.0.0.1:${address.port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A subscription's secret: base64 of `bytes` random bytes. */
export const newSecret = (bytes = 48) => randomBytes(bytes).toString('base64');
