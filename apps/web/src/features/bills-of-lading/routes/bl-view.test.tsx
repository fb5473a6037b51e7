import type { BillDeadlines } from '@lading/contract/shipments';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import { CUSTOMER_PERMISSIONS, sessionWith } from '../../../test/permission-sets';
import { renderRouted } from '../../../test/render-routed';
import { BlViewPage, DEADLINES_PATIENCE_MS } from './bl-view';

// The form itself is not what these tests read: only whether it is drawn, and what the space below the header shows
// until it is.
vi.mock('../components/bill-of-lading-form', () => ({
  BillOfLadingForm: () => <form aria-label="Bill of lading form" />,
}));

const bill = {
  id: 18,
  number: 'LDG26110018',
  status: 'DRAFT',
  shipperMailId: null,
  consigneeMailId: null,
  bookingId: null,
  bookingNumber: null,
  polName: 'Mundra',
  polCode: 'INMUN',
  podName: 'Singapore',
  podCode: 'SGSIN',
  vesselName: 'LADING STRAITS',
  voyageNumber: '2651E',
};
const noSailing: BillDeadlines = { sailing: null };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function signIn() {
  setSession(sessionWith(CUSTOMER_PERMISSIONS));
}

/** The page with the bill answering at once and the deadlines' call answering when `answerDeadlines` is called. */
function renderPage() {
  let answerDeadlines: () => void = () => {};
  const deadlines = new Promise<Response>((resolve) => {
    answerDeadlines = () => resolve(json(noSailing));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url)).pathname;
      if (path.endsWith('/deadlines/')) return deadlines;
      if (path === '/cp/bill-of-ladings/18') return json(bill);
      return json([]);
    }),
  );
  signIn();
  renderRouted(() => <BlViewPage id="18" />);
  return { answerDeadlines };
}

const loader = () => screen.queryByLabelText('Loading the bill of lading');

describe('bl_view while the form waits for the deadlines call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession(null);
  });

  it('says it is loading when that call is slow, and draws the form once it answers', async () => {
    const { answerDeadlines } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Bill Of Lading LDG26110018' })).toBeTruthy();
    // The header is on screen: the loader of the bill's own call has gone, the form is not there yet.
    expect(loader()).toBeNull();
    expect(screen.queryByRole('form', { name: 'Bill of lading form' })).toBeNull();
    // Past the patience, the empty space under the header says that something is coming.
    await waitFor(() => expect(loader()).not.toBeNull(), { timeout: DEADLINES_PATIENCE_MS + 2_000 });
    answerDeadlines();
    expect(await screen.findByRole('form', { name: 'Bill of lading form' })).toBeTruthy();
    expect(loader()).toBeNull();
  });

  it('shows no second loader when the call answers within a moment', async () => {
    const { answerDeadlines } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Bill Of Lading LDG26110018' })).toBeTruthy();
    answerDeadlines();
    expect(await screen.findByRole('form', { name: 'Bill of lading form' })).toBeTruthy();
    await new Promise((done) => setTimeout(done, DEADLINES_PATIENCE_MS + 100));
    expect(loader()).toBeNull();
  });
});
