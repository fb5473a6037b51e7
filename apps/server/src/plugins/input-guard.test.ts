import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/auth';
import { createTestApp, type TestApp } from '../test/test-app';
import { findNulCharacter } from './input-guard';

const NUL = '\u0000';
const TOO_BIG = 2_147_483_648;

describe('findNulCharacter', () => {
  it('names the path of the first string or key holding U+0000, and walks deep bodies without recursion', () => {
    expect(findNulCharacter({ a: 'fine', b: [{ c: 'x' }, { d: `y${NUL}` }] })).toBe('b.1.d');
    expect(findNulCharacter({ [`k${NUL}`]: 'v' })).toBe('request');
    expect(findNulCharacter('plain')).toBeNull();
    let deep: unknown = `end${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)*$/);
  });
});

/**
 * The inputs the attack found giving 500: a NUL character in text (PostgreSQL text cannot hold it) and ids beyond
 * PostgreSQL's integer. Each must be a 400 naming the field, with nothing written.
 */
describe('hostile input gets a 400 naming the field, never a 5xx', () => {
  let t: TestApp;
  let customer: { authorization: string };
  let admin: { authorization: string };
  let userId: number;
  let billId: number;
  let billBody: Record<string, unknown>;
  let pendingBillId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    const a = await signInAs(t, 'customer');
    customer = a.headers;
    userId = a.userId;
    admin = (await signInAs(t, 'admin')).headers;
    const list = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?bl_number=LDG26110004',
      headers: customer,
    });
    billId = list.json().results[0].id;
    const bill = (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: customer })
    ).json();
    billBody = toUpdatePayload(bill, prefillBillForm(bill)) as unknown as Record<string, unknown>;
    const pending = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?bl_number=LDG26110003',
      headers: customer,
    });
    pendingBillId = pending.json().results[0].id;
  });
  afterAll(() => t.close());

  const withContainer = (patch: Record<string, unknown>) => {
    const rows = billBody.blContainerDetails as Record<string, unknown>[];
    return { ...billBody, blContainerDetails: [{ ...rows[0], ...patch }, ...rows.slice(1)] };
  };
  const withCargo = (patch: Record<string, unknown>) => {
    const rows = billBody.blCargoDetails as Record<string, unknown>[];
    return { ...billBody, blCargoDetails: [{ ...rows[0], ...patch }, ...rows.slice(1)] };
  };

  type Case = { name: string; field: string; request: () => InjectOptions };
  const cases: Case[] = [
    // NUL characters.
    {
      name: 'bill save, a text field',
      field: 'marksAndNos',
      request: () => ({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${billId}/`,
        headers: customer,
        payload: { ...billBody, marksAndNos: `MARKS${NUL}` },
      }),
    },
    {
      name: 'bill save, a container seal',
      field: 'blContainerDetails.0.sealNo',
      request: () => ({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${billId}/`,
        headers: customer,
        payload: withContainer({ sealNo: `S${NUL}1` }),
      }),
    },
    {
      name: 'list filter',
      field: 'bl_number',
      request: () => ({ method: 'GET', url: '/cp/bill-of-ladings/?bl_number=LDG%00', headers: customer }),
    },
    {
      name: 'ports',
      field: 'name',
      request: () => ({ method: 'GET', url: '/core/base/v1/ports/?name=mum%00', headers: customer }),
    },
    {
      name: 'countries',
      field: 'query',
      request: () => ({ method: 'GET', url: '/core/base/v1/countries/?query=in%00', headers: customer }),
    },
    {
      name: 'parties',
      field: 'name',
      request: () => ({ method: 'GET', url: '/core/base/v1/parties/?name=de%00mo', headers: customer }),
    },
    {
      name: 'party details (customer portal)',
      field: 'query',
      request: () => ({
        method: 'GET',
        url: '/core/base/v1/parties/party-detail-list-cp/?query=%00',
        headers: customer,
      }),
    },
    {
      name: 'HS codes',
      field: 'commodityStartsWith',
      request: () => ({
        method: 'GET',
        url: '/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=co%00',
        headers: customer,
      }),
    },
    {
      name: 'railway stations',
      field: 'name',
      request: () => ({ method: 'GET', url: '/cp/base/railway-station/?name=del%00', headers: customer }),
    },
    {
      name: 'login',
      field: 'username',
      request: () => ({
        method: 'POST',
        url: '/authenticate/oauth/login/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a%00b%40example.com&password=whatever123&client_id=lading-portal',
      }),
    },
    {
      name: 'sign-up',
      field: 'first_name',
      request: () => ({
        method: 'POST',
        url: '/authenticate/oauth/users/create-cp-users/',
        payload: {
          username: 'nul@example.com',
          email: 'nul@example.com',
          password: 'harbour crane at dusk',
          first_name: `Mi${NUL}ra`,
          last_name: 'Nair',
          party: null,
        },
      }),
    },
    {
      name: 'profile',
      field: 'address',
      request: () => ({
        method: 'PATCH',
        url: `/authenticate/oauth/users/${userId}/update-cp-users/`,
        headers: customer,
        payload: {
          id: userId,
          party: 1,
          country: 'India',
          contact_number: '+912226000001',
          address: `A${NUL}`,
        },
      }),
    },
    {
      name: 'mail message',
      field: 'message',
      request: () => ({
        method: 'POST',
        url: '/cp/bill-of-ladings/send_mail_bl/',
        headers: customer,
        payload: { blId: billId, to: ['x@example.com'], message: `hello${NUL}` },
      }),
    },
    {
      name: 'return comment',
      field: 'comment',
      request: () => ({
        method: 'POST',
        url: `/cp/bill-of-ladings/${pendingBillId}/return/`,
        headers: { ...admin, 'if-match': 'W/"1"' },
        payload: { comment: `fix${NUL}` },
      }),
    },
    // Ids beyond PostgreSQL's integer.
    {
      name: 'profile party',
      field: 'party',
      request: () => ({
        method: 'PATCH',
        url: `/authenticate/oauth/users/${userId}/update-cp-users/`,
        headers: customer,
        payload: {
          id: userId,
          party: TOO_BIG,
          country: 'India',
          contact_number: '+912226000001',
          address: 'A',
        },
      }),
    },
    {
      name: 'cargo hsnCode',
      field: 'blCargoDetails.0.hsnCode',
      request: () => ({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${billId}/`,
        headers: customer,
        payload: withCargo({ hsnCode: TOO_BIG }),
      }),
    },
    {
      name: 'container packageTypeId',
      field: 'blContainerDetails.0.packageTypeId',
      request: () => ({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${billId}/`,
        headers: customer,
        payload: withContainer({ packageTypeId: TOO_BIG }),
      }),
    },
    {
      name: 'notify partyId',
      field: 'blNotifyPartyDetails.0.partyId',
      request: () => ({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${billId}/`,
        headers: customer,
        payload: { ...billBody, blNotifyPartyDetails: [{ partyId: TOO_BIG, partyNameInBl: 'X' }] },
      }),
    },
    ...(['pol_id', 'pod_id', 'created_by_id'] as const).map((field) => ({
      name: `list ${field}`,
      field,
      request: (): InjectOptions => ({
        method: 'GET',
        url: `/cp/bill-of-ladings/?${field}=${TOO_BIG}`,
        headers: customer,
      }),
    })),
    {
      name: 'users/{id}',
      field: 'id',
      request: () => ({ method: 'GET', url: `/authenticate/oauth/users/${TOO_BIG}`, headers: customer }),
    },
    {
      name: 'check-first-login',
      field: 'id',
      request: () => ({
        method: 'GET',
        url: `/authenticate/oauth/users/check-first-login/?id=${TOO_BIG}`,
        headers: customer,
      }),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: 400 naming ${c.field}`, async () => {
      const bill = await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${billId}`,
        headers: customer,
      });
      const res = await t.app.inject(c.request());
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      const fields = (typeof body.error === 'string' ? body.fields : body.error.fields) as Record<
        string,
        string
      >;
      expect(Object.keys(fields)).toContain(c.field);
      const after = await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${billId}`,
        headers: customer,
      });
      expect(after.json().version).toBe(bill.json().version);
    });
  }
});
