import { imoCheckDigit, isValidImoNumber } from '@lading/contract/voyages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isoWeek, voyageNumberFor } from './voyage-plan';

type Headers = { authorization: string };
const HOUR = 3_600_000;

/** A valid IMO number from six digits (the seventh is the check digit). */
const imo = (six: string) => `${six}${imoCheckDigit(six)}`;

describe('IMO numbers and voyage numbers', () => {
  it('accepts numbers whose check digit matches and refuses the others', () => {
    // Published examples: IMO 9074729 (the resolution's own), 9321483, 9839430.
    for (const valid of ['9074729', 'IMO 9074729', '9321483', '9839430'])
      expect(isValidImoNumber(valid)).toBe(true);
    for (const invalid of ['9074728', '9321484', '907472', '90747290', 'IMO90747A9', ''])
      expect(isValidImoNumber(invalid)).toBe(false);
  });

  it('numbers a sailing by ISO week-year and week, with the direction letter', () => {
    expect(isoWeek(new Date('2026-03-09'))).toEqual({ year: 2026, week: 11 });
    expect(voyageNumberFor(new Date('2026-03-09'), 'W')).toBe('2611W');
    // 1 January 2027 is a Friday: it belongs to 2026's week 53.
    expect(isoWeek(new Date('2027-01-01'))).toEqual({ year: 2026, week: 53 });
    // 29 December 2025 is a Monday: week 1 of 2026.
    expect(voyageNumberFor(new Date('2025-12-29'), 'E')).toBe('2601E');
  });
});

describe('vessels, services, voyages and the point-to-point search', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let customer2: Headers;
  let customerId: number;
  let serial = 0;
  /** A code no other test run uses, so the tests never meet the demo schedule or each other. */
  const tag = () =>
    `T${(++serial).toString(36).toUpperCase()}${Date.now().toString(36).slice(-2).toUpperCase()}`;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    const signedIn = await signInAs(t, 'customer');
    customer = signedIn.headers;
    customerId = signedIn.userId;
    customer2 = (await signInAs(t, 'customer2')).headers;
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'GET', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  const newVessel = async (name = 'TEST VESSEL') => {
    const res = await send('POST', '/cp/admin/vessels/', admin, {
      imoNumber: imo(String(900000 + Math.floor(Math.random() * 99999)).padStart(6, '0')),
      name,
      flag: 'in',
      callSign: 'avxx',
      operatorCarrierCode: 'ldgu',
      teuCapacity: 4000,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; imoNumber: string; version: number };
  };
  const newService = async (calls: [string, number][], vesselIds: number[], extra: object = {}) => {
    const res = await send('POST', '/cp/admin/services/', admin, {
      code: tag(),
      name: 'Test service',
      frequencyDays: 7,
      voyageSuffix: 'W',
      calls: calls.map(([portCode, dayOffset]) => ({
        portCode,
        dayOffset,
        terminalName: `${portCode} terminal`,
      })),
      vesselIds,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      id: number;
      code: string;
      cutOffs: { code: string; hoursBeforeDeparture: number }[];
    };
  };
  const generate = async (serviceId: number, from: string, weeks: number) => {
    const res = await send('POST', `/cp/admin/services/${serviceId}/generate-voyages/`, admin, {
      from,
      weeks,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { created: number; existing: number; voyageIds: number[] };
  };
  const voyage = async (id: number, headers = admin) => {
    const res = await send('GET', `/cp/admin/voyages/${id}/`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('adds a vessel with a valid IMO number; a wrong check digit is a 400 naming the field, a repeat a 409', async () => {
    const vessel = await newVessel();
    expect(vessel).toMatchObject({ flag: 'IN', callSign: 'AVXX', operatorCarrierCode: 'LDGU', active: true });
    const wrong = `${vessel.imoNumber.slice(0, 6)}${(Number(vessel.imoNumber[6]) + 1) % 10}`;
    const before = await count('vessels');
    const refused = await send('POST', '/cp/admin/vessels/', admin, {
      imoNumber: wrong,
      name: 'X',
      flag: 'IN',
      operatorCarrierCode: 'LDGU',
      teuCapacity: 10,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.imoNumber).toMatch(/check digit/);
    const repeated = await send('POST', '/cp/admin/vessels/', admin, {
      imoNumber: vessel.imoNumber,
      name: 'Y',
      flag: 'IN',
      operatorCarrierCode: 'LDGU',
      teuCapacity: 10,
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.fields).toHaveProperty('imoNumber');
    expect(await count('vessels')).toBe(before);
    // Edits go at the version read.
    const edited = await send('PUT', `/cp/admin/vessels/${vessel.id}/`, admin, {
      ...vessel,
      name: 'TEST VESSEL II',
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'TEST VESSEL II', version: 2 });
    const stale = await send('PUT', `/cp/admin/vessels/${vessel.id}/`, admin, { ...vessel, version: 1 });
    expect(stale.statusCode).toBe(412);
    // Branch staff read vessels but do not write them.
    expect((await send('GET', `/cp/admin/vessels/${vessel.id}/`, branch)).statusCode).toBe(200);
    expect((await send('POST', '/cp/admin/vessels/', branch, {})).statusCode).toBe(403);
  });

  it('refuses a rotation with an unknown port or a call that comes before the one before it, naming the field', async () => {
    const vessel = await newVessel();
    const bad = await send('POST', '/cp/admin/services/', admin, {
      code: tag(),
      name: 'Bad',
      frequencyDays: 7,
      voyageSuffix: 'E',
      calls: [
        { portCode: 'INMAA', dayOffset: 0 },
        { portCode: 'ZZZZZ', dayOffset: 3 },
      ],
      vesselIds: [vessel.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'calls.1.portCode': 'is not a known sea port' });
    const backwards = await send('POST', '/cp/admin/services/', admin, {
      code: tag(),
      name: 'Backwards',
      frequencyDays: 7,
      voyageSuffix: 'E',
      calls: [
        { portCode: 'INMAA', dayOffset: 0, portStayHours: 48 },
        { portCode: 'SGSIN', dayOffset: 1 },
      ],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty(['calls.1.dayOffset']);
  });

  it('generates weekly voyages with calls and the default cut-offs; generating again writes nothing', async () => {
    const vessels = [await newVessel('TEST A'), await newVessel('TEST B')];
    const service = await newService(
      [
        ['INMAA', 0],
        ['LKCMB', 2],
        ['SGSIN', 6],
      ],
      vessels.map((v) => v.id),
    );
    expect(service.cutOffs.map((c) => c.code).sort()).toEqual(['DCO', 'FCO', 'PCO', 'STA', 'VCO']);
    const first = await generate(service.id, '2031-03-03', 4);
    expect(first).toMatchObject({ created: 4, existing: 0 });
    const rows = [
      await count('voyages'),
      await count('transport_calls'),
      await count('transport_call_cut_offs'),
    ];
    const again = await generate(service.id, '2031-03-03', 4);
    expect(again).toEqual({ created: 0, existing: 4, voyageIds: first.voyageIds });
    // A run overlapping the first adds only the weeks that are new.
    const overlapping = await generate(service.id, '2031-03-17', 4);
    expect(overlapping).toMatchObject({ created: 2, existing: 2 });
    expect(overlapping.voyageIds.slice(0, 2)).toEqual(first.voyageIds.slice(2));
    expect(await count('voyages')).toBe(rows[0]! + 2);

    const v = await voyage(first.voyageIds[0]!);
    expect(v.carrierVoyageNumber).toBe('3110W');
    expect(v.calls.map((c: { port: { code: string } }) => c.port.code)).toEqual(['INMAA', 'LKCMB', 'SGSIN']);
    const [chennai, colombo] = v.calls;
    expect(chennai).toMatchObject({
      sequence: 1,
      status: 'SCHEDULED',
      eta: '2031-03-03T06:00:00Z',
      etd: '2031-03-04T06:00:00Z',
      ata: null,
      port: { timeZone: expect.stringMatching(/^Asia\/(Calcutta|Kolkata)$/) },
    });
    expect(colombo.eta).toBe('2031-03-05T06:00:00Z');
    const cutOff = (code: string) => chennai.cutOffs.find((c: { code: string }) => c.code === code).at;
    expect(cutOff('DCO')).toBe('2031-03-02T06:00:00Z');
    expect(cutOff('VCO')).toBe('2031-03-03T00:00:00Z');
    // The vessels take the sailings in turn.
    const second = await voyage(first.voyageIds[1]!);
    expect(second.vessel.id).not.toBe(v.vessel.id);
  });

  it('finds direct sailings and, with maxTranshipment=1, connections that leave at least 24 hours after arriving', async () => {
    const [a, b] = [await newVessel('FEEDER'), await newVessel('MAINLINER')];
    // The feeder reaches Colombo on 5 May at 06:00. One mainline leaves Colombo 24 h later (6 May, 06:00), another
    // only 12 h later (5 May, 18:00): too tight a connection, though it would arrive first.
    const feeder = await newService(
      [
        ['INTUT', 0],
        ['LKCMB', 2],
      ],
      [a.id],
    );
    const ok = await newService(
      [
        ['LKCMB', 0],
        ['NLRTM', 18],
      ],
      [b.id],
    );
    const tooTight = await newService([], [b.id], {
      calls: [
        { portCode: 'LKCMB', dayOffset: 0, portStayHours: 12 },
        { portCode: 'NLRTM', dayOffset: 17 },
      ],
    });
    await generate(feeder.id, '2032-05-03', 1);
    await generate(ok.id, '2032-05-05', 1);
    await generate(tooTight.id, '2032-05-05', 1);
    const search = async (query: string, headers = customer) => {
      const res = await send('GET', `/cp/schedules/point-to-point/?${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as {
        serviceCode: string;
        etd: string;
        eta: string;
        transitDays: number;
        transhipment: null | { code: string; etd: string; serviceCode: string };
        cutOffs: { code: string }[];
      }[];
    };
    const window = 'departureFrom=2032-05-01&departureTo=2032-05-31';
    const direct = await search(`pol=LKCMB&pod=NLRTM&${window}&maxTranshipment=0`);
    expect(direct.map((r) => r.serviceCode).sort()).toEqual([ok.code, tooTight.code].sort());
    expect(direct.every((r) => r.transhipment === null)).toBe(true);

    const viaColombo = await search(`pol=INTUT&pod=NLRTM&${window}&maxTranshipment=1`);
    expect(viaColombo).toHaveLength(1);
    expect(viaColombo[0]).toMatchObject({
      serviceCode: feeder.code,
      etd: '2032-05-04T06:00:00Z',
      transhipment: {
        code: 'LKCMB',
        serviceCode: ok.code,
        eta: '2032-05-05T06:00:00Z',
        etd: '2032-05-06T06:00:00Z',
      },
      eta: '2032-05-23T06:00:00Z',
      transitDays: 19,
    });
    expect(viaColombo[0]!.cutOffs.map((c) => c.code)).toContain('DCO');
    expect(await search(`pol=INTUT&pod=NLRTM&${window}&maxTranshipment=0`)).toEqual([]);
    // Branch staff search too; unknown ports and a reversed window are 400s naming the field.
    expect(await search(`pol=INTUT&pod=NLRTM&${window}`, branch)).toHaveLength(1);
    const unknown = await send('GET', '/cp/schedules/point-to-point/?pol=INTUT&pod=QQQQQ', customer);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('pod');
    const reversed = await send(
      'GET',
      '/cp/schedules/point-to-point/?pol=INTUT&pod=NLRTM&departureFrom=2032-05-10&departureTo=2032-05-01',
      customer,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty('departureTo');
  });

  it('delays a call: cut-offs move with it; a change over 12 hours tells exactly the customers booked on it, once', async () => {
    const vessel = await newVessel('DELAYED');
    await t.app.ctx.mail.flush();
    const service = await newService(
      [
        ['INNSA', 0],
        ['AEJEA', 4],
      ],
      [vessel.id],
    );
    const [voyageId, otherVoyageId] = (await generate(service.id, '2033-01-03', 2)).voyageIds;
    // The demo customer's booking on this voyage; the second customer's on the next one.
    const bookings = await queryRows<{ id: number; created_by_id: number }>(
      t.database.db,
      sql`select id, created_by_id from bookings where status in ('REQUESTED', 'CONFIRMED') order by id`,
    );
    const mine = bookings.find((b) => b.created_by_id === customerId)!;
    const theirs = bookings.find((b) => b.created_by_id !== customerId)!;
    await t.database.db.execute(sql`update bookings set voyage_id = ${voyageId} where id = ${mine.id}`);
    await t.database.db.execute(
      sql`update bookings set voyage_id = ${otherVoyageId} where id = ${theirs.id}`,
    );
    const notices = async (headers: Headers) =>
      (await send('GET', '/cp/notifications/?limit=100', headers))
        .json()
        .results.filter((n: { kind: string }) => n.kind === 'VOYAGE_DELAYED').length;
    const [mineBefore, theirsBefore] = [await notices(customer), await notices(customer2)];

    const before = await voyage(voyageId!);
    const etd = Date.parse(before.calls[0].etd);
    const moved = (hours: number) => ({
      eta: new Date(Date.parse(before.calls[0].eta) + hours * HOUR).toISOString(),
      etd: new Date(etd + hours * HOUR).toISOString(),
    });
    // Six hours: recorded, nobody told.
    const small = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/delay/`, admin, {
      version: before.version,
      ...moved(6),
      reason: 'pilotage delay',
    });
    expect(small.statusCode, small.body).toBe(200);
    const dco = (v: { calls: { cutOffs: { code: string; at: string }[] }[] }) =>
      Date.parse(v.calls[0]!.cutOffs.find((c) => c.code === 'DCO')!.at);
    expect(dco(small.json())).toBe(dco(before) + 6 * HOUR);
    // A stale version is refused and changes nothing.
    const stale = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/delay/`, admin, {
      version: before.version,
      ...moved(30),
      reason: 'stale',
    });
    expect(stale.statusCode).toBe(412);
    // Thirty hours (24 more than now): the booked customer hears of it.
    const big = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/delay/`, admin, {
      version: small.json().version,
      ...moved(30),
      reason: 'berth congestion at Nhava Sheva',
    });
    expect(big.statusCode, big.body).toBe(200);
    await t.app.ctx.mail.flush();
    expect(await notices(customer)).toBe(mineBefore + 1);
    expect(await notices(customer2)).toBe(theirsBefore);
    const [notice] = (await send('GET', '/cp/notifications/?limit=1', customer)).json().results;
    expect(notice.title).toBe(
      `DELAYED ${before.carrierVoyageNumber}: Jawaharlal Nehru (Nhava Sheva) 24 h later`,
    );
    expect(notice.body).toMatch(/berth congestion/);
    // Their one booking on the voyage: the notice opens its shipment page.
    expect(notice.link).toBe(`/app-dashboard/app-shipment/${mine.id}`);
    // The trail holds both changes with their reasons.
    const trail = await queryRows<{ action: string; comment: string }>(
      t.database.db,
      sql`select action, comment from audit_events where record_type = 'VOYAGE' and record_id = ${voyageId}
        and action = 'CALL_DELAYED' order by id`,
    );
    expect(trail.map((r) => r.comment)).toEqual(['pilotage delay', 'berth congestion at Nhava Sheva']);
    await t.database.db.execute(
      sql`update bookings set voyage_id = null where id in (${mine.id}, ${theirs.id})`,
    );
  });

  it('lets a branch change only the calls at its own port; records arrival and departure; omits a call', async () => {
    const vessel = await newVessel('BRANCHED');
    const service = await newService(
      [
        ['INMAA', 0],
        ['INNSA', 5],
      ],
      [vessel.id],
    );
    const [voyageId] = (await generate(service.id, '2020-01-06', 1)).voyageIds;
    let v = await voyage(voyageId!, branch);
    // Chennai (the branch's port): arrival then departure, both in the past.
    const arrived = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/actuals/`, branch, {
      version: v.version,
      ata: '2020-01-06T07:15:00Z',
    });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().calls[0]).toMatchObject({ status: 'ARRIVED', ata: '2020-01-06T07:15:00Z' });
    v = arrived.json();
    const early = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/actuals/`, branch, {
      version: v.version,
      atd: '2020-01-06T07:00:00Z',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toHaveProperty('atd');
    const departed = await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/actuals/`, branch, {
      version: v.version,
      atd: '2020-01-07T05:00:00Z',
    });
    expect(departed.statusCode, departed.body).toBe(200);
    expect(departed.json().calls[0]).toMatchObject({ status: 'DEPARTED', atd: '2020-01-07T05:00:00Z' });
    v = departed.json();
    // Nhava Sheva is not the branch's: 404, as for a call that does not exist; nothing changes.
    const notMine = await send('POST', `/cp/admin/voyages/${voyageId}/calls/2/omit/`, branch, {
      version: v.version,
      reason: 'port closed',
    });
    expect(notMine.statusCode).toBe(404);
    expect((await voyage(voyageId!)).version).toBe(v.version);
    const omitted = await send('POST', `/cp/admin/voyages/${voyageId}/calls/2/omit/`, admin, {
      version: v.version,
      reason: 'port closed',
    });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json().calls[1].status).toBe('OMITTED');
    // Customers read the voyage; they change nothing.
    expect((await send('GET', `/cp/voyages/${voyageId}`, customer)).json().calls[1].status).toBe('OMITTED');
    expect((await send('POST', `/cp/admin/voyages/${voyageId}/calls/1/omit/`, customer, {})).statusCode).toBe(
      403,
    );
  });

  it('seeds a demo schedule with upcoming sailings on every demo tariff lane', async () => {
    for (const [pol, pod] of [
      ['INNSA', 'AEJEA'],
      ['INNSA', 'SGSIN'],
      ['INNSA', 'NLRTM'],
      ['INMUN', 'SGSIN'],
    ]) {
      const res = await send(
        'GET',
        `/cp/schedules/point-to-point/?pol=${pol}&pod=${pod}&maxTranshipment=0`,
        customer,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.length, `${pol}-${pod}`).toBeGreaterThanOrEqual(3);
    }
    const chennaiToRotterdam = await send(
      'GET',
      '/cp/schedules/point-to-point/?pol=INMAA&pod=NLRTM',
      customer,
    );
    expect(chennaiToRotterdam.json().results[0].transhipment).toMatchObject({ code: 'LKCMB' });
  });
});
