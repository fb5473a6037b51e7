import { DCSA_CS_API_VERSION } from '@lading/contract/dcsa-schedules';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { CS_FILE, HAS_CS_FILE, type OfficialValidator, officialValidator } from '../../test/dcsa-official';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
// biome-ignore lint/suspicious/noExplicitAny: DCSA documents are checked property by property
type Json = Record<string, any>;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('DCSA Commercial Schedules 1.0.3', () => {
  let t: TestApp;
  let customer: Headers;
  let staff: Headers;
  /** Every demo service's rotation: the port codes in call order. */
  let rotations: Map<string, string[]>;
  let official: {
    p2p: OfficialValidator;
    port: OfficialValidator;
    service: OfficialValidator;
    error: OfficialValidator;
  } | null = null;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    staff = (await signInAs(t, 'admin')).headers;
    const rows = await queryRows<{ code: string; ports: string[] | string }>(
      t.database.db,
      sql`select s.code, json_agg(p.code order by c.sequence) as ports
        from carrier_services s join service_calls c on c.service_id = s.id join ports p on p.id = c.port_id
        group by s.code order by s.code`,
    );
    rotations = new Map(
      rows.map((r) => [r.code, typeof r.ports === 'string' ? JSON.parse(r.ports) : r.ports]),
    );
    if (HAS_CS_FILE)
      official = {
        p2p: officialValidator(CS_FILE, 'PointToPoint'),
        port: officialValidator(CS_FILE, 'PortSchedule'),
        service: officialValidator(CS_FILE, 'ServiceSchedule'),
        error: officialValidator(CS_FILE, 'ErrorResponse'),
      };
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = customer) =>
    t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string, headers: Record<string, string> = customer) => {
    const res = await get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(res.headers['api-version']).toBe(DCSA_CS_API_VERSION);
    return res.json() as Json[];
  };
  /** Every item valid against the official component, named by the URL and index when not. */
  const expectValid = (validator: keyof NonNullable<typeof official>, url: string, items: Json[]) => {
    if (!official) return;
    const errors = items.flatMap((item, i) =>
      official![validator].validate(item).map((e) => `[${i}]${e.instancePath} ${e.message}`),
    );
    expect({ url, errors }).toEqual({ url, errors: [] });
  };
  const p2p = (from: string, to: string, extra = '') =>
    `/dcsa/cs/v1/point-to-point-routes?placeOfReceipt=${from}&placeOfDelivery=${to}${extra}`;

  it('the demo schedule has the four services this test walks', () => {
    expect([...rotations.keys()]).toEqual(['IEX', 'IFX', 'IGS', 'WIS']);
    expect(rotations.get('IGS')).toEqual(['INNSA', 'AEJEA']);
  });

  it.skipIf(!HAS_CS_FILE)(
    'the official validator is real: it rejects a missing leg, a bad code or time',
    async () => {
      const [route] = await ok(p2p('INNSA', 'AEJEA'));
      expect(official!.p2p.paths(route)).toEqual([]);
      expect(official!.p2p.paths({ ...route, legs: undefined })).toEqual(['$.legs']);
      const badPort = structuredClone(route!);
      badPort.legs[0].departure.location.UNLocationCode = 'in-nsa';
      expect(official!.p2p.paths(badPort)).toEqual(['$.legs[0].departure.location.UNLocationCode']);
      const badTime = structuredClone(route!);
      badTime.legs[0].arrival.dateTime = '2026-11-28 18:00';
      expect(official!.p2p.paths(badTime)).toEqual(['$.legs[0].arrival.dateTime']);
      const [service] = await ok('/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS');
      expect(official!.service.paths({ ...service, vesselSchedules: [] })).toEqual(['$.vesselSchedules']);
    },
  );

  it('point-to-point: every lane of every demo service has routings, valid against the official schema', async () => {
    for (const [service, ports] of rotations) {
      for (let i = 0; i < ports.length; i++) {
        for (let j = i + 1; j < ports.length; j++) {
          const url = p2p(ports[i]!, ports[j]!);
          const routes = await ok(url);
          expect({ url, routings: routes.length > 0 }).toEqual({ url, routings: true });
          expectValid('p2p', url, routes);
          const direct = routes.filter((r) => r.legs.length === 1);
          expect(
            direct.some((r) => r.legs[0].transport.servicePartners[0].carrierServiceCode === service),
            `${url}: a direct ${service} sailing`,
          ).toBe(true);
          for (const route of routes) {
            expect(route.placeOfReceipt.location.UNLocationCode).toBe(ports[i]);
            expect(route.placeOfDelivery.location.UNLocationCode).toBe(ports[j]);
          }
        }
      }
    }
  });

  it('point-to-point: the same sailings as the portal search, in local time with the port offset', async () => {
    const own = (await get('/cp/schedules/point-to-point/?pol=INNSA&pod=AEJEA&maxTranshipment=0')).json()
      .results as Json[];
    const routes = await ok(p2p('INNSA', 'AEJEA', '&maxTranshipment=0'));
    expect(routes.map((r) => r.legs[0].transport.servicePartners[0].carrierExportVoyageNumber)).toEqual(
      own.map((r) => r.carrierVoyageNumber),
    );
    const [route] = routes;
    const [sailing] = own;
    expect(route!.solutionNumber).toBe(1);
    expect(route!.transitTime).toBe(sailing!.transitDays);
    expect(route!.receiptTypeAtOrigin).toBe('CY');
    const leg = route!.legs[0];
    // Nhava Sheva is in India (UTC+05:30), Jebel Ali in the Emirates (UTC+04:00).
    expect(leg.departure.dateTime).toMatch(/\+05:30$/);
    expect(leg.arrival.dateTime).toMatch(/\+04:00$/);
    expect(Date.parse(leg.departure.dateTime)).toBe(Date.parse(sailing!.etd));
    expect(Date.parse(leg.arrival.dateTime)).toBe(Date.parse(sailing!.eta));
    expect(leg.departure).toMatchObject({
      facilityTypeCode: 'POTE',
      location: { UNLocationCode: 'INNSA', facilityName: 'JNPT Nhava Sheva (NSICT)' },
    });
    expect(leg.departure.transportCallReference).toBe(
      `IGS-${sailing!.vesselImo}-${sailing!.carrierVoyageNumber}-INNSA-1`,
    );
    expect(leg.transport).toMatchObject({
      modeOfTransport: 'VESSEL',
      vessel: { vesselIMONumber: sailing!.vesselImo, name: sailing!.vesselName, flag: 'IN' },
      servicePartners: [
        { carrierCode: 'LDNG', carrierServiceCode: 'IGS', carrierServiceName: 'India–Gulf Shuttle' },
      ],
    });
    expect(route!.cutOffTimes.map((c: Json) => c.cutOffDateTimeCode).sort()).toEqual(
      sailing!.cutOffs.map((c: Json) => c.code).sort(),
    );
    for (const cutOff of route!.cutOffTimes) expect(cutOff.cutOffDateTime).toMatch(/\+05:30$/);
    // A call between the two ports is listed in the leg: Nhava Sheva to Jebel Ali on IEX stops at Mundra.
    const iex = (await ok(p2p('INNSA', 'AEJEA', '&maxTranshipment=0'))).find(
      (r) => r.legs[0].transport.servicePartners[0].carrierServiceCode === 'IEX',
    );
    expect(iex!.legs[0].intermediateCalls.map((c: Json) => c.location.UNLocationCode)).toEqual(['INMUN']);
  });

  it('point-to-point: a transhipment routing appears with maxTranshipment=1, not with 0', async () => {
    // Chennai to Rotterdam: the Far East loop to Colombo, then India–Europe.
    const direct = await ok(p2p('INMAA', 'NLRTM', '&maxTranshipment=0'));
    expect(direct).toEqual([]);
    const url = p2p('INMAA', 'NLRTM', '&maxTranshipment=1');
    const routes = await ok(url);
    expect(routes.length).toBeGreaterThan(0);
    expectValid('p2p', url, routes);
    for (const route of routes) {
      expect(route.legs.map((l: Json) => l.sequenceNumber)).toEqual([1, 2]);
      const [first, second] = route.legs;
      expect(first.transport.servicePartners[0].carrierServiceCode).toBe('IFX');
      expect(second.transport.servicePartners[0].carrierServiceCode).toBe('IEX');
      expect(first.departure.location.UNLocationCode).toBe('INMAA');
      expect(first.arrival.location.UNLocationCode).toBe('LKCMB');
      expect(second.departure.location.UNLocationCode).toBe('LKCMB');
      expect(second.arrival.location.UNLocationCode).toBe('NLRTM');
      // At least 24 hours to make the connection.
      expect(
        Date.parse(second.departure.dateTime) - Date.parse(first.arrival.dateTime),
      ).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(route.placeOfDelivery.dateTime).toBe(second.arrival.dateTime);
    }
    // Without maxTranshipment the carrier's default allows one.
    expect((await ok(p2p('INMAA', 'NLRTM'))).length).toBe(routes.length);
  });

  it('point-to-point: departure and arrival windows, and door or CFS service types (not published)', async () => {
    const all = await ok(p2p('INNSA', 'AEJEA', `&departureStartDate=${day(0)}&departureEndDate=${day(27)}`));
    expect(all.length).toBeGreaterThan(1);
    const firstDay = all[0]!.legs[0].departure.dateTime.slice(0, 10);
    const oneDay = await ok(
      p2p('INNSA', 'AEJEA', `&departureStartDate=${firstDay}&departureEndDate=${firstDay}`),
    );
    expect(oneDay.length).toBeGreaterThan(0);
    for (const r of oneDay) expect(r.legs[0].departure.dateTime.slice(0, 10)).toBe(firstDay);
    const arrives = all[0]!.placeOfDelivery.dateTime.slice(0, 10);
    const byArrival = await ok(
      p2p('INNSA', 'AEJEA', `&arrivalStartDate=${arrives}&arrivalEndDate=${arrives}`),
    );
    expect(byArrival.length).toBeGreaterThan(0);
    for (const r of byArrival) expect(r.placeOfDelivery.dateTime.slice(0, 10)).toBe(arrives);
    expect(await ok(p2p('INNSA', 'AEJEA', '&receiptTypeAtOrigin=SD'))).toEqual([]);
    expect(await ok(p2p('INNSA', 'AEJEA', '&deliveryTypeAtDestination=CFS'))).toEqual([]);
    expect((await ok(p2p('INNSA', 'AEJEA', '&receiptTypeAtOrigin=CY&cargoType=REEFER'))).length).toBe(
      (await ok(p2p('INNSA', 'AEJEA'))).length,
    );
  });

  it('port schedules: every demo port, today and four weeks back, valid against the official schema', async () => {
    const ports = [...new Set([...rotations.values()].flat())];
    for (const port of ports) {
      for (const date of [day(0), day(-28)]) {
        const url = `/dcsa/cs/v1/port-schedules?UNLocationCode=${port}&date=${date}`;
        const schedules = await ok(url);
        expect({ url, terminals: schedules.length > 0 }).toEqual({ url, terminals: true });
        expectValid('port', url, schedules);
        for (const schedule of schedules) {
          expect(schedule.location.UNLocationCode).toBe(port);
          expect(schedule.vesselSchedules.length).toBeGreaterThan(0);
          const arrivals = schedule.vesselSchedules.map((s: Json) =>
            Date.parse(
              (
                s.timestamps.find(
                  (x: Json) => x.eventTypeCode === 'ARRI' && x.eventClassifierCode === 'ACT',
                ) ??
                s.timestamps.find((x: Json) => x.eventTypeCode === 'ARRI' && x.eventClassifierCode === 'EST')
              ).eventDateTime,
            ),
          );
          expect(arrivals).toEqual([...arrivals].sort((a: number, b: number) => a - b));
        }
      }
    }
    // Nhava Sheva has three terminals in the demo rotations (IGS at NSICT, IEX at BMCT, WIS at NSIGT).
    const nhava = await ok(`/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=${day(0)}`);
    expect(nhava.map((s) => s.location.facilityName)).toEqual([
      'JNPT Nhava Sheva (BMCT)',
      'JNPT Nhava Sheva (NSICT)',
      'JNPT Nhava Sheva (NSIGT)',
    ]);
    // Four weeks back, the calls happened: actual times beside the planned and estimated ones.
    const past = await ok(`/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=${day(-28)}`);
    const first = past[0]!.vesselSchedules[0];
    expect(first.timestamps.map((x: Json) => `${x.eventTypeCode} ${x.eventClassifierCode}`)).toEqual([
      'ARRI PLN',
      'ARRI EST',
      'ARRI ACT',
      'DEPA PLN',
      'DEPA EST',
      'DEPA ACT',
    ]);
    expect(first.isDummyVessel).toBe(false);
    expect(first.cutOffTimes.map((c: Json) => c.cutOffDateTimeCode)).toEqual(
      expect.arrayContaining(['DCO', 'VCO', 'FCO', 'PCO', 'STA']),
    );
  });

  it('vessel schedules: by service, vessel, port and operator, whole voyages or matched calls, all valid', async () => {
    const imos = (
      await queryRows<{ imo: string }>(t.database.db, sql`select imo_number as imo from vessels order by 1`)
    ).map((r) => r.imo);
    const urls = [
      ...[...rotations.keys()].map((code) => `/dcsa/cs/v1/vessel-schedules?carrierServiceCode=${code}`),
      ...imos.map((imo) => `/dcsa/cs/v1/vessel-schedules?vesselIMONumber=${imo}`),
      ...[...new Set([...rotations.values()].flat())].map(
        (port) => `/dcsa/cs/v1/vessel-schedules?UNLocationCode=${port}&responseScope=MATCHED_CALLS`,
      ),
      '/dcsa/cs/v1/vessel-schedules?vesselOperatorCarrierCode=LDGU',
      '/dcsa/cs/v1/vessel-schedules?vesselName=lading%20hansa',
    ];
    for (const url of urls) {
      const services = await ok(url);
      expect({ url, services: services.length > 0 }).toEqual({ url, services: true });
      expectValid('service', url, services);
    }
    const igs = await ok('/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS');
    expect(igs).toHaveLength(1);
    expect(igs[0]).toMatchObject({ carrierServiceCode: 'IGS', carrierServiceName: 'India–Gulf Shuttle' });
    expect(igs[0]!.vesselSchedules.map((v: Json) => v.vessel.vesselIMONumber)).toEqual(['9812779']);
    const calls = igs[0]!.vesselSchedules[0].transportCalls as Json[];
    // Whole voyages, Nhava Sheva then Jebel Ali, three months back to six ahead (the demo: 4 weeks back to 8 ahead).
    expect(calls.length % 2).toBe(0);
    expect(calls.slice(0, 2).map((c) => c.location.UNLocationCode)).toEqual(['INNSA', 'AEJEA']);
    expect(calls[0]!.carrierExportVoyageNumber).toBe(calls[1]!.carrierImportVoyageNumber);

    const hansa = await ok('/dcsa/cs/v1/vessel-schedules?vesselName=LADING%20HANSA');
    expect(hansa.map((s) => s.carrierServiceCode)).toEqual(['IEX']);
    expect(hansa[0]!.vesselSchedules.map((v: Json) => v.vessel.name)).toEqual(['LADING HANSA']);

    const voyage = calls[0]!.carrierExportVoyageNumber;
    const one = await ok(`/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS&carrierVoyageNumber=${voyage}`);
    expect(one[0]!.vesselSchedules[0].transportCalls.map((c: Json) => c.carrierExportVoyageNumber)).toEqual([
      voyage,
      voyage,
    ]);

    // Jebel Ali is on IGS and IEX: whole voyages call elsewhere too; matched calls are Jebel Ali's only.
    const full = await ok(
      `/dcsa/cs/v1/vessel-schedules?UNLocationCode=AEJEA&startDate=${day(0)}&endDate=${day(14)}`,
    );
    const matched = await ok(
      `/dcsa/cs/v1/vessel-schedules?UNLocationCode=AEJEA&startDate=${day(0)}&endDate=${day(14)}&responseScope=MATCHED_CALLS`,
    );
    const portsOf = (services: Json[]) =>
      new Set(
        services.flatMap((s) =>
          s.vesselSchedules.flatMap((v: Json) =>
            v.transportCalls.map((c: Json) => c.location.UNLocationCode),
          ),
        ),
      );
    expect(full.map((s) => s.carrierServiceCode)).toEqual(['IEX', 'IGS']);
    expect(portsOf(full).size).toBeGreaterThan(2);
    expect([...portsOf(matched)]).toEqual(['AEJEA']);
    // We publish no universal references nor SMDG terminal codes: such filters match nothing.
    expect(await ok('/dcsa/cs/v1/vessel-schedules?universalServiceReference=SR12345A')).toEqual([]);
    expect(await ok('/dcsa/cs/v1/vessel-schedules?UNLocationCode=INNSA&facilitySMDGCode=NSICT')).toEqual([]);
  });

  it('a delayed call shows its estimate beside the plan; an omitted call leaves the schedules', async () => {
    const [voyage] = await queryRows<{
      id: number;
      version: number;
      etd: string;
      eta: string;
      number: string;
    }>(
      t.database.db,
      sql`select v.id, v.version, v.carrier_voyage_number as number,
          to_char(tc.eta at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as eta,
          to_char(tc.etd at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as etd
        from voyages v join carrier_services s on s.id = v.service_id
        join transport_calls tc on tc.voyage_id = v.id and tc.sequence = 2
        where s.code = 'WIS' and tc.status = 'SCHEDULED' and tc.eta > now() + interval '10 days'
        order by tc.eta limit 1`,
    );
    const later = (iso: string) => new Date(Date.parse(iso) + 30 * 3_600_000).toISOString();
    const delay = await t.app.inject({
      method: 'POST',
      url: `/cp/admin/voyages/${voyage!.id}/calls/2/delay/`,
      headers: staff,
      payload: {
        version: voyage!.version,
        eta: later(voyage!.eta),
        etd: later(voyage!.etd),
        reason: 'berth congestion',
      },
    });
    expect(delay.statusCode, delay.body).toBe(200);
    const url = `/dcsa/cs/v1/vessel-schedules?carrierServiceCode=WIS&carrierVoyageNumber=${voyage!.number}`;
    const [wis] = await ok(url);
    expectValid('service', url, [wis!]);
    const call = wis!.vesselSchedules[0].transportCalls.find(
      (c: Json) => c.location.UNLocationCode === 'INNSA',
    );
    const at = (type: string, classifier: string) =>
      Date.parse(
        call.timestamps.find((x: Json) => x.eventTypeCode === type && x.eventClassifierCode === classifier)
          .eventDateTime,
      );
    expect(at('ARRI', 'EST') - at('ARRI', 'PLN')).toBe(30 * 3_600_000);
    expect(at('DEPA', 'EST')).toBe(Date.parse(later(voyage!.etd)));

    const omit = await t.app.inject({
      method: 'POST',
      url: `/cp/admin/voyages/${voyage!.id}/calls/2/omit/`,
      headers: staff,
      payload: { version: delay.json().version, reason: 'port closed' },
    });
    expect(omit.statusCode, omit.body).toBe(200);
    const [after] = await ok(url);
    expect(after!.vesselSchedules[0].transportCalls.map((c: Json) => c.location.UNLocationCode)).toEqual([
      'INMUN',
      'LKCMB',
      'SGSIN',
    ]);
    const date = voyage!.eta.slice(0, 10);
    const port = await ok(`/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=${date}`);
    const numbers = port.flatMap((s) =>
      s.vesselSchedules.map((v: Json) => v.servicePartners[0].carrierExportVoyageNumber),
    );
    expect(numbers).not.toContain(voyage!.number);
  });

  it('pages with limit and Next-Page-Cursor; a cursor with other filters is refused', async () => {
    const url = '/dcsa/cs/v1/vessel-schedules?UNLocationCode=INNSA';
    const whole = await ok(url);
    expect(whole.map((s) => s.carrierServiceCode)).toEqual(['IEX', 'IGS', 'WIS']);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`${url}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().map((s: Json) => s.carrierServiceCode));
      cursor = res.headers['next-page-cursor'] as string | undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['IEX', 'IGS', 'WIS']);
    expect(pages).toBe(3);

    const first = await get(p2p('INNSA', 'AEJEA', '&limit=2'));
    expect(first.json()).toHaveLength(2);
    const next = first.headers['next-page-cursor'] as string;
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await ok(p2p('INNSA', 'AEJEA', `&limit=2&cursor=${next}`));
    expect(second[0]!.solutionNumber).toBe(3);
    const other = await get(p2p('INNSA', 'SGSIN', `&limit=2&cursor=${next}`));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ property: 'cursor', errorCode: 7003 });
  });

  it('refuses bad parameters with 400 in the standard ErrorResponse, naming each parameter', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['/dcsa/cs/v1/point-to-point-routes?placeOfDelivery=AEJEA', 'placeOfReceipt'],
      [p2p('innsa', 'AEJEA'), 'placeOfReceipt'],
      [p2p('INNSA', 'AE-JEA'), 'placeOfDelivery'],
      [p2p('INNSA', 'INNSA'), 'placeOfDelivery'],
      [p2p('INNSA', 'ZZZZZ'), 'placeOfDelivery'],
      [p2p('INNSA', 'AEJEA', '&departureStartDate=2026-02-30'), 'departureStartDate'],
      [p2p('INNSA', 'AEJEA', '&departureStartDate=0000-01-01'), 'departureStartDate'],
      [p2p('INNSA', 'AEJEA', `&departureStartDate=${day(5)}&departureEndDate=${day(1)}`), 'departureEndDate'],
      [
        p2p('INNSA', 'AEJEA', `&departureStartDate=${day(0)}&departureEndDate=${day(120)}`),
        'departureEndDate',
      ],
      [p2p('INNSA', 'AEJEA', `&arrivalStartDate=${day(5)}&arrivalEndDate=${day(1)}`), 'arrivalEndDate'],
      [p2p('INNSA', 'AEJEA', '&maxTranshipment=-1'), 'maxTranshipment'],
      [p2p('INNSA', 'AEJEA', '&maxTranshipment=one'), 'maxTranshipment'],
      [p2p('INNSA', 'AEJEA', '&receiptTypeAtOrigin=DOOR'), 'receiptTypeAtOrigin'],
      [p2p('INNSA', 'AEJEA', '&deliveryTypeAtDestination=cy'), 'deliveryTypeAtDestination'],
      [p2p('INNSA', 'AEJEA', '&cargoType=FROZEN'), 'cargoType'],
      [p2p('INNSA', 'AEJEA', '&limit=0'), 'limit'],
      [p2p('INNSA', 'AEJEA', '&limit=100000'), 'limit'],
      [p2p('INNSA', 'AEJEA', '&cursor=not-a-cursor'), 'cursor'],
      [p2p('INNSA', 'AEJEA'), 'API-Version', { 'api-version': '2' }],
      ['/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA', 'date'],
      [`/dcsa/cs/v1/port-schedules?date=${day(0)}`, 'UNLocationCode'],
      [`/dcsa/cs/v1/port-schedules?UNLocationCode=ZZZZZ&date=${day(0)}`, 'UNLocationCode'],
      ['/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=28/11/2026', 'date'],
      ['/dcsa/cs/v1/vessel-schedules', 'query'],
      [`/dcsa/cs/v1/vessel-schedules?startDate=${day(0)}`, 'startDate'],
      ['/dcsa/cs/v1/vessel-schedules?vesselIMONumber=123', 'vesselIMONumber'],
      ['/dcsa/cs/v1/vessel-schedules?vesselName=%20padded', 'vesselName'],
      ['/dcsa/cs/v1/vessel-schedules?carrierServiceCode=ABCDEFGHIJKL', 'carrierServiceCode'],
      ['/dcsa/cs/v1/vessel-schedules?universalServiceReference=SR1', 'universalServiceReference'],
      ['/dcsa/cs/v1/vessel-schedules?universalVoyageReference=2201X', 'universalVoyageReference'],
      ['/dcsa/cs/v1/vessel-schedules?UNLocationCode=ZZZZZ', 'UNLocationCode'],
      ['/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS&responseScope=ALL', 'responseScope'],
      [
        `/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS&startDate=${day(5)}&endDate=${day(1)}`,
        'endDate',
      ],
      [
        `/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS&startDate=${day(0)}&endDate=${day(400)}`,
        'endDate',
      ],
    ];
    for (const [url, property, headers] of cases) {
      const res = await get(url, { ...customer, ...headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.headers['api-version']).toBe(DCSA_CS_API_VERSION);
      const body = res.json() as Json;
      expect({ url, properties: body.errors.map((e: Json) => e.property) }).toEqual({
        url,
        properties: [property],
      });
      expect(body).toMatchObject({
        httpMethod: 'GET',
        requestUri: url.split('?')[0],
        statusCode: 400,
        statusCodeText: 'Bad Request',
      });
      expect(body.errors[0].errorCodeMessage).toContain(property === 'query' ? 'filter' : '');
      if (official) expect({ url, errors: official.error.validate(body) }).toEqual({ url, errors: [] });
    }
    // The value is echoed as sent; a well-formed code we do not know has its own error code.
    const unknown = (await get(p2p('INNSA', 'ZZZZZ'))).json() as Json;
    expect(unknown.errors[0]).toMatchObject({
      errorCode: 7002,
      property: 'placeOfDelivery',
      value: 'ZZZZZ',
      errorCodeText: 'unknownLocation',
    });
    // Several problems at once: each named.
    const several = (await get('/dcsa/cs/v1/point-to-point-routes?maxTranshipment=x')).json() as Json;
    expect(several.errors.map((e: Json) => e.property).sort()).toEqual([
      'maxTranshipment',
      'placeOfDelivery',
      'placeOfReceipt',
    ]);
    // API-Version 1 (the major version, as the standard asks) is accepted.
    expect((await get(p2p('INNSA', 'AEJEA'), { ...customer, 'api-version': '1' })).statusCode).toBe(200);
  });

  it('an unknown path under /dcsa is an API 404 (JSON), never the web app', async () => {
    const res = await get('/dcsa/cs/v1/schedules', { ...customer, accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('signed-in callers only: anonymous and a bad token get 401 (our error shape), staff read it too', async () => {
    const urls = [
      p2p('INNSA', 'AEJEA'),
      `/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=${day(0)}`,
      '/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS',
    ];
    for (const url of urls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const res: LightMyRequestResponse = await get(url, headers);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
        expect(Object.keys(res.json())).toEqual(['error']);
        expect(res.headers['api-version']).toBe(DCSA_CS_API_VERSION);
      }
      expect(await ok(url, staff)).toEqual(await ok(url, customer));
    }
  });
});
