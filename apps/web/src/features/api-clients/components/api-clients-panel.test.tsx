import type { ApiClient } from '@lading/contract/api-clients';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../app/toast-host';
import { ApiClientsPanel } from './api-clients-panel';

const SECRET = 'S3cr3t-shown-once-aaaaaaaaaaaaaaaaaaaaaaaaaaa';

const client = (over: Partial<ApiClient>): ApiClient => ({
  id: 1,
  name: 'ERP feed',
  clientId: 'lc_AAAAAAAAAAAAAAAAAAAAAA',
  scopes: ['ebl:read'],
  expiresOn: '2027-01-31',
  status: 'ACTIVE',
  createdAt: '2026-12-01T10:00:00.000Z',
  createdBy: { id: 7, name: 'Asha Rao' },
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Two digits: a date as dd/mm/yyyy `days` from today (UTC), and its ISO form. */
const inDays = (days: number) => {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}/${month}/${year}` };
};

function renderPanel(list: ApiClient[]) {
  let current = [...list];
  const fetchMock = vi.fn(async (url: URL | string, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      const made = client({ id: 2, name: body.name, scopes: body.scopes, expiresOn: body.expiresOn });
      current = [made, ...current];
      return json(
        { client: made, clientSecret: SECRET, tokenUrl: 'http://localhost/authenticate/oauth/token/' },
        201,
      );
    }
    if (init?.method === 'DELETE') {
      const id = Number(path.split('/').at(-2));
      current = current.map((c) =>
        c.id === id ? { ...c, status: 'REVOKED', revokedAt: '2026-12-02T09:00:00.000Z' } : c,
      );
      return json(current.find((c) => c.id === id));
    }
    return json({ results: current });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiClientsPanel />
        <ToastHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

describe('ApiClientsPanel', () => {
  // jsdom lays nothing out: the form's first invalid field is scrolled to (focusFirstInvalid).
  Element.prototype.scrollIntoView ??= () => {};
  afterEach(() => vi.unstubAllGlobals());

  it("lists the company's clients with their scopes, expiry, last use and status; only an active one can be revoked", async () => {
    renderPanel([
      client({ id: 1, name: 'ERP feed', lastUsedAt: '2026-12-01T11:30:00.000Z' }),
      client({ id: 3, name: 'Old feed', status: 'REVOKED', revokedAt: '2026-11-01T08:00:00.000Z' }),
    ]);
    const list = await screen.findByRole('list', { name: 'API clients' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Works until 31\/01\/2027/)).toBeTruthy();
    expect(within(rows[0]!).getByText(/Reads ebl:read/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Revoked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke ERP feed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Old feed' })).toBeNull();
  });

  it('creates a client from a dd/mm/yyyy date and checked scopes, shows the secret once, and forgets it when done', async () => {
    const fetchMock = renderPanel([]);
    expect(await screen.findByText('No API clients yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New API client' }));
    // The dialog is its own chunk, fetched on the first press.
    const dialog = await screen.findByRole('dialog', { name: 'New API client' }, { timeout: 10_000 });

    // Nothing filled: the form names each field and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API client' }));
    expect(await within(dialog).findByText('pick at least one scope')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const until = inDays(30);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Warehouse system' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Works until/ }), {
      target: { value: until.typed },
    });
    const scopes = within(dialog).getByRole('group', { name: /What it may read/ });
    fireEvent.click(within(scopes).getByRole('checkbox', { name: /tnt:read/ }));
    fireEvent.click(within(scopes).getByRole('checkbox', { name: /schedules:read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API client' }));

    const shown = await screen.findByRole('dialog', { name: 'API client “Warehouse system” created' });
    expect(within(shown).getByRole('textbox', { name: 'Client secret' })).toHaveProperty('value', SECRET);
    expect(within(shown).getByRole('button', { name: 'Copy the client secret' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: 'Warehouse system',
      expiresOn: until.iso,
      scopes: ['tnt:read', 'schedules:read'],
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done, I have copied the secret' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(await screen.findByText('Warehouse system')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a client only after the confirm dialog, then shows it revoked', async () => {
    const fetchMock = renderPanel([client({ id: 1, name: 'ERP feed' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke ERP feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke ERP feed?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke API client' }));
    expect(await screen.findByText('API client “ERP feed” revoked')).toBeTruthy();
    const deleted = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(new URL(String(deleted[0])).pathname).toBe('/cp/company/api-clients/1/');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke ERP feed' })).toBeNull());
  });
});
