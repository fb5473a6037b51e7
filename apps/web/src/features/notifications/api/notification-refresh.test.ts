import { NOTIFICATION_KINDS, type Notification } from '@lading/contract/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { keysRefreshedBy, REFRESHED_BY_KIND } from './notification-refresh';
import { useRefreshOnNewNotices } from './refresh-on-new-notices';

describe('what each kind of notice refreshes', () => {
  it('names caches for every kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(REFRESHED_BY_KIND[kind].length).toBeGreaterThan(0);
  });

  it('refreshes the lists and details of the records the issue names', () => {
    expect(keysRefreshedBy([{ kind: 'QUOTATION_PRICED' }])).toContainEqual(sharedQueryRoots.quotations);
    expect(keysRefreshedBy([{ kind: 'BL_RETURNED' }])).toEqual(
      expect.arrayContaining([sharedQueryRoots.billOfLadingLists, sharedQueryRoots.billsOfLading]),
    );
    expect(keysRefreshedBy([{ kind: 'BOOKING_CONFIRMED' }])).toContainEqual(sharedQueryRoots.bookings);
    expect(keysRefreshedBy([{ kind: 'BOOKING_ROLLED_OVER' }])).toContainEqual(sharedQueryRoots.bookings);
    expect(keysRefreshedBy([{ kind: 'VOYAGE_DELAYED' }])).toContainEqual(sharedQueryRoots.bookings);
    expect(keysRefreshedBy([{ kind: 'BOOKING_REQUESTED' }])).toContainEqual(
      sharedQueryRoots.bookingsToConfirm,
    );
  });

  it('names each cache once, however many notices name it', () => {
    const keys = keysRefreshedBy([
      { kind: 'BL_RETURNED' },
      { kind: 'BL_APPROVED' },
      { kind: 'BOOKING_CONFIRMED' },
    ]);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });
});

const notice = (id: number, kind: Notification['kind']): Notification => ({
  id,
  kind,
  title: `Notice ${id}`,
  body: '',
  link: '/app-dashboard',
  createdAt: '2026-05-12T10:00:00Z',
  readAt: null,
});

describe('the bell’s new notices refresh the open screens', () => {
  const quotationList = [...sharedQueryRoots.quotations, { page: 1 }];
  const bookingList = [...sharedQueryRoots.bookings, { page: 1 }];

  function mount() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(quotationList, { results: [] });
    queryClient.setQueryData(bookingList, { results: [] });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const hook = renderHook(({ notices }) => useRefreshOnNewNotices(notices), {
      wrapper,
      initialProps: { notices: undefined as Notification[] | undefined },
    });
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    return { hook, stale };
  }

  it('leaves the screens alone on the first read and when a notice is only marked read', async () => {
    const { hook, stale } = mount();
    hook.rerender({ notices: [notice(1, 'QUOTATION_PRICED')] });
    hook.rerender({ notices: [{ ...notice(1, 'QUOTATION_PRICED'), readAt: '2026-05-12T10:01:00Z' }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stale(quotationList)).toBe(false);
  });

  it('refreshes the quotation lists when a quotation is priced, not the booking lists', async () => {
    const { hook, stale } = mount();
    hook.rerender({ notices: [notice(1, 'BL_ISSUED')] });
    hook.rerender({ notices: [notice(2, 'QUOTATION_PRICED'), notice(1, 'BL_ISSUED')] });
    await waitFor(() => expect(stale(quotationList)).toBe(true));
    expect(stale(bookingList)).toBe(false);
  });
});
