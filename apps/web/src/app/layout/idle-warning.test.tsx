import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, type Session, setSession } from '../../lib/session';
import { IdleWarning, noteIdleRemaining } from './idle-warning';

const signedIn: Session = {
  accessToken: 'token-7',
  user: { id: 7, first_name: 'Asha', last_name: 'Rao' } as Session['user'],
};

/** The server: every answer says how long the session has left (what it would after the call). */
function serverSays(remainingSeconds: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string) => {
      calls.push(String(url));
      return new Response('[]', {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-session-idle-remaining': String(remainingSeconds) },
      });
    }),
  );
  return calls;
}

const renderWarning = () =>
  render(
    <MantineProvider env="test">
      <IdleWarning />
    </MantineProvider>,
  );

describe('the idle warning', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    setSession(null);
  });

  it('asks "Still there?" a minute before the idle end, and "Stay signed in" makes a call that moves the end on', async () => {
    setSession(signedIn);
    const calls = serverSays(30 * 60);
    noteIdleRemaining(45);
    renderWarning();
    const dialog = await screen.findByRole('dialog', { name: 'Still there?' });
    expect(dialog.textContent).toMatch(/signed out in \d+ s/);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still there?' })).toBeNull());
    // One call made for the user (not marked as background): the server counts it as activity.
    expect(calls.some((url) => url.endsWith('/authenticate/oauth/sessions/'))).toBe(true);
    const request = vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit;
    expect((request.headers as Record<string, string>)['x-lading-background']).toBeUndefined();
    expect(getSession()).not.toBeNull();
  });

  it('signs out at once when the user chooses "Sign out"', async () => {
    setSession(signedIn);
    const calls = serverSays(30);
    noteIdleRemaining(30);
    renderWarning();
    await screen.findByRole('dialog', { name: 'Still there?' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(calls.some((url) => url.endsWith('/authenticate/oauth/logout/'))).toBe(true);
  });

  it('closes the question when another tab was used meanwhile', async () => {
    setSession(signedIn);
    serverSays(30 * 60);
    noteIdleRemaining(40);
    renderWarning();
    await screen.findByRole('dialog', { name: 'Still there?' });
    // Another tab's call: the shared end moves 30 minutes on, and this tab hears of it by a storage event.
    act(() => {
      window.localStorage.setItem('lading.idle-ends-at', String(Date.now() + 30 * 60_000));
      window.dispatchEvent(new StorageEvent('storage', { key: 'lading.idle-ends-at' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still there?' })).toBeNull());
  });

  it('says nothing while the end is more than a minute away', async () => {
    setSession(signedIn);
    serverSays(30 * 60);
    noteIdleRemaining(30 * 60);
    renderWarning();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
