import type { Booking } from '@lading/contract/bookings';
import type { PointToPointResult } from '@lading/contract/voyages';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmBookingForm } from './confirm-booking-form';

const booking: Booking = {
  id: 5,
  number: 'BKG26110005',
  status: 'REQUESTED',
  createdById: 2,
  quotationId: 9,
  quotationNumber: 'QTN26110009',
  customer: { id: 2, name: 'Dev Customer', email: 'customer@demo.lading.test', companyName: 'Demo Exports' },
  pol: { id: 1, code: 'INNSA', name: 'Nhava Sheva' },
  pod: { id: 2, code: 'AEJEA', name: 'Jebel Ali' },
  cargoType: 'GEN',
  equipment: [
    { isoCode: '22G1', quantity: 2, weightPerUnit: 18000, weightUnit: 'kg' },
    { isoCode: '45G1', quantity: 1, weightPerUnit: 20000, weightUnit: 'kg' },
  ],
  vesselName: null,
  voyageNumber: null,
  etd: null,
  eta: null,
  voyageId: null,
  cutOffs: [],
  billOfLadingId: null,
  rejectionReason: null,
  version: 1,
  createdAt: '2026-11-23T08:00:00Z',
};

const sailing: PointToPointResult = {
  voyageId: 77,
  vesselName: 'LADING HANSA',
  vesselImo: '9901439',
  carrierVoyageNumber: '2649W',
  serviceCode: 'IEX',
  pol: { code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' },
  pod: { code: 'AEJEA', name: 'Jebel Ali', timeZone: 'Asia/Dubai' },
  etd: '2026-12-04T06:00:00Z',
  eta: '2026-12-09T06:00:00Z',
  transitDays: 5,
  transhipment: null,
  cutOffs: [{ code: 'DCO', at: '2026-12-02T06:00:00Z' }],
};

function renderForm(onConfirmed = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ConfirmBookingForm booking={booking} onConfirmed={onConfirmed} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onConfirmed;
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ConfirmBookingForm', () => {
  beforeAll(() => {
    // jsdom does not lay out; the list scrolls the highlighted option into view.
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has one row per booked container, labelled with its size-type', () => {
    renderForm();
    expect(screen.getAllByTestId('container-row')).toHaveLength(3);
    expect(screen.getByLabelText(/^Container number 1 \(22G1\)/)).toBeTruthy();
    expect(screen.getByLabelText(/^Container number 2 \(22G1\)/)).toBeTruthy();
    expect(screen.getByLabelText(/^Container number 3 \(45G1\)/)).toBeTruthy();
  });

  it('checks the check digit as the number is typed', () => {
    renderForm();
    type(/^Container number 1/, 'csqu3054384');
    expect((screen.getByLabelText(/^Container number 1/) as HTMLInputElement).value).toBe('CSQU3054384');
    expect(screen.getByTestId('container-check-0').textContent).toMatch(/Check digit does not match/);
    type(/^Container number 1/, 'CSQU3054383');
    expect(screen.getByTestId('container-check-0').textContent).toBe('Check digit OK');
  });

  it('takes a number pasted as on papers, "MSCU 123456-6", whole: its check digit is not cut off (issue 28)', () => {
    renderForm();
    const input = screen.getByLabelText(/^Container number 1/) as HTMLInputElement;
    const pasted = 'MSCU 123456-6';
    // A browser cuts what is typed or pasted at the input's maxlength, before the cell drops the separators.
    expect(input.maxLength === -1 || input.maxLength >= pasted.length).toBe(true);
    type(/^Container number 1/, pasted);
    expect(input.value).toBe('MSCU1234566');
    expect(screen.getByTestId('container-check-0').textContent).toBe('Check digit OK');
  });

  it("sends the allocation once and puts the server's 400 on the cell it names", async () => {
    // The server's answers, through the real API client: the lane's sailings, then the confirm's 400 (its shape to
    // ApiError.fields).
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      String(url).includes('/cp/schedules/point-to-point/')
        ? json(200, { results: [sailing] })
        : json(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'containers.1.containerNumber: is already allocated',
              fields: { 'containers.1.containerNumber': 'is already allocated to another booking' },
            },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onConfirmed = renderForm();
    const sailingInput = () =>
      screen.getAllByLabelText(/^Sailing/).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() =>
      expect(sailingInput().getAttribute('placeholder')).toBe('Pick the vessel and voyage'),
    );
    fireEvent.click(sailingInput());
    fireEvent.click(await screen.findByRole('option', { name: /^LADING HANSA 2649W/ }));
    await waitFor(() => expect(sailingInput().value).toMatch(/^LADING HANSA 2649W · IEX · ETD 04\/12\/2026/));
    ['CSQU3054383', 'MSKU1234565', 'TCLU7654320'].forEach((number, i) => {
      type(new RegExp(`^Container number ${i + 1}`), number);
      type(new RegExp(`^Tare weight ${i + 1}`), '2200');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(screen.getByText('is already allocated to another booking')).toBeTruthy());
    expect(screen.getByLabelText(/^Container number 2/).getAttribute('aria-invalid')).toBe('true');
    const confirms = fetchMock.mock.calls.filter(([url]) =>
      /\/cp\/bookings\/5\/confirm\/$/.test(String(url)),
    );
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(String(confirms[0]?.[1]?.body))).toMatchObject({
      voyageId: 77,
      containers: [
        { containerNumber: 'CSQU3054383', isoCode: '22G1', tareWeight: 2200 },
        { containerNumber: 'MSKU1234565', isoCode: '22G1', tareWeight: 2200 },
        { containerNumber: 'TCLU7654320', isoCode: '45G1', tareWeight: 2200 },
      ],
    });
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
