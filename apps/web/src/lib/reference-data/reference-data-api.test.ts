import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { findCountries } from './find-countries';
import { findHsnCodes } from './find-hsn-codes';
import { findPackageTypes } from './find-package-types';
import { findPartyDetails } from './find-party-details';
import { findPorts } from './find-ports';
import { findRailwayStations } from './find-railway-stations';
import { findPortByCode } from './find-sea-ports';

// Unit tests of the fetchers: fetch is stubbed, no server is involved.
describe('reference data fetchers', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('{"results":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const calledUrl = () => {
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]));
    return `${url.pathname}${url.search}`;
  };

  it('asks for ports with the specification query names and passes the abort signal', async () => {
    const controller = new AbortController();
    await findPorts({ limit: 5, name: 'rot', portType: ['SP', 'DP'] }, controller.signal);
    expect(calledUrl()).toBe('/core/base/v1/ports/?limit=5&name=rot&portType=SP%2CDP');
    expect(fetchMock.mock.calls.at(-1)![1]?.signal).toBe(controller.signal);
    await findPorts({ limit: 1000 });
    expect(calledUrl()).toBe('/core/base/v1/ports/?limit=1000');
    await findPorts({ limit: 5, code: 'INNSA', portType: ['AP'] });
    expect(calledUrl()).toBe('/core/base/v1/ports/?limit=5&code=INNSA&portType=AP');
  });

  it('finds a port by its exact UN/LOCODE among the prefix matches', async () => {
    const port = (code: string) => ({ id: code.length, code, name: code });
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ results: [port('INNSA1'), port('INNSA')] }), { status: 200 }),
    );
    expect((await findPortByCode('innsa'))?.code).toBe('INNSA');
    expect(calledUrl()).toBe('/core/base/v1/ports/?limit=5&code=innsa');
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ results: [port('INNSA1')] }), { status: 200 }),
    );
    expect(await findPortByCode('INNSA')).toBeNull();
  });

  it('uses the paths of section 7, trailing slashes included', async () => {
    await findCountries('ind');
    expect(calledUrl()).toBe('/core/base/v1/countries/?query=ind');
    await findPartyDetails({ name: 'demo', partyStatus: 'APPR', isActive: true });
    expect(calledUrl()).toBe(
      '/core/base/v1/parties/party-detail-list/?name=demo&partyStatus=APPR&isActive=true',
    );
    await findHsnCodes('cot');
    expect(calledUrl()).toBe('/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=cot');
    await findPackageTypes();
    expect(calledUrl()).toBe('/core/base/v1/cargo-package-types/cargo-package-types-cp/');
    await findRailwayStations('delhi');
    expect(calledUrl()).toBe('/cp/base/railway-station/?name=delhi');
  });

  it('rejects with the server error, field included', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'portType: must be…',
            fields: { portType: 'must be…' },
          },
        }),
        { status: 400 },
      ),
    );
    const error = await findPorts({ limit: 5, name: 'x' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fields).toHaveProperty('portType');
  });
});
