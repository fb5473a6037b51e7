import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { billPath, HSN_CODES_PATH, PACKAGE_TYPES_PATH, startFirstLoadCalls } from './early-calls';
import { setSession } from './session';

// fetch is stubbed: which calls a first load of bl_view starts from the entry, in which order, and who takes them.
describe("bl_view's first-load calls (lib/early-calls.ts)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const paths = () => fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) => answer({ path: new URL(String(url)).pathname }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    setSession(null);
  });
  const signIn = (withAuthData: boolean) =>
    setSession({
      accessToken: 't',
      user: { id: 3 } as never,
      ...(withAuthData ? { authData: { permissions: [] } as never } : {}),
    });

  it('asks for the package types first, the bill once they are in, the HS codes and deadlines beside them', async () => {
    signIn(true);
    startFirstLoadCalls('/bl_view/18');
    expect(paths()).toEqual([PACKAGE_TYPES_PATH, HSN_CODES_PATH, '/cp/bill-of-ladings/18/deadlines/']);
    await vi.waitFor(() => expect(paths()).toContain(billPath(18)));
    expect(paths().indexOf(billPath(18))).toBeGreaterThan(paths().indexOf(PACKAGE_TYPES_PATH));
  });

  it('lets the first ask of a path take its call in flight; later asks send their own', async () => {
    signIn(true);
    startFirstLoadCalls('/bl_view/18/');
    await expect(apiRequest(PACKAGE_TYPES_PATH)).resolves.toEqual({ path: PACKAGE_TYPES_PATH });
    await expect(apiRequest(HSN_CODES_PATH, { query: { commodityStartsWith: undefined } })).resolves.toEqual({
      path: HSN_CODES_PATH,
    });
    expect(paths().filter((p) => p === PACKAGE_TYPES_PATH)).toHaveLength(1);
    await apiRequest(PACKAGE_TYPES_PATH);
    expect(paths().filter((p) => p === PACKAGE_TYPES_PATH)).toHaveLength(2);
  });

  it('starts nothing signed out, without stored auth data (the guard waits for it) or on another address', () => {
    startFirstLoadCalls('/bl_view/18');
    signIn(false);
    startFirstLoadCalls('/bl_view/18');
    signIn(true);
    startFirstLoadCalls('/app-dashboard/bl-list');
    startFirstLoadCalls('/bl_view/abc');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
