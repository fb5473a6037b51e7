import type { DcsaTntEvent, DcsaTntSubscription } from '@lading/contract/dcsa-tnt';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { HAS_TNT_FILES, officialValidator, TNT_FILE } from '../../test/dcsa-official';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hoursAgo, newSecret, recordMove, trackedShipment } from '../../test/tracked-shipment';
import { callbackUrlProblem, SPECIAL_ADDRESS_MESSAGE, specialRange } from './callback-url';

type Headers = { authorization: string };
type Event = DcsaTntEvent & { payload?: Record<string, unknown> };

/**
 * DCSA Track & Trace 3.0.0-Beta-1 (issue 30, decision 029): the events feed and one event, read within the caller's
 * scope, answered valid against the official EVENT_DOMAIN 3.1.0 `event`; the standard's filters and the Next-Page
 * cursor; the subscriptions of a caller (the secret never answered); where a callback URL may point.
 */
describe('DCSA Track & Trace: events and subscriptions', () => {
  let t: TestApp;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  let branch: Headers;
  let serial = 100;
  const eventSchema = HAS_TNT_FILES
    ? officialValidator(TNT_FILE, './domain/EVENT_DOMAIN_3.1.0.yaml#/components/schemas/event')
    : null;
  const subscriptionSchema = HAS_TNT_FILES ? officialValidator(TNT_FILE, 'subscription') : null;

  /** The shipment every read below looks at, and its events' ids. */
  let shipment: Awaited<ReturnType<typeof trackedShipment>>;
  const ids = { emptyPickUp: '', gateIn: '', gateInCorrected: '', load: '' };
  let callReference = '';

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;

    shipment = await trackedShipment(t, { customer, admin }, { prefix: 'TNT', serial: ++serial });
    const container = shipment.containerNumber;
    ids.emptyPickUp = await recordMove(t, admin, {
      equipmentReference: container,
      equipmentEventTypeCode: 'GTOT',
      emptyIndicatorCode: 'EMPTY',
      facilityTypeCode: 'DEPO',
      eventDateTime: hoursAgo(40),
    });
    ids.gateIn = await recordMove(t, admin, {
      equipmentReference: container,
      equipmentEventTypeCode: 'GTIN',
      facilitySMDGCode: 'NSICT',
      eventDateTime: hoursAgo(30),
    });
    // A correction: the gate-in's time was wrong (a retraction, then the corrected event).
    ids.gateInCorrected = await recordMove(t, admin, {
      equipmentReference: container,
      equipmentEventTypeCode: 'GTIN',
      facilitySMDGCode: 'NSICT',
      eventDateTime: hoursAgo(29),
      retractedEventID: ids.gateIn,
    });
    ids.load = await recordMove(t, admin, {
      equipmentReference: container,
      equipmentEventTypeCode: 'LOAD',
      eventDateTime: hoursAgo(3),
    });
    // The vessel's actual arrival and departure at the port of loading: transport events.
    const voyage = (
      await t.app.inject({
        method: 'GET',
        url: `/cp/admin/voyages/${shipment.sailing.voyageId}/`,
        headers: admin,
      })
    ).json();
    const loading = voyage.calls.find((c: { port: { code: string } }) => c.port.code === 'INNSA');
    const actuals = await t.app.inject({
      method: 'POST',
      url: `/cp/admin/voyages/${shipment.sailing.voyageId}/calls/${loading.sequence}/actuals/`,
      headers: admin,
      payload: { ata: hoursAgo(4), atd: hoursAgo(2), version: voyage.version },
    });
    expect(actuals.statusCode, actuals.body).toBe(200);
    // The booking's and bill's domain events become shipment events (the dispatcher runs before the mail).
    await t.app.ctx.mail.flush();
    const load = await t.app.inject({
      method: 'GET',
      url: `/dcsa/tnt/v3/events/${ids.load}`,
      headers: admin,
    });
    callReference = load.json().payload.transportCall.transportCallReference;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const events = async (query: string, headers: Headers = customer): Promise<Event[]> => {
    const res = await get(`/dcsa/tnt/v3/events${query ? `?${query}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['api-version']).toBe('3.0.0-Beta-1');
    return res.json();
  };
  const idsOf = (list: Event[]) => list.map((e) => e.metadata.eventID);
  /** A 400 in the standard's error body, naming `field`. */
  const expectRefused = (res: LightMyRequestResponse, field: string, message?: RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      statusCodeText: 'Bad Request',
      httpMethod: expect.any(String),
    });
    expect(typeof body.errorDateTime).toBe('string');
    const named = body.errors.find((e: { field?: string }) => e.field === field);
    expect(named, res.body).toBeDefined();
    if (message) expect(named.message).toMatch(message);
    if (HAS_TNT_FILES) {
      const errorSchema = officialValidator(
        TNT_FILE,
        './domain/ERROR_DOMAIN_2.0.0.yaml#/components/schemas/error',
      );
      expect(errorSchema.paths(body)).toEqual([]);
    }
  };
  const mine = (list: Event[]) =>
    list.filter(
      (e) =>
        e.payload?.equipmentReference === shipment.containerNumber ||
        (e.metadata.eventType === 'EQUIPMENT' && e.metadata.retractedEventID === ids.gateIn) ||
        e.payload?.documentReference === shipment.booking.number ||
        e.payload?.documentReference === shipment.bill.number ||
        (e.payload?.transportCall as { transportCallReference?: string } | undefined)
          ?.transportCallReference === callReference,
    );

  it.skipIf(!HAS_TNT_FILES)(
    'answers equipment, transport, shipment events and a retraction, each valid against the official event schema',
    async () => {
      const list = mine(await events('limit=1000', admin));
      const load = list.find((e) => e.metadata.eventID === ids.load)!;
      for (const event of list) expect(eventSchema!.paths(event), JSON.stringify(event)).toEqual([]);
      const kinds = new Set(
        list.map((e) =>
          e.metadata.retractedEventID ? `RETRACT ${e.metadata.eventType}` : e.metadata.eventType,
        ),
      );
      expect([...kinds].sort()).toEqual(['EQUIPMENT', 'RETRACT EQUIPMENT', 'SHIPMENT', 'TRANSPORT']);

      const byId = (id: string) => list.find((e) => e.metadata.eventID === id)!;
      for (const event of list) {
        expect(event.metadata).toMatchObject({
          publisher: { partyName: 'Lading', carrierCode: 'LDNG', carrierCodeListProvider: 'NMFTA' },
          publisherRole: 'CA',
        });
        // Created to the microsecond (a poller sends it back in eventCreatedDateTime:gt).
        expect(event.metadata.eventCreatedDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      }
      // Equipment: the container, its size-type, empty or laden, where (a depot by its place, a terminal by its SMDG
      // code), the booking and the bill.
      expect(byId(ids.emptyPickUp).payload).toMatchObject({
        eventType: 'EQUIPMENT',
        eventClassifierCode: 'ACT',
        equipmentEventTypeCode: 'GTOT',
        equipmentReference: shipment.containerNumber,
        ISOEquipmentCode: '22G1',
        emptyIndicatorCode: 'EMPTY',
        isTransshipmentMove: false,
        eventLocation: { locationType: 'UNLO', UNLocationCode: 'INNSA' },
        facilityTypeCode: 'DEPO',
        relatedDocumentReferences: [
          { type: 'BKG', value: shipment.booking.number },
          { type: 'TRD', value: shipment.bill.number },
        ],
      });
      // Local time at Nhava Sheva, with its offset.
      expect(byId(ids.emptyPickUp).payload!.eventDateTime).toMatch(/\+05:30$/);
      expect(byId(ids.gateInCorrected).payload!.eventLocation).toEqual({
        locationType: 'FACI',
        locationName: expect.any(String),
        UNLocationCode: 'INNSA',
        facilityCode: 'NSICT',
        facilityCodeListProvider: 'SMDG',
      });
      // A vessel move carries its transport call: vessel, voyage, service, sequence, place.
      expect(load.payload!.transportCall).toMatchObject({
        transportCallReference: expect.stringMatching(/-INNSA-\d+$/),
        transportCallSequenceNumber: expect.any(Number),
        modeOfTransport: 'VESSEL',
        location: { locationType: 'UNLO', UNLocationCode: 'INNSA' },
        carrierExportVoyageNumber: shipment.sailing.carrierVoyageNumber,
        carrierServiceCode: expect.any(String),
        vessel: { vesselIMONumber: expect.stringMatching(/^\d{7}$/), name: shipment.sailing.vesselName },
      });
      // The correction: the old event stays; a retraction names it and carries no payload.
      const retraction = list.find((e) => e.metadata.retractedEventID === ids.gateIn)!;
      expect(retraction.payload).toBeUndefined();
      expect(retraction.metadata.eventType).toBe('EQUIPMENT');
      expect(byId(ids.gateIn).payload).toMatchObject({ equipmentEventTypeCode: 'GTIN' });
      // Transport events: the call's actual arrival and departure.
      const transport = list.filter((e) => e.metadata.eventType === 'TRANSPORT');
      expect(
        transport.map((e) => [e.payload!.transportEventTypeCode, e.payload!.eventClassifierCode]),
      ).toEqual([
        ['ARRI', 'ACT'],
        ['DEPA', 'ACT'],
      ]);
      expect(transport[0]!.payload!.transportCall).toMatchObject({ transportCallReference: callReference });
      // Shipment events: the booking received and confirmed.
      const shipmentEvents = list.filter((e) => e.metadata.eventType === 'SHIPMENT');
      expect(
        shipmentEvents.map((e) => [e.payload!.shipmentEventTypeCode, e.payload!.documentTypeCode]),
      ).toEqual([
        ['RECE', 'BKG'],
        ['CONF', 'BKG'],
      ]);
      expect(shipmentEvents[0]!.payload).toMatchObject({ documentReference: shipment.booking.number });
      // One event by its id is the same, valid, event.
      const one = await get(`/dcsa/tnt/v3/events/${ids.load}`, customer);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toEqual(load);
      expect(eventSchema!.paths(one.json())).toEqual([]);
    },
  );

  it('filters by the standard’s parameters: AND between them, OR within a list; contradictions answer nothing', async () => {
    const container = shipment.containerNumber;
    const codes = (list: Event[]) =>
      list.map((e) =>
        e.metadata.retractedEventID
          ? 'retraction'
          : String(
              e.payload!.equipmentEventTypeCode ??
                e.payload!.transportEventTypeCode ??
                e.payload!.shipmentEventTypeCode,
            ),
      );
    expect(codes(await events(`equipmentReference=${container}`))).toEqual([
      'GTOT',
      'GTIN',
      'retraction',
      'GTIN',
      'LOAD',
    ]);
    // Written with spaces and in lower case, as on papers.
    expect(
      codes(
        await events(
          `equipmentReference=${encodeURIComponent(container.toLowerCase().replace(/(\d)/, ' $1'))}`,
        ),
      ),
    ).toHaveLength(5);
    expect(codes(await events(`equipmentReference=${container}&equipmentEventTypeCodes=GTOT,LOAD`))).toEqual([
      'GTOT',
      'LOAD',
    ]);
    expect(codes(await events(`documentTypeCodes=BKG&documentReference=${shipment.booking.number}`))).toEqual(
      ['RECE', 'CONF'],
    );
    expect(
      codes(await events(`shipmentEventTypeCodes=CONF&documentReference=${shipment.booking.number}`)),
    ).toEqual(['CONF']);
    expect(
      codes(await events(`eventTypes=SHIPMENT,EQUIPMENT&documentReference=${shipment.booking.number}`)),
    ).toEqual(['RECE', 'CONF']);
    // The call: its arrival and departure, and the container's load there.
    const ref = encodeURIComponent(callReference);
    expect(codes(await events(`transportCallReference=${ref}`))).toEqual(
      expect.arrayContaining(['LOAD', 'ARRI', 'DEPA']),
    );
    expect(codes(await events(`transportCallReference=${ref}&transportEventTypeCodes=ARRI`))).toEqual([
      'ARRI',
    ]);
    expect(codes(await events(`transportCallReference=${ref}&equipmentReference=${container}`))).toEqual([
      'LOAD',
    ]);
    const voyage = shipment.sailing.carrierVoyageNumber;
    const service = callReference.split('-')[0];
    expect(
      codes(
        await events(
          `carrierExportVoyageNumber=${voyage}&carrierServiceCode=${service}&eventTypes=TRANSPORT`,
        ),
      ),
    ).toEqual(expect.arrayContaining(['ARRI', 'DEPA']));
    expect(
      codes(await events(`carrierExportVoyageNumber=${voyage}&equipmentReference=${container}`)),
    ).toEqual(['LOAD']);
    expect(codes(await events(`UNLocationCode=INNSA&equipmentReference=${container}`))).toHaveLength(5);
    expect(codes(await events(`UNLocationCode=AEJEA&equipmentReference=${container}`))).toEqual([]);
    // Mutually contradicting filters, a reference we never publish, a call that is not ours: nothing.
    expect(await events(`shipmentEventTypeCodes=DRFT&equipmentEventTypeCodes=GTIN`)).toEqual([]);
    expect(await events(`equipmentReference=${container}&universalServiceReference=SR12345A`)).toEqual([]);
    expect(await events(`transportCallReference=NOT-A-CALL`)).toEqual([]);

    // eventCreatedDateTime with its operators (AND between two of them); none is "equal". Events appended in one
    // transaction (a retraction and its correction) were created at the same instant.
    const list = await events(`equipmentReference=${container}`);
    const created = list.map((e) => e.metadata.eventCreatedDateTime);
    expect(created[2]).toBe(created[3]);
    expect(new Set(created).size).toBe(4);
    const at = encodeURIComponent(created[1]!);
    const since = (query: string) => events(`equipmentReference=${container}&${query}`);
    expect(idsOf(await since(`eventCreatedDateTime:gte=${at}`))).toEqual(idsOf(list.slice(1)));
    expect(idsOf(await since(`eventCreatedDateTime:gt=${at}`))).toEqual(idsOf(list.slice(2)));
    expect(idsOf(await since(`eventCreatedDateTime:lt=${at}`))).toEqual(idsOf(list.slice(0, 1)));
    expect(idsOf(await since(`eventCreatedDateTime:lte=${at}`))).toEqual(idsOf(list.slice(0, 2)));
    expect(idsOf(await since(`eventCreatedDateTime=${at}`))).toEqual(idsOf([list[1]!]));
    expect(idsOf(await since(`eventCreatedDateTime:eq=${encodeURIComponent(created[2]!)}`))).toEqual(
      idsOf(list.slice(2, 4)),
    );
    expect(
      idsOf(
        await events(
          `equipmentReference=${container}&eventCreatedDateTime:gt=${encodeURIComponent(created[0]!)}&eventCreatedDateTime:lt=${encodeURIComponent(created[4]!)}`,
        ),
      ),
    ).toEqual(idsOf(list.slice(1, 4)));
    // The same instant written with an offset.
    const instant = new Date(Date.parse(created[0]!) - 1000);
    const local = new Date(instant.getTime() + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
    expect(
      await events(`equipmentReference=${container}&eventCreatedDateTime:lte=${encodeURIComponent(local)}`),
    ).toEqual([]);
    // eventDateTime: when it happened (the load, 3 hours ago; the rest earlier).
    expect(
      codes(
        await events(`equipmentReference=${container}&eventDateTime:gte=${encodeURIComponent(hoursAgo(10))}`),
      ),
    ).toEqual(['LOAD']);
  });

  it('refuses a bad parameter with a 400 in the standard’s error body naming it', async () => {
    const refused = async (
      query: string,
      field: string,
      message?: RegExp,
      headers: Record<string, string> = {},
    ) => expectRefused(await get(`/dcsa/tnt/v3/events?${query}`, customer, headers), field, message);
    await refused('eventTypes=SHIPMENT,PARCEL', 'eventTypes', /EQUIPMENT, TRANSPORT, SHIPMENT/);
    await refused('equipmentEventTypeCodes=', 'equipmentEventTypeCodes');
    await refused('limit=0', 'limit');
    await refused('limit=1001', 'limit');
    await refused('UNLocationCode=innsa', 'UNLocationCode');
    await refused('vesselIMONumber=12345', 'vesselIMONumber');
    await refused('eventCreatedDateTime:gte=yesterday', 'eventCreatedDateTime:gte', /offset/);
    // A + sent unencoded arrives as a space.
    await refused('eventCreatedDateTime:gt=2026-04-01T10:00:00+05:30', 'eventCreatedDateTime:gt', /%2B/);
    await refused('eventDateTime:lt=0000-01-01T00:00:00Z', 'eventDateTime:lt', /1900/);
    await refused('cursor=not-ours', 'cursor');
    await refused('limit=1', 'API-Version', /3/, { 'api-version': '2' });
    // The version we are is accepted, as the major version alone.
    expect((await get('/dcsa/tnt/v3/events?limit=1', customer, { 'api-version': '3' })).statusCode).toBe(200);
  });

  it('pages with Next-Page: the link carries the filters and an opaque cursor; following it gives every event once', async () => {
    const container = shipment.containerNumber;
    const whole = await events(`equipmentReference=${container}`);
    const seen: Event[] = [];
    let url: string | undefined = `/dcsa/tnt/v3/events?equipmentReference=${container}&limit=2`;
    let pages = 0;
    while (url) {
      const res = await get(url, customer);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json());
      pages++;
      const next = res.headers['next-page'] as string | undefined;
      if (next) {
        expect(next.startsWith(t.app.ctx.env.publicUrl)).toBe(true);
        const link = new URL(next);
        expect(link.searchParams.get('equipmentReference')).toBe(container);
        expect(link.searchParams.get('limit')).toBe('2');
        url = `${link.pathname}${link.search}`;
      } else url = undefined;
    }
    expect(pages).toBe(3);
    expect(idsOf(seen)).toEqual(idsOf(whole));
    // The first page's cursor with other filters is refused.
    const first = await get(`/dcsa/tnt/v3/events?equipmentReference=${container}&limit=2`, customer);
    const cursor = new URL(first.headers['next-page'] as string).searchParams.get('cursor')!;
    expectRefused(
      await get(`/dcsa/tnt/v3/events?eventTypes=EQUIPMENT&limit=2&cursor=${cursor}`, customer),
      'cursor',
      /other filters/,
    );
    // A cursor written by hand (another position, a forged id) is refused, never read as SQL.
    const forged = Buffer.from(JSON.stringify({ t: "2026-01-01T00:00:00.000000Z'", i: 1, f: 'x' })).toString(
      'base64url',
    );
    expectRefused(await get(`/dcsa/tnt/v3/events?cursor=${forged}`, customer), 'cursor');
  });

  it('keeps a customer to their own shipments: another company’s container or document is an empty list, its event a 404', async () => {
    const container = shipment.containerNumber;
    expect(await events(`equipmentReference=${container}`, customer2)).toEqual([]);
    expect(await events(`documentReference=${shipment.booking.number}`, customer2)).toEqual([]);
    expect(
      await events(`documentReference=${shipment.booking.number}&documentTypeCodes=BKG`, customer2),
    ).toEqual([]);
    expect((await get(`/dcsa/tnt/v3/events/${ids.load}`, customer2)).statusCode).toBe(404);
    expect((await get(`/dcsa/tnt/v3/events/${ids.gateIn}`, customer2)).statusCode).toBe(404);
    // Nor in the unfiltered feed; the vessel's arrival and departure are schedule facts everyone reads.
    const all = await events('limit=1000', customer2);
    expect(all.some((e) => e.payload?.equipmentReference === container)).toBe(false);
    expect(all.some((e) => e.payload?.documentReference === shipment.booking.number)).toBe(false);
    const transport = all.filter(
      (e) =>
        (e.payload?.transportCall as { transportCallReference?: string } | undefined)
          ?.transportCallReference === callReference,
    );
    expect(transport.map((e) => e.payload!.transportEventTypeCode)).toEqual(['ARRI', 'DEPA']);
    expect((await get(`/dcsa/tnt/v3/events/${transport[0]!.metadata.eventID}`, customer2)).statusCode).toBe(
      200,
    );
    // A branch of another office sees none of it; the corporate office all of it.
    expect(await events(`equipmentReference=${container}`, branch)).toEqual([]);
    expect(await events(`equipmentReference=${container}`, admin)).toHaveLength(5);
    // An id that is not a UUID, and one no event has: 404 alike.
    expect((await get('/dcsa/tnt/v3/events/not-an-id', customer)).statusCode).toBe(404);
    expect((await get('/dcsa/tnt/v3/events/00000000-0000-4000-8000-000000000000', customer)).statusCode).toBe(
      404,
    );
    // Anonymous: 401 in the portal's shape.
    const anonymous = await t.app.inject({ method: 'GET', url: '/dcsa/tnt/v3/events' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  describe('subscriptions', () => {
    const base = '/dcsa/tnt/v3/event-subscriptions';
    const send = (
      method: 'POST' | 'PUT' | 'DELETE' | 'GET',
      url: string,
      headers: Headers,
      payload?: object,
    ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('creates, lists, reads, replaces, rotates the secret of and deletes a subscription; the secret is never answered', async () => {
      const secret = newSecret();
      const created = await send('POST', base, customer, {
        callbackUrl: 'https://receiver.example.com/tnt?shipper=ACME',
        secret,
        eventTypes: ['EQUIPMENT', 'SHIPMENT'],
        equipmentEventTypeCodes: ['GTIN', 'LOAD', 'GTIN'],
        equipmentReference: shipment.containerNumber,
        transportCallReference: callReference,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['api-version']).toBe('3.0.0-Beta-1');
      const subscription: DcsaTntSubscription = created.json();
      expect(subscription).toEqual({
        subscriptionID: expect.stringMatching(/^[0-9a-f-]{36}$/),
        subscriptionCreatedDateTime: expect.any(String),
        subscriptionUpdatedDateTime: expect.any(String),
        callbackUrl: 'https://receiver.example.com/tnt?shipper=ACME',
        eventTypes: ['EQUIPMENT', 'SHIPMENT'],
        equipmentEventTypeCodes: ['GTIN', 'LOAD'],
        equipmentReference: shipment.containerNumber,
        transportCallReference: callReference,
      });
      expect(created.headers.location).toBe(`${base}/${subscription.subscriptionID}`);
      if (subscriptionSchema) expect(subscriptionSchema.paths(subscription)).toEqual([]);
      const url = `${base}/${subscription.subscriptionID}`;

      const list = await send('GET', base, customer);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((s: DcsaTntSubscription) => s.subscriptionID)).toContain(
        subscription.subscriptionID,
      );
      expect((await send('GET', url, customer)).json()).toEqual(subscription);

      // PUT replaces the whole subscription: a filter left out is removed.
      const replaced = await send('PUT', url, customer, {
        ...subscription,
        callbackUrl: 'https://receiver.example.com/tnt/v2',
        eventTypes: ['TRANSPORT'],
        equipmentEventTypeCodes: undefined,
        equipmentReference: undefined,
        transportCallReference: undefined,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toEqual({
        subscriptionID: subscription.subscriptionID,
        subscriptionCreatedDateTime: subscription.subscriptionCreatedDateTime,
        subscriptionUpdatedDateTime: expect.any(String),
        callbackUrl: 'https://receiver.example.com/tnt/v2',
        eventTypes: ['TRANSPORT'],
      });
      // The secret is not changed by a PUT of the subscription, nor given to one.
      expectRefused(
        await send('PUT', url, customer, {
          callbackUrl: 'https://receiver.example.com/x',
          secret: newSecret(),
        }),
        'secret',
        /PUT/,
      );
      expectRefused(
        await send('PUT', url, customer, {
          subscriptionID: '00000000-0000-4000-8000-000000000000',
          callbackUrl: 'https://receiver.example.com/x',
        }),
        'subscriptionID',
      );
      const [before] = await queryRows<{ sealed: string }>(
        t.database.db,
        sql`select secret_sealed::text as sealed from tracking_subscriptions where subscription_id = ${subscription.subscriptionID}`,
      );
      // Kept sealed (AES-GCM under SESSION_SECRET), not as sent.
      expect(before!.sealed).not.toContain(secret);
      const rotated = await send('PUT', `${url}/secret`, customer, { secret: newSecret(32) });
      expect(rotated.statusCode, rotated.body).toBe(204);
      const [after] = await queryRows<{ sealed: string }>(
        t.database.db,
        sql`select secret_sealed::text as sealed from tracking_subscriptions where subscription_id = ${subscription.subscriptionID}`,
      );
      expect(after!.sealed).not.toBe(before!.sealed);
      expectRefused(
        await send('PUT', `${url}/secret`, customer, { secret: 'c2hvcnQ=' }),
        'secret',
        /32 bytes/,
      );
      // No answer ever carries it.
      for (const res of [list, await send('GET', url, customer), await send('GET', base, customer)])
        expect(res.body).not.toContain('secret');

      const deleted = await send('DELETE', url, customer);
      expect(deleted.statusCode).toBe(204);
      expect((await send('GET', url, customer)).statusCode).toBe(404);
    });

    it('keeps subscriptions to their owner: another customer, a branch and the corporate office get 404', async () => {
      const created = await send('POST', base, customer, {
        callbackUrl: 'https://receiver.example.com/own',
        secret: newSecret(),
      });
      const url = `${base}/${created.json().subscriptionID}`;
      for (const other of [customer2, branch, admin]) {
        expect((await send('GET', url, other)).statusCode).toBe(404);
        expect(
          (await send('PUT', url, other, { callbackUrl: 'https://attacker.example.com/' })).statusCode,
        ).toBe(404);
        expect((await send('PUT', `${url}/secret`, other, { secret: newSecret() })).statusCode).toBe(404);
        expect((await send('DELETE', url, other)).statusCode).toBe(404);
        const listed = (await send('GET', base, other)).json() as DcsaTntSubscription[];
        expect(listed.map((s) => s.subscriptionID)).not.toContain(created.json().subscriptionID);
      }
      expect((await send('GET', url, customer)).json().callbackUrl).toBe('https://receiver.example.com/own');
      expect((await send('GET', `${base}/not-a-uuid`, customer)).statusCode).toBe(404);
    });

    it('refuses a bad subscription body naming the field, and writes nothing', async () => {
      const count = async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from tracking_subscriptions`,
          )
        )[0]!.n;
      const before = await count();
      const good = { callbackUrl: 'https://receiver.example.com/hook', secret: newSecret() };
      const cases: [object, string, RegExp?][] = [
        [{ secret: good.secret }, 'callbackUrl'],
        [{ ...good, callbackUrl: 'ftp://receiver.example.com/' }, 'callbackUrl', /https/],
        [{ ...good, callbackUrl: 'https://user:pw@receiver.example.com/' }, 'callbackUrl', /user name/],
        [{ ...good, callbackUrl: 'https://receiver.example.com/#x' }, 'callbackUrl', /fragment/],
        [{ callbackUrl: good.callbackUrl }, 'secret'],
        [{ ...good, secret: 'not base64!' }, 'secret', /base64/],
        [{ ...good, secret: Buffer.alloc(16).toString('base64') }, 'secret', /32 bytes/],
        [{ ...good, eventTypes: ['PARCEL'] }, 'eventTypes[0]'],
        [{ ...good, eventTypes: [] }, 'eventTypes', /at least one/],
        [{ ...good, equipmentReference: 'a container number far too long' }, 'equipmentReference'],
        [{ ...good, UNLocationCode: 'nlrtm' }, 'UNLocationCode'],
        [{ ...good, transportCallReference: 'IGS-9812779-0000X-INNSA-1' }, 'transportCallReference', /ours/],
        [{ ...good, universalServiceReference: 'SR12345A' }, 'universalServiceReference', /universal/],
        [{ ...good, documentReference: 'BKG\r\nX' }, 'documentReference', /one line/],
        [{ ...good, extra: true }, 'body'],
      ];
      for (const [payload, field, message] of cases)
        expectRefused(await send('POST', base, customer, payload), field, message);
      expect(await count()).toBe(before);
    });
  });

  describe('where a callback may point (SSRF)', () => {
    const production = { production: true };
    const resolver = (answers: Record<string, string[]>) => async (host: string) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    };

    it('in production: https only, and never a loopback, private, link-local or other special address', async () => {
      const resolve = resolver({
        'public.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
        'rebound.example.com': ['93.184.215.14', '127.0.0.1'],
        'metadata.example.com': ['169.254.169.254'],
        'intranet.example.com': ['10.20.30.40'],
      });
      const problem = (url: string) => callbackUrlProblem(url, production, resolve);
      expect(await problem('https://public.example.com/hook')).toBeNull();
      expect(await problem('https://93.184.215.14/hook')).toBeNull();
      expect(await problem('http://public.example.com/hook')).toBe('must be an https URL');
      for (const refused of [
        'https://127.0.0.1/hook',
        'https://127.1.2.3:8443/hook',
        'https://10.0.0.8/hook',
        'https://172.16.5.4/hook',
        'https://192.168.1.1/hook',
        'https://169.254.169.254/latest/meta-data/',
        'https://100.64.0.1/hook',
        'https://0.0.0.0/hook',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[fe80::1]/hook',
        'https://[fd00::1]/hook',
        'https://2130706433/hook',
        'https://rebound.example.com/hook',
        'https://metadata.example.com/hook',
        'https://intranet.example.com/hook',
        'https://unknown.example.com/hook',
      ])
        expect(await problem(refused), refused).toBe(SPECIAL_ADDRESS_MESSAGE);
      // A name the machine resolves to loopback (the real resolver).
      expect(await callbackUrlProblem('https://localhost/hook', production)).toBe(SPECIAL_ADDRESS_MESSAGE);
      // Outside production (development, tests): http and local receivers are allowed.
      expect(await callbackUrlProblem('http://127.0.0.1:9/hook', { production: false })).toBeNull();
      expect(specialRange('8.8.8.8')).toBeNull();
      expect(specialRange('::ffff:10.0.0.1')).toBe('private');
    });

    it('a production server refuses such callbacks with a 400 naming callbackUrl', async () => {
      const prod = await createTestApp({ NODE_ENV: 'production' }, { demo: true });
      try {
        const headers = (await signInAs(prod, 'customer')).headers;
        for (const callbackUrl of [
          'http://93.184.215.14/hook',
          'https://127.0.0.1/hook',
          'https://10.1.2.3/hook',
          'https://169.254.169.254/hook',
          'https://[::1]/hook',
          'https://localhost:8443/hook',
        ]) {
          const res = await prod.app.inject({
            method: 'POST',
            url: '/dcsa/tnt/v3/event-subscriptions',
            headers,
            payload: { callbackUrl, secret: newSecret() },
          });
          expectRefused(res, 'callbackUrl');
        }
        const [row] = await queryRows<{ n: number }>(
          prod.database.db,
          sql`select count(*)::int as n from tracking_subscriptions`,
        );
        expect(row!.n).toBe(0);
        // A public address is taken (an IP literal: no DNS needed here).
        const ok = await prod.app.inject({
          method: 'POST',
          url: '/dcsa/tnt/v3/event-subscriptions',
          headers,
          payload: { callbackUrl: 'https://93.184.215.14/hook', secret: newSecret() },
        });
        expect(ok.statusCode, ok.body).toBe(201);
      } finally {
        await prod.close();
      }
    });
  });
});
