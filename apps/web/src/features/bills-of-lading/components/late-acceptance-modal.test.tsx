import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateText } from '../../../components/form/date-text';
import { toPortLocalInput } from '../../../lib/port-time';
import { type LateAcceptanceContext, NEAR_CUT_OFF_HOURS, offersLateAcceptance } from './late-acceptance';
import { LateAcceptanceModal } from './late-acceptance-modal';

const HOUR = 3_600_000;
const ZONE = 'Asia/Kolkata';
/** The instant `hours` from now, to the minute (a datetime-local input holds minutes). */
const fromNow = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();
/** An instant as typed into the field: its wall time at the port, "28/11/2026 18:00". */
const portText = (iso: string) => formatDateText(toPortLocalInput(iso, ZONE), true);

/** The SI of a bill whose DCO passed three hours ago; the vessel leaves Nhava Sheva in 30 hours. */
const context = (): LateAcceptanceContext => ({
  cutOff: 'DCO',
  at: fromNow(-3),
  port: { name: 'Nhava Sheva', timeZone: ZONE },
  departure: { vesselName: 'LADING KONKAN', carrierVoyageNumber: '2649W', etd: fromNow(30) },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderModal(ctx = context(), onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <LateAcceptanceModal
          opened
          onClose={onClose}
          bill={{ id: 41, number: 'LDG26110041' }}
          context={ctx}
          lateUntil={null}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const until = () => screen.getByLabelText(/^Accept until \(port time, GMT\+5:30\)/) as HTMLInputElement;
const reason = () => screen.getByLabelText(/^Reason/) as HTMLTextAreaElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Accept late' }));
const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => /\/cp\/bill-of-ladings\/41\/late-acceptance\/$/.test(String(url)));

describe('offersLateAcceptance', () => {
  const bill = { status: 'DRAFT' as const, isIssued: false };
  const task = (hours: number) => ({ at: fromNow(hours), done: false, open: true, departed: false });
  const now = Date.now();

  it('offers it once the cut-off has passed or is within two days', () => {
    expect(offersLateAcceptance(task(-5), bill, now)).toBe(true);
    expect(offersLateAcceptance(task(NEAR_CUT_OFF_HOURS - 1), bill, now)).toBe(true);
    expect(offersLateAcceptance(task(NEAR_CUT_OFF_HOURS + 1), bill, now)).toBe(false);
  });

  it('not for a task done, not open, after departure, without a cut-off, or on an issued bill', () => {
    expect(offersLateAcceptance({ ...task(-5), done: true }, bill, now)).toBe(false);
    expect(offersLateAcceptance({ ...task(-5), open: false }, bill, now)).toBe(false);
    expect(offersLateAcceptance({ ...task(-5), departed: true }, bill, now)).toBe(false);
    expect(offersLateAcceptance({ ...task(-5), at: null }, bill, now)).toBe(false);
    expect(offersLateAcceptance(task(-5), { status: 'ISSUED', isIssued: true }, now)).toBe(false);
    expect(offersLateAcceptance(task(-5), null, now)).toBe(false);
  });
});

describe('LateAcceptanceModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the cut-off in the port’s time and offers six hours before departure', () => {
    const ctx = context();
    renderModal(ctx);
    expect(screen.getByRole('dialog', { name: 'Accept the SI of LDG26110041 late' })).toBeTruthy();
    expect(screen.getByTestId('late-acceptance-cut-off').textContent).toMatch(
      /^The documentation cut-off \(DCO\) at Nhava Sheva is \w{3} \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT\+5:30 \(passed 3 h( \d+ min)? ago\)\.$/,
    );
    // Shown as the portal writes dates, whatever the browser's locale.
    expect(until().value).toBe(portText(new Date(Date.parse(ctx.departure!.etd) - 6 * HOUR).toISOString()));
    expect(until().value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('asks for a reason and a time in the future, after the cut-off and before the vessel sails; sends nothing', async () => {
    const fetchMock = vi.fn(async () => json(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    const ctx = context();
    renderModal(ctx);

    type(until(), '');
    send();
    expect(await screen.findByText('Accept until is required')).toBeTruthy();
    expect(screen.getByText('Give a reason')).toBeTruthy();

    type(until(), portText(fromNow(-1)));
    type(reason(), 'Shipper waiting for the LC amendment');
    send();
    expect(await screen.findByText('Accept until must be in the future')).toBeTruthy();
    expect(until().getAttribute('aria-invalid')).toBe('true');

    type(until(), portText(fromNow(31)));
    send();
    expect(
      await screen.findByText(
        /^Accept until must be no later than the vessel’s departure from Nhava Sheva, /,
      ),
    ).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('a cut-off still ahead: the acceptance must end after it', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderModal({ ...context(), at: fromNow(20) });
    type(until(), portText(fromNow(10)));
    type(reason(), 'Shipper waiting for the LC amendment');
    send();
    expect(await screen.findByText(/^Accept until must be after the cut-off, \w{3} /)).toBeTruthy();
  });

  it('sends the cut-off, the reason and the time typed at the port as UTC, then closes', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { until: string; reason: string; cutOff: string };
      return json(201, { ...body, grantedBy: 'admin@demo.lading.test', createdAt: new Date().toISOString() });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = renderModal();
    const wanted = fromNow(12);
    type(until(), portText(wanted));
    type(reason(), '  Shipper waiting for the LC amendment ');
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = posts(fetchMock);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      cutOff: 'DCO',
      reason: 'Shipper waiting for the LC amendment',
      until: wanted,
    });
  });

  it('puts the server’s 400 on the field it names and says a 409 in the dialog', async () => {
    const answers = [
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'until: must be in the future',
          fields: { until: 'must be in the future' },
        },
      }),
      json(409, {
        error: {
          code: 'CONFLICT',
          message: 'The bill is issued: nothing is submitted any more',
          fields: { status: 'is ISSUED' },
        },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const onClose = renderModal();
    type(reason(), 'Shipper waiting for the LC amendment');
    send();
    expect(await screen.findByText('Accept until must be in the future')).toBeTruthy();
    expect(until().getAttribute('aria-invalid')).toBe('true');

    send();
    expect((await screen.findByTestId('late-acceptance-problem')).textContent).toContain(
      'The bill is issued: nothing is submitted any more',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
