import type { Booking } from '@lading/contract/bookings';
import type { PointToPointResult } from '@lading/contract/voyages';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPortTime } from '../../../lib/port-time';
import { canRollOver, rollOverChoices } from './roll-over';
import { RollOverModal } from './roll-over-modal';

const HOUR = 3_600_000;
const fromNow = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();

const booking: Booking = {
  id: 5,
  number: 'BKG26110005',
  status: 'CONFIRMED',
  createdById: 2,
  quotationId: 9,
  quotationNumber: 'QTN26110009',
  customer: { id: 2, name: 'Dev Customer', email: 'customer@demo.lading.test', companyName: 'Demo Exports' },
  pol: { id: 1, code: 'INNSA', name: 'Nhava Sheva' },
  pod: { id: 2, code: 'AEJEA', name: 'Jebel Ali' },
  cargoType: 'GEN',
  equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 18000, weightUnit: 'kg' }],
  vesselName: 'LADING KONKAN',
  voyageNumber: '2649W',
  etd: fromNow(96),
  eta: fromNow(192),
  voyageId: 10,
  cutOffs: [],
  billOfLadingId: 41,
  rejectionReason: null,
  version: 3,
  createdAt: '2026-11-23T08:00:00Z',
};

const sailing = (
  voyageId: number,
  vesselName: string,
  voyage: string,
  etdHours: number,
): PointToPointResult => ({
  voyageId,
  vesselName,
  vesselImo: '9812779',
  carrierVoyageNumber: voyage,
  serviceCode: 'IGS',
  pol: { code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' },
  pod: { code: 'AEJEA', name: 'Jebel Ali', timeZone: 'Asia/Dubai' },
  etd: fromNow(etdHours),
  eta: fromNow(etdHours + 96),
  transitDays: 4,
  transhipment: null,
  cutOffs: [
    { code: 'STA', at: fromNow(etdHours - 72) },
    { code: 'DCO', at: fromNow(etdHours - 48) },
    { code: 'VCO', at: fromNow(etdHours - 30) },
  ],
});

// The booking's own sailing, one that left this morning, one whose DCO has passed, and a later one (out of order).
const SAILINGS = [
  sailing(13, 'LADING MERIDIAN', '2651W', 260),
  sailing(10, 'LADING KONKAN', '2649W', 96),
  sailing(11, 'LADING HANSA', '2648W', -3),
  sailing(12, 'LADING CORAL', '2650W', 40),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lane's sailings, then the roll-over's answers in turn. */
function stubApi(...answers: Response[]) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    String(url).includes('/cp/schedules/point-to-point/')
      ? json(200, { results: SAILINGS })
      : answers.shift()!,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderModal(onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RollOverModal
          opened
          onClose={onClose}
          booking={booking}
          departure={{ etd: booking.etd!, timeZone: 'Asia/Kolkata' }}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const rollOvers = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => /\/cp\/bookings\/5\/roll-over\/$/.test(String(url)));
const reason = () => screen.getByLabelText(/^Reason/);
const pick = (name: RegExp) => fireEvent.click(screen.getByRole('radio', { name }));
const review = () => fireEvent.click(screen.getByRole('button', { name: 'Review the move' }));

describe('roll-over rules', () => {
  it('moves only a live booking with both ports', () => {
    expect(canRollOver(booking)).toBe(true);
    expect(canRollOver({ ...booking, status: 'REQUESTED' })).toBe(true);
    expect(canRollOver({ ...booking, status: 'CANCELLED' })).toBe(false);
    expect(canRollOver({ ...booking, status: 'REJECTED' })).toBe(false);
    expect(canRollOver({ ...booking, pod: null })).toBe(false);
  });

  it('offers the lane’s other sailings still to depart, by departure', () => {
    expect(rollOverChoices(SAILINGS, 10, Date.now()).map((s) => s.voyageId)).toEqual([12, 13]);
    expect(rollOverChoices(SAILINGS, null, Date.now()).map((s) => s.voyageId)).toEqual([12, 10, 13]);
  });

  it('offers a voyage once, by its direct route when it has one', () => {
    const direct = SAILINGS[0]!;
    const via = {
      ...direct,
      transhipment: {
        code: 'LKCMB',
        name: 'Colombo',
        timeZone: 'Asia/Colombo',
        voyageId: 20,
        vesselName: 'LADING STRAITS',
        carrierVoyageNumber: '2651E',
        serviceCode: 'WIS',
        eta: fromNow(300),
        etd: fromNow(330),
      },
    };
    expect(rollOverChoices([via, direct], null, Date.now())).toEqual([direct]);
    expect(rollOverChoices([via], null, Date.now())).toEqual([via]);
  });
});

describe('RollOverModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the other upcoming sailings with ETD at the port of loading and the cut-offs, past ones said', async () => {
    stubApi();
    renderModal();
    expect(
      screen.getByRole('dialog', { name: 'Roll over booking BKG26110005 to another sailing' }),
    ).toBeTruthy();
    const options = await screen.findAllByTestId('roll-over-sailing');
    expect(options).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: /LADING KONKAN/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /LADING HANSA/ })).toBeNull();
    const coral = SAILINGS[3]!;
    const first = screen.getAllByTestId('roll-over-etd')[0]!;
    expect(first.textContent).toBe(`ETD ${formatPortTime(coral.etd, 'Asia/Kolkata')} from Nhava Sheva`);
    expect(first.textContent).toMatch(/GMT\+5:30 from Nhava Sheva$/);
    const group = screen.getByRole('radiogroup', { name: /^New sailing/ });
    expect(within(group).getAllByText('(passed)')).toHaveLength(2);
  });

  it('asks for the sailing and the reason before anything is sent', async () => {
    const fetchMock = stubApi();
    renderModal();
    await screen.findAllByTestId('roll-over-sailing');
    review();
    expect(await screen.findByText('Please pick the new sailing')).toBeTruthy();
    expect(screen.getByText('Give a reason')).toBeTruthy();
    expect(rollOvers(fetchMock)).toHaveLength(0);
  });

  it('confirms what will happen, then sends the voyage and the reason', async () => {
    const fetchMock = stubApi(
      json(200, { ...booking, voyageId: 12, vesselName: 'LADING CORAL', voyageNumber: '2650W' }),
    );
    const onClose = renderModal();
    await screen.findAllByTestId('roll-over-sailing');
    pick(/^LADING CORAL 2650W · IGS/);
    fireEvent.change(reason(), { target: { value: ' Vessel full at Nhava Sheva ' } });
    review();

    const confirmation = await screen.findByTestId('roll-over-confirmation');
    expect(confirmation.textContent).toContain(
      'Move BKG26110005 from LADING KONKAN 2649W to LADING CORAL 2650W?',
    );
    expect(confirmation.textContent).toContain('The customer is told (bell and e-mail), with your reason.');
    expect(screen.getByTestId('roll-over-passed').textContent).toContain('the DCO passed already');
    expect(rollOvers(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Move the booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = rollOvers(fetchMock);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      voyageId: 12,
      reason: 'Vessel full at Nhava Sheva',
    });
  });

  it('a 409 is said in the dialog; a 400 on the sailing goes back to the choice', async () => {
    stubApi(
      json(409, {
        error: {
          code: 'CUT_OFF_PASSED',
          message: 'LADING CORAL 2650W has departed.',
          cutOff: 'STA',
          at: fromNow(-1),
        },
      }),
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'voyageId: is not a sailing from the port of loading',
          fields: { voyageId: 'is not a sailing from the port of loading' },
        },
      }),
    );
    const onClose = renderModal();
    await screen.findAllByTestId('roll-over-sailing');
    pick(/^LADING CORAL 2650W/);
    fireEvent.change(reason(), { target: { value: 'Vessel full at Nhava Sheva' } });
    review();
    fireEvent.click(await screen.findByRole('button', { name: 'Move the booking' }));
    expect((await screen.findByTestId('roll-over-problem')).textContent).toContain(
      'LADING CORAL 2650W has departed.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move the booking' }));
    expect(await screen.findByText('New sailing is not a sailing from the port of loading')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review the move' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
