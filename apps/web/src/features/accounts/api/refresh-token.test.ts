import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, type Session, setSession } from '../../../lib/session';
import { refreshAccessToken } from './refresh-token';

const user = { id: 7, first_name: 'Asha', last_name: 'Rao' } as Session['user'];
const session = (accessToken: string, refreshToken: string): Session => ({ accessToken, refreshToken, user });

// Two tabs share the stored session: fetch is stubbed, localStorage is jsdom's.
describe('renewing the access token', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    setSession(null);
  });

  it('spends the refresh token once and stores the rotated pair', async () => {
    setSession(session('access-1', 'refresh-1'));
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 300 }),
        { status: 200 },
      ),
    );
    expect(await refreshAccessToken()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![1]!.body)).toContain('refresh_token=refresh-1');
    expect(getSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('takes the pair another tab renewed before its storage event arrived, without spending the old one', async () => {
    setSession(session('access-1', 'refresh-1'));
    // The other tab's write, not yet announced to this one.
    window.localStorage.setItem('lading.session', JSON.stringify(session('access-2', 'refresh-2')));
    expect(await refreshAccessToken()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()?.accessToken).toBe('access-2');
  });

  it('takes the other tab’s pair when the server refused the old refresh token because it was just spent', async () => {
    setSession(session('access-1', 'refresh-1'));
    fetchMock.mockImplementationOnce(async () => {
      window.localStorage.setItem('lading.session', JSON.stringify(session('access-2', 'refresh-2')));
      return new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 });
    });
    expect(await refreshAccessToken()).toBe(true);
    expect(getSession()?.accessToken).toBe('access-2');
  });

  it('fails when the refresh token is refused and nobody renewed it (the session was ended)', async () => {
    setSession(session('access-1', 'refresh-1'));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 }),
    );
    expect(await refreshAccessToken()).toBe(false);
  });
});
