import type { TrackedContainer, TrackingEvent } from '@lading/contract/tracking';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackingDetails } from './tracking-details';

const NHAVA_SHEVA = { code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' };
const JEBEL_ALI = { code: 'AEJEA', name: 'Jebel Ali', timeZone: 'Asia/Dubai' };

const event = (e: Partial<TrackingEvent> & Pick<TrackingEvent, 'eventId'>): TrackingEvent => ({
  eventType: 'EQUIPMENT',
  code: 'GTIN',
  label: 'Gated in',
  classifier: 'ACT',
  at: '2026-11-28T12:30:00Z',
  createdAt: '2026-11-28T12:31:00Z',
  place: NHAVA_SHEVA,
  facility: { code: 'NSICT', typeCode: 'POTE' },
  containerNumber: 'MSCU1234566',
  emptyIndicator: 'LADEN',
  transshipment: false,
  vessel: null,
  document: null,
  milestone: null,
  retracted: false,
  ...e,
});

const container: TrackedContainer = {
  containerNumber: 'MSCU1234566',
  isoCode: '22G1',
  position: { status: 'AT_SEA', at: null, from: NHAVA_SHEVA, to: JEBEL_ALI, eta: '2026-12-05T08:00:00Z' },
  events: [
    event({ eventId: 'a', at: '2026-11-28T10:00:00Z', retracted: true }),
    event({ eventId: 'b' }),
    event({
      eventId: 'c',
      code: 'LOAD',
      label: 'Loaded',
      at: '2026-11-29T04:00:00Z',
      vessel: { name: 'MSC ANNA', carrierVoyageNumber: '2611W' },
    }),
    event({
      eventId: 'd',
      code: 'DISC',
      label: 'Discharged',
      classifier: 'EST',
      at: '2026-12-05T10:00:00Z',
      place: JEBEL_ALI,
      facility: null,
    }),
  ],
};

function renderDetails() {
  return render(
    <MantineProvider env="test">
      <TrackingDetails
        route={[
          {
            place: NHAVA_SHEVA,
            role: 'POL',
            eta: null,
            etd: '2026-11-29T02:00:00Z',
            ata: null,
            atd: '2026-11-29T06:00:00Z',
          },
          { place: JEBEL_ALI, role: 'POD', eta: '2026-12-05T08:00:00Z', etd: null, ata: null, atd: null },
        ]}
        containers={[container]}
        documents={[
          event({
            eventId: 'x',
            eventType: 'SHIPMENT',
            code: 'CONF',
            label: 'Confirmed',
            place: null,
            facility: null,
            containerNumber: null,
            emptyIndicator: null,
            document: { typeCode: 'BKG', reference: 'BKG2611001' },
          }),
        ]}
      />
    </MantineProvider>,
  );
}

describe('TrackingDetails: the route strip, a container’s timeline and the document events', () => {
  it('shows the route’s stops in order with their actual or estimated times in each port’s zone', () => {
    renderDetails();
    const stops = within(screen.getByRole('list', { name: 'Route' })).getAllByRole('listitem');
    expect(stops.map((stop) => stop.textContent)).toEqual([
      'Port of loadingNhava Sheva (INNSA)ATD 29/11/2026 11:30 GMT+5:30',
      '→ Port of dischargeJebel Ali (AEJEA)ETA 05/12/2026 12:00 GMT+4',
    ]);
  });

  it('says where the container is, then every event: actual solid, estimated hollow and said, corrected struck', () => {
    renderDetails();
    const box = screen.getByRole('region', { name: 'Container MSCU1234566' });
    expect(within(box).getByRole('heading', { level: 3 })).toHaveProperty(
      'textContent',
      'Container MSCU1234566 · 22G1',
    );
    expect(within(box).getByText('At sea between Nhava Sheva and Jebel Ali, ETA 05/12/2026')).toBeTruthy();
    const items = within(box).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // A corrected event: marked, struck through and said in words.
    expect(items[0]!.getAttribute('data-retracted')).toBe('true');
    expect(items[0]!.textContent).toContain('corrected');
    // The actual gate-in: place and terminal, its local time with the offset, no "Estimated".
    expect(items[1]!.getAttribute('data-classifier')).toBe('ACT');
    expect(items[1]!.textContent).toBe(
      'Gated inNhava Sheva (INNSA), terminal NSICT28/11/2026 18:00 GMT+5:30',
    );
    expect(items[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-28T12:30:00Z');
    // A vessel move names its vessel and voyage.
    expect(items[2]!.textContent).toContain('MSC ANNA, voyage 2611W');
    // The estimated discharge: said in words beside its title, in Jebel Ali's time.
    expect(items[3]!.getAttribute('data-classifier')).toBe('EST');
    expect(items[3]!.textContent).toContain('DischargedEstimated');
    expect(items[3]!.textContent).toContain('05/12/2026 14:00 GMT+4');
  });

  it('lists the document events with their document', () => {
    renderDetails();
    const documents = screen.getByRole('list', { name: 'Document events' });
    expect(within(documents).getByRole('listitem').textContent).toMatch(
      /^Booking confirmed BKG2611001 · 28\/11\/2026 \d\d:\d\d (GMT|UTC)/,
    );
  });
});
