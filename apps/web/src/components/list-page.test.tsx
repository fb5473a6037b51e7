import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionColumn, ListFilters, ListPage } from './list-page';
import type { WorkListColumn } from './work-list';

// The page's "Back to the admin dashboard" link needs a router; these tests are about the list's panel.
vi.mock('./anchor-link', () => ({
  AnchorLink: ({ children }: { children: ReactNode }) => <a href="/app-dashboard-admin">{children}</a>,
}));

type Office = { id: number; code: string };
const NOUN = { one: 'office', many: 'offices' };
const columns: WorkListColumn<Office>[] = [
  { label: 'Office', render: (office) => office.code },
  ...actionColumn<Office>(true, {
    text: 'Edit',
    ariaLabel: (office) => `Edit ${office.code}`,
    onClick: vi.fn(),
  }),
];
const loaded = (results: Office[]) => ({
  data: { count: results.length, results },
  isPending: false,
  isError: false,
});

/** Stubs `matchMedia` so that the phone layout (780 px and below) is on or off. */
function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const renderPage = (page: ReactNode) => render(<MantineProvider env="test">{page}</MantineProvider>);

describe('ListPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows both the action button and "New …" when given both', () => {
    screenWidth(false);
    renderPage(
      <ListPage
        title="Offices"
        noun={NOUN}
        query={loaded([{ id: 1, code: 'TSX' }])}
        columns={columns}
        onCreate={vi.fn()}
        action={<button type="button">Refresh</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New office' })).toBeTruthy();
  });

  it('says the empty text instead of "0 …" once, in the announced summary', () => {
    screenWidth(false);
    renderPage(
      <ListPage
        title="Company requests"
        noun={{ one: 'request', many: 'requests' }}
        countSuffix=" waiting, oldest first"
        query={loaded([])}
        columns={columns}
        empty="No request is waiting."
      />,
    );
    expect(screen.queryByText(/^0 requests/)).toBeNull();
    const empty = screen.getAllByText('No request is waiting.');
    expect(empty).toHaveLength(1);
    expect(empty[0]?.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('counts the rows with the suffix when there are some', () => {
    screenWidth(false);
    renderPage(
      <ListPage
        title="Offices"
        noun={NOUN}
        countSuffix=", by code"
        query={loaded([
          { id: 1, code: 'TSX' },
          { id: 2, code: 'MAA' },
        ])}
        columns={columns}
        empty="No office."
      />,
    );
    expect(screen.getByText('2 offices, by code')).toBeTruthy();
    expect(screen.queryByText('No office.')).toBeNull();
  });

  it('labels every field of a phone card but the row’s buttons', () => {
    screenWidth(true);
    renderPage(
      <ListPage title="Offices" noun={NOUN} query={loaded([{ id: 1, code: 'TSX' }])} columns={columns} />,
    );
    const card = within(screen.getByRole('list', { name: 'Offices' })).getByRole('listitem');
    expect(within(card).getByText('Office:')).toBeTruthy();
    expect(within(card).queryByText(/Actions/i)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Edit TSX' })).toBeTruthy();
  });

  it('heads the buttons’ column "Actions" in the table', () => {
    screenWidth(false);
    renderPage(
      <ListPage title="Offices" noun={NOUN} query={loaded([{ id: 1, code: 'TSX' }])} columns={columns} />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });
});

describe('ListFilters', () => {
  afterEach(() => vi.unstubAllGlobals());
  const ENTRIES = { one: 'entry', many: 'entries' };
  const filters = (onClear = vi.fn(), active = 0) => (
    <ListFilters
      label="Filter the audit trail"
      cols={{ base: 1 }}
      active={active}
      onClear={onClear}
      count={3}
      noun={ENTRIES}
    >
      <label>
        Action
        <input />
      </label>
    </ListFilters>
  );

  it('shows the fields in a named search bar on wide screens, with a Clear filters that keeps the focus', () => {
    screenWidth(false);
    const onClear = vi.fn();
    renderPage(filters(onClear));
    // A <search> landmark (jsdom's role table does not know the element yet).
    const bar = screen.getByLabelText('Filter the audit trail');
    expect(bar.tagName).toBe('SEARCH');
    expect(within(bar).getByLabelText('Action')).toBeTruthy();
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    // Disabled, it would drop the keyboard's focus to the page once it had cleared the last filter.
    expect(clear.hasAttribute('disabled')).toBe(false);
    fireEvent.click(clear);
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('on phones, hides the fields behind a Filters button that counts those in use and opens them in a drawer', async () => {
    screenWidth(true);
    renderPage(filters(vi.fn(), 2));
    expect(screen.queryByLabelText('Action')).toBeNull();
    const button = screen.getByRole('button', { name: /^Filters/ });
    expect(button.textContent).toContain('2');
    fireEvent.click(button);
    // The drawer's module is fetched on the first press.
    const drawer = await screen.findByRole('dialog', { name: 'Filter the audit trail' });
    expect(within(drawer).getByLabelText('Action')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Show 3 entries' })).toBeTruthy();
  });

  it('gives the focus back to the Filters button when the drawer closes, the first time too', async () => {
    screenWidth(true);
    renderPage(filters());
    for (const round of [1, 2]) {
      const button = screen.getByRole('button', { name: /^Filters/ });
      button.focus();
      fireEvent.click(button);
      const drawer = await screen.findByRole('dialog', { name: 'Filter the audit trail' });
      await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
      fireEvent.click(within(drawer).getByRole('button', { name: 'Show 3 entries' }));
      await waitFor(() => expect(document.activeElement, `round ${round}`).toBe(button));
    }
  });
});
