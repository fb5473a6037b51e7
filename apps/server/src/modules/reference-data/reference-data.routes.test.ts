import type { Country, Party, Port } from '@lading/contract/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parties } from '../../db/schema/companies';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

const HOSTILE_TERMS = ['%', '_', '%%%', '__', "'", "'; drop table ports; --", '\\', '" or 1=1 --', 'a%b_c'];

describe('reference data endpoints (built-in seed)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let staff: { authorization: string };
  const get = (url: string, withToken = true) =>
    t.app.inject({ method: 'GET', url, headers: withToken ? headers : {} });
  /** As carrier staff who review companies (ADMIN.COMPANY.VIEW): they see companies awaiting approval too. */
  const getAsStaff = (url: string) => t.app.inject({ method: 'GET', url, headers: staff });

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    ({ headers } = await signInAs(t, 'customer'));
    ({ headers: staff } = await signInAs(t, 'admin'));
    // A party whose name carries accents and LIKE wildcards, to search for.
    await t.database.db.insert(parties).values([
      { code: 'SAOPAULO', name: 'Companhia São Paulo Exportação', roles: ['CN'], mobile: '+551130000000' },
      { code: 'PCT100', name: '100% Cotton_Mills', roles: ['OS'], isActive: false, status: 'PENDING' },
    ]);
  });
  afterAll(async () => t?.close());

  const ENDPOINTS = [
    '/core/base/v1/ports/?limit=5',
    '/core/base/v1/countries/?query=ind',
    '/core/base/v1/parties/?name=demo',
    '/core/base/v1/parties/party-detail-list/?name=demo',
    '/core/base/v1/parties/party-detail-list-cp/?query=demo',
    '/core/base/v1/hsn-codes/cp-hsn-code-list/',
    '/core/base/v1/cargo-package-types/cargo-package-types-cp/',
    '/core/base/v1/iso-equipment/',
    '/core/base/v1/cargo-types/',
    '/core/base/v1/category-unit-mapping/',
    '/cp/base/railway-station/?name=delhi',
  ];

  it.each(ENDPOINTS)('%s answers 401 without a bearer token', async (url) => {
    const res = await get(url, false);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('does not answer the paths without their trailing slash', async () => {
    const res = await get('/core/base/v1/ports?limit=5');
    expect(res.statusCode).toBe(404);
  });

  describe('ports', () => {
    it('finds a sea port by name, exact code first, case- and accent-insensitively', async () => {
      const res = await get('/core/base/v1/ports/?limit=5&name=NHAVA&portType=SP,DP');
      expect(res.statusCode).toBe(200);
      const { results } = res.json() as { results: Port[] };
      expect(results[0]).toMatchObject({ code: 'INNSA', countryCode: 'IN', countryName: 'India' });
      expect(results[0]!.portTypes).toEqual(expect.arrayContaining(['SP', 'DP']));

      const byCode = (await get('/core/base/v1/ports/?limit=5&name=innsa')).json() as { results: Port[] };
      expect(byCode.results[0]!.code).toBe('INNSA');

      const accented = (
        await get(`/core/base/v1/ports/?limit=5&name=${encodeURIComponent('São Francisco')}`)
      ).json();
      const plain = (await get('/core/base/v1/ports/?limit=5&name=SAO%20FRANCISCO')).json();
      expect(accented.results.map((port: Port) => port.code)).toContain('BRSFS');
      expect(plain).toEqual(accented);
    });

    it('ranks an exact code, then code prefixes, then names that start with the term', async () => {
      const { results } = (await get('/core/base/v1/ports/?limit=5&name=AEJEA')).json() as {
        results: Port[];
      };
      expect(results.map((port) => port.code)).toEqual(['AEJEA']);
      const prefix = (await get('/core/base/v1/ports/?limit=5&name=rott')).json() as { results: Port[] };
      expect(prefix.results[0]!.name.toLowerCase().startsWith('rotterdam')).toBe(true);
      const shortPrefix = (await get('/core/base/v1/ports/?limit=5&name=ae')).json() as { results: Port[] };
      expect(shortPrefix.results.length).toBe(5);
      expect(shortPrefix.results.every((port) => port.code.startsWith('AE'))).toBe(true);
    });

    it('filters by port type: AP gives airports, SP,DP sea ports', async () => {
      const airports = (await get('/core/base/v1/ports/?limit=5&name=frankfurt&portType=AP')).json() as {
        results: Port[];
      };
      expect(airports.results.map((port) => port.code)).toEqual(['DEFRA']);
      const seaPorts = (await get('/core/base/v1/ports/?limit=5&name=frankfurt&portType=SP,DP')).json() as {
        results: Port[];
      };
      expect(seaPorts.results).toEqual([]);
      // Mumbai is both: a sea port and an airport.
      const both = (await get('/core/base/v1/ports/?portType=AP&code=INBOM&limit=5')).json() as {
        results: Port[];
      };
      expect(both.results[0]!.portTypes).toEqual(expect.arrayContaining(['SP', 'DP', 'AP']));
    });

    it('looks a code up by prefix with ?portType&code&limit', async () => {
      const { results } = (await get('/core/base/v1/ports/?portType=SP&code=innsa&limit=5')).json() as {
        results: Port[];
      };
      expect(results.map((port) => port.code)).toEqual(['INNSA']);
      const prefix = (await get('/core/base/v1/ports/?portType=SP&code=IN&limit=5')).json() as {
        results: Port[];
      };
      expect(prefix.results).toHaveLength(5);
      expect(prefix.results.every((port) => port.code.startsWith('IN'))).toBe(true);
    });

    it('returns the full list up to limit=1000, in code order, and 5 by default', async () => {
      const { results } = (await get('/core/base/v1/ports/?limit=1000')).json() as { results: Port[] };
      expect(results).toHaveLength(1000);
      const codes = results.map((port) => port.code);
      expect([...codes].sort()).toEqual(codes);
      const defaults = (await get('/core/base/v1/ports/')).json() as { results: Port[] };
      expect(defaults.results).toHaveLength(5);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['portType=XX', 'portType'],
      ['portType=SP,ZZ', 'portType'],
      [`name=${'x'.repeat(101)}`, 'name'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const res = await get(`/core/base/v1/ports/?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields)).toContain(field);
      expect(body.error.message).toMatch(new RegExp(`^${field}`));
    });

    it.each(HOSTILE_TERMS)('treats %j as plain text to search for', async (term) => {
      const res = await get(`/core/base/v1/ports/?limit=5&name=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ results: [] });
      const byCode = await get(`/core/base/v1/ports/?limit=5&code=${encodeURIComponent(term)}`);
      expect(byCode.statusCode).toBe(200);
      expect(byCode.json()).toEqual({ results: [] });
    });
  });

  describe('countries', () => {
    it('finds a country by name or code, with its calling code', async () => {
      const { results } = (await get('/core/base/v1/countries/?query=india')).json() as {
        results: Country[];
      };
      expect(results[0]).toMatchObject({ code: 'IN', alpha3: 'IND', name: 'India', callingCode: '91' });
      const byCode = (await get('/core/base/v1/countries/?query=de')).json() as { results: Country[] };
      expect(byCode.results[0]!.code).toBe('DE');
      const byAlpha3 = (await get('/core/base/v1/countries/?query=are')).json() as { results: Country[] };
      expect(byAlpha3.results.map((country) => country.code)).toContain('AE');
    });

    it('ignores accents and case', async () => {
      const { results } = (
        await get(`/core/base/v1/countries/?query=${encodeURIComponent('CÔTE')}`)
      ).json() as {
        results: Country[];
      };
      expect(results.map((country) => country.code)).toContain('CI');
    });

    it('lists all ISO 3166 countries without a query', async () => {
      const { results } = (await get('/core/base/v1/countries/')).json() as { results: Country[] };
      expect(results.length).toBeGreaterThanOrEqual(249);
      expect(results.filter((country) => country.callingCode).length).toBeGreaterThanOrEqual(240);
    });

    it.each(HOSTILE_TERMS)('treats %j as plain text', async (term) => {
      const res = await get(`/core/base/v1/countries/?query=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ results: [] });
    });
  });

  describe('parties', () => {
    it('finds parties by name with id, name, mobile, address, emailId, code and externalId; 5 at most', async () => {
      const res = await get('/core/base/v1/parties/?name=demo%20exp');
      expect(res.statusCode).toBe(200);
      const [party] = res.json() as Party[];
      expect(party).toEqual({
        id: expect.any(Number),
        code: 'DEMOEXP',
        externalId: 'P-100001',
        name: 'Demo Exports Pvt Ltd',
        mobile: '+912266001100',
        address: 'Plot 14, MIDC Andheri East, Mumbai 400093, India',
        emailId: 'docs@demoexports.example',
      });
      const many = (await get('/core/base/v1/parties/?name=a')).json() as Party[];
      expect(many.length).toBeLessThanOrEqual(5);
    });

    it('matches accent-insensitively and finds wildcard characters literally', async () => {
      const accents = (await get('/core/base/v1/parties/?name=exportacao')).json() as Party[];
      expect(accents.map((party) => party.code)).toEqual(['SAOPAULO']);
      const percent = (
        await getAsStaff(`/core/base/v1/parties/?name=${encodeURIComponent('100%')}`)
      ).json() as Party[];
      expect(percent.map((party) => party.code)).toEqual(['PCT100']);
      const underscore = (
        await getAsStaff(`/core/base/v1/parties/?name=${encodeURIComponent('n_m')}`)
      ).json() as Party[];
      expect(underscore).toEqual([]);
    });

    it('party-detail-list filters by partyStatus and isActive when given', async () => {
      const all = (
        await getAsStaff('/core/base/v1/parties/party-detail-list/?name=cotton')
      ).json() as Party[];
      expect(all.map((party) => party.code)).toEqual(['PCT100']);
      const approved = (
        await getAsStaff(
          '/core/base/v1/parties/party-detail-list/?name=cotton&partyStatus=APPR&isActive=true',
        )
      ).json() as Party[];
      expect(approved).toEqual([]);
      const pending = (
        await get('/core/base/v1/parties/party-detail-list/?name=newco&partyStatus=APPR')
      ).json();
      expect(pending).toEqual([]);
      const bad = await get('/core/base/v1/parties/party-detail-list/?name=x&isActive=maybe');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('isActive');
    });

    // Issue 27, finding 2: a company another customer just requested (PENDING: name, address, mobile, e-mail) was
    // listed to every signed-in user, first when no name was given.
    it('offers a customer approved, active companies only, whatever the filters; staff who review companies see all', async () => {
      const urls = [
        '/core/base/v1/parties/?name=cotton',
        '/core/base/v1/parties/?name=',
        '/core/base/v1/parties/party-detail-list/?name=cotton',
        '/core/base/v1/parties/party-detail-list/?name=cotton&partyStatus=PENDING',
        '/core/base/v1/parties/party-detail-list/?name=cotton&isActive=false',
        '/core/base/v1/parties/party-detail-list/?name=',
      ];
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(
          (res.json() as Party[]).map((party) => party.code),
          url,
        ).not.toContain('PCT100');
      }
      const asStaff = (await getAsStaff('/core/base/v1/parties/?name=cotton')).json() as Party[];
      expect(asStaff.map((party) => party.code)).toEqual(['PCT100']);
    });

    it('party-detail-list-cp offers approved, active companies only', async () => {
      const demo = (await get('/core/base/v1/parties/party-detail-list-cp/?query=harbour')).json() as Party[];
      expect(demo.map((party) => party.code)).toEqual(['HARBOUR']);
      const pending = (await get('/core/base/v1/parties/party-detail-list-cp/?query=newco')).json();
      expect(pending).toEqual([]);
    });

    it.each(HOSTILE_TERMS.filter((term) => term !== '%'))('treats %j as plain text', async (term) => {
      const res = await get(`/core/base/v1/parties/party-detail-list-cp/?query=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  describe('HS codes', () => {
    it('lists commodities only (6-digit subheadings, 8-digit tariff lines), never chapters or headings', async () => {
      const list = (await get('/core/base/v1/hsn-codes/cp-hsn-code-list/')).json() as {
        hsnCode: string;
        commodity: string;
        level: number;
      }[];
      expect(list.filter((row) => row.level === 2 || row.level === 4)).toEqual([]);
      expect(list.every((row) => /^\d{6}(\d{2})?$/.test(row.hsnCode))).toBe(true);
      expect(list.find((row) => row.commodity === 'Cotton')).toBeUndefined();
      expect(list.filter((row) => row.level === 6).length).toBeGreaterThanOrEqual(300);
      expect(list.find((row) => row.hsnCode === '610910')?.commodity).toMatch(/T-shirts/);
    });

    it('narrows to commodities starting with a text (case-insensitive), or codes with that prefix', async () => {
      const list = (
        await get('/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=COTTON')
      ).json() as {
        hsnCode: string;
        commodity: string;
      }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((row) => row.commodity.toLowerCase().startsWith('cotton'))).toBe(true);
      const byCode = (await get('/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=8471')).json();
      expect(byCode.map((row: { hsnCode: string }) => row.hsnCode)).toContain('847130');
      const hostile = await get(
        `/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=${encodeURIComponent('%')}`,
      );
      expect(hostile.json()).toEqual([]);
    });
  });

  describe('small lists', () => {
    it('package types are the UN/ECE Recommendation 21 codes', async () => {
      const list = (await get('/core/base/v1/cargo-package-types/cargo-package-types-cp/')).json() as {
        code: string;
        name: string;
      }[];
      expect(list.length).toBeGreaterThan(300);
      expect(list).toContainEqual({ id: expect.any(Number), code: 'CT', name: 'Carton' });
      expect(list).toContainEqual({ id: expect.any(Number), code: 'PX', name: 'Pallet' });
    });

    it('ISO equipment holds the size-type codes with group, length and TEU', async () => {
      const list = (await get('/core/base/v1/iso-equipment/')).json() as { code: string; teu: number }[];
      for (const code of ['22G1', '42G1', '45G1', '22R1', '45R1', '22U1', '22T1']) {
        expect(list.map((row) => row.code)).toContain(code);
      }
      expect(list.find((row) => row.code === '45G1')).toMatchObject({
        groupCode: 'HC',
        lengthFt: 40,
        teu: 2,
      });
    });

    it('cargo types hold GEN, ODO, PEF, FLX, HAZ and the hazard classes under HAZ', async () => {
      const list = (await get('/core/base/v1/cargo-types/')).json() as {
        code: string;
        parentCode: string | null;
      }[];
      expect(list.filter((row) => !row.parentCode).map((row) => row.code)).toEqual([
        'GEN',
        'ODO',
        'PEF',
        'FLX',
        'HAZ',
      ]);
      expect(list.filter((row) => row.parentCode === 'HAZ').map((row) => row.code)).toEqual(
        Array.from({ length: 9 }, (_, index) => `CLASS${index + 1}`),
      );
    });

    it('unit mapping holds the unit kinds of section 9 with units and conversion factors', async () => {
      const list = (await get('/core/base/v1/category-unit-mapping/')).json() as {
        category: string;
        units: { code: string; factorToBase: number }[];
      }[];
      expect(list.map((row) => row.category)).toEqual([
        'Length',
        'Mass',
        'Electric Current',
        'Amount of Substance',
        'Time',
        'Luminous Intensity',
      ]);
      const mass = list.find((row) => row.category === 'Mass')!;
      expect(mass.units.map((unit) => unit.code)).toEqual(expect.arrayContaining(['kg', 'MT', 'g']));
      expect(mass.units.find((unit) => unit.code === 'MT')?.factorToBase).toBe(1000);
    });
  });

  describe('railway stations', () => {
    it('finds stations and ICDs by name or code, 5 at most', async () => {
      const res = await get('/cp/base/railway-station/?name=tughlakabad');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: expect.any(Number), code: 'TKD', name: 'ICD Tughlakabad', state: 'Delhi', kind: 'ICD' },
      ]);
      const byCode = (await get('/cp/base/railway-station/?name=ndls')).json();
      expect(byCode[0].code).toBe('NDLS');
      const many = (await get('/cp/base/railway-station/?name=junction')).json();
      expect(many).toHaveLength(5);
    });

    it.each(HOSTILE_TERMS)('treats %j as plain text', async (term) => {
      const res = await get(`/cp/base/railway-station/?name=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  it('documents every reference path with its response schema in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    for (const url of ENDPOINTS) {
      const path = url.split('?')[0]!;
      expect(doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema).toBeDefined();
    }
    const ports = doc.paths['/core/base/v1/ports/'].get;
    expect(ports.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['limit', 'name', 'code', 'portType']),
    );
  });
});
