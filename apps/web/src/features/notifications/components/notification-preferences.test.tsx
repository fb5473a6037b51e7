import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../app/toast-host';
import { NotificationPreferencesPanel } from './notification-preferences';

const preferences = {
  results: [
    { kind: 'BL_APPROVED', label: 'Bill of lading approved', email: true },
    { kind: 'BL_RETURNED', label: 'Bill of lading returned with a comment', email: true },
    { kind: 'QUOTATION_PRICED', label: 'Quotation priced', email: false },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPanel(answerPut: (body: { preferences: { kind: string; email: boolean }[] }) => Response) {
  const fetchMock = vi.fn(async (_url: URL | string, init?: RequestInit) =>
    init?.method === 'PUT' ? answerPut(JSON.parse(String(init.body))) : json(preferences),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationPreferencesPanel />
        <ToastHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

describe('NotificationPreferencesPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('groups the kinds the API gives, saves every kind and says so', async () => {
    const fetchMock = renderPanel(({ preferences: sent }) =>
      json({
        results: preferences.results.map((p) => ({
          ...p,
          email: sent.find((s) => s.kind === p.kind)!.email,
        })),
      }),
    );
    const bills = await screen.findByRole('group', { name: 'Bills of lading' });
    expect(within(bills).getAllByRole('switch')).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Quotations' })).getByRole('switch')).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.queryByRole('group', { name: 'Bookings' })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save e-mail preferences' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('switch', { name: 'Bill of lading returned with a comment' }));
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);

    expect(await screen.findByText('E-mail preferences saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toMatch(/\/cp\/notifications\/preferences\/$/);
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      preferences: [
        { kind: 'BL_APPROVED', email: true },
        { kind: 'BL_RETURNED', email: false },
        { kind: 'QUOTATION_PRICED', email: false },
      ],
    });
    // Saved: the form is clean again, with the saved state.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(screen.getByRole('switch', { name: 'Bill of lading returned with a comment' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it("says the save failed with the server's message and keeps the change", async () => {
    renderPanel(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'preferences.0.kind: is not a notice you receive',
            fields: { 'preferences.0.kind': 'is not a notice you receive' },
          },
        },
        400,
      ),
    );
    fireEvent.click(await screen.findByRole('switch', { name: 'Quotation priced' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save e-mail preferences' }));
    expect(
      await screen.findByText(
        'E-mail preferences not saved: preferences.0.kind: is not a notice you receive',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Quotation priced' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Save e-mail preferences' })).toHaveProperty('disabled', false);
  });
});
