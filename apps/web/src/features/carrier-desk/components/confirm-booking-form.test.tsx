import type { Booking } from '@lading/contract/bookings';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  billOfLadingId: null,
  rejectionReason: null,
  version: 1,
  createdAt: '2026-11-23T08:00:00Z',
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

  it("sends the allocation once and puts the server's 400 on the cell it names", async () => {
    // The server's answer, through the real API client (its 400 shape to ApiError.fields).
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'containers.1.containerNumber: is already allocated',
              fields: { 'containers.1.containerNumber': 'is already allocated to another booking' },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onConfirmed = renderForm();
    type(/^Vessel/, 'MSC Aurora');
    type(/^Voyage/, '612W');
    type(/^ETD/, '2099-12-01');
    type(/^ETA/, '2099-12-09');
    ['CSQU3054383', 'MSKU1234565', 'TCLU7654320'].forEach((number, i) => {
      type(new RegExp(`^Container number ${i + 1}`), number);
      type(new RegExp(`^Tare weight ${i + 1}`), '2200');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(screen.getByText('is already allocated to another booking')).toBeTruthy());
    expect(screen.getByLabelText(/^Container number 2/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/cp\/bookings\/5\/confirm\/$/);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      vesselName: 'MSC Aurora',
      containers: [
        { containerNumber: 'CSQU3054383', isoCode: '22G1', tareWeight: 2200 },
        { containerNumber: 'MSKU1234565', isoCode: '22G1', tareWeight: 2200 },
        { containerNumber: 'TCLU7654320', isoCode: '45G1', tareWeight: 2200 },
      ],
    });
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
