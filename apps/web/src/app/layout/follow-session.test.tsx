import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { type Session, setSession } from '../../lib/session';

const navigate = vi.fn(async () => {});
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));
const { useFollowSession } = await import('./follow-session');

const asUser = (id: number): Session => ({
  accessToken: `token-${id}`,
  refreshToken: `refresh-${id}`,
  user: { id, first_name: 'Asha', last_name: 'Rao' } as Session['user'],
});

/** What another tab's sign-out or sign-in looks like here: the stored session changes, then a `storage` event. */
function otherTabStores(session: Session | null) {
  if (session) window.localStorage.setItem('lading.session', JSON.stringify(session));
  else window.localStorage.removeItem('lading.session');
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'lading.session' }));
  });
}

describe('a signed-in tab follows the session', () => {
  afterEach(() => {
    navigate.mockClear();
    setSession(null);
    window.history.replaceState(null, '', '/');
  });

  it('goes to app-login with the address to come back to when another tab signs out', () => {
    setSession(asUser(7));
    window.history.replaceState(null, '', '/app-dashboard/quotation-list?status=QUOTED');
    renderHook(() => useFollowSession());
    expect(navigate).not.toHaveBeenCalled();

    otherTabStores(null);
    expect(navigate).toHaveBeenCalledWith({
      to: '/app-login',
      search: { redirect: '/app-dashboard/quotation-list?status=QUOTED' },
      replace: true,
    });
  });

  it('never keeps a login page as the address to come back to (a refused call got there first)', () => {
    setSession(asUser(7));
    window.history.replaceState(null, '', '/app-login?redirect=%2Fapp-dashboard%2Fbl-list');
    renderHook(() => useFollowSession());
    act(() => setSession(null));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays put when another tab only renews the tokens', () => {
    setSession(asUser(7));
    renderHook(() => useFollowSession());
    otherTabStores({ ...asUser(7), accessToken: 'renewed' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('forgets the cached answers of a user whose session ended', () => {
    setSession(asUser(7));
    const key = ['quotations', { page: 1 }];
    queryClient.setQueryData(key, { results: ['Q-1'] });
    otherTabStores({ ...asUser(7), accessToken: 'renewed' });
    expect(queryClient.getQueryData(key)).toEqual({ results: ['Q-1'] });
    otherTabStores(null);
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });
});
