import type { RouteStop, TrackingEvent, TrackingPosition } from '@lading/contract/tracking';
import { describe, expect, it } from 'vitest';
import {
  classifierText,
  eventTimeText,
  eventTitle,
  placeText,
  positionText,
  recognisedText,
  stopTimes,
  vesselText,
} from './tracking-format';

const COLOMBO = { code: 'LKCMB', name: 'Colombo', timeZone: 'Asia/Colombo' };
const SINGAPORE = { code: 'SGSIN', name: 'Singapore', timeZone: 'Asia/Singapore' };
const NHAVA_SHEVA = { code: 'INNSA', name: 'Nhava Sheva', timeZone: 'Asia/Kolkata' };
const JEBEL_ALI = { code: 'AEJEA', name: 'Jebel Ali', timeZone: 'Asia/Dubai' };

const position = (p: Partial<TrackingPosition> & Pick<TrackingPosition, 'status'>): TrackingPosition => ({
  at: null,
  from: null,
  to: null,
  eta: null,
  ...p,
});

describe('the current position as a sentence', () => {
  it('says where a container at sea sails between, and its ETA as the date at the next port', () => {
    expect(
      positionText(position({ status: 'AT_SEA', from: COLOMBO, to: SINGAPORE, eta: '2026-12-02T04:00:00Z' })),
    ).toBe('At sea between Colombo and Singapore, ETA 02/12/2026');
    // 20:00 UTC on 1 December is already 2 December in Singapore.
    expect(
      positionText(position({ status: 'AT_SEA', from: COLOMBO, to: SINGAPORE, eta: '2026-12-01T20:00:00Z' })),
    ).toBe('At sea between Colombo and Singapore, ETA 02/12/2026');
  });

  it('leaves out what it does not know of a voyage at sea', () => {
    expect(positionText(position({ status: 'AT_SEA', from: COLOMBO }))).toBe('At sea from Colombo');
    expect(positionText(position({ status: 'AT_SEA', to: SINGAPORE }))).toBe('At sea to Singapore');
    expect(positionText(position({ status: 'AT_SEA' }))).toBe('At sea');
    // A port without a known zone: the ETA's date in UTC.
    expect(
      positionText(
        position({
          status: 'AT_SEA',
          from: COLOMBO,
          to: { ...SINGAPORE, timeZone: null },
          eta: '2026-12-01T20:00:00Z',
        }),
      ),
    ).toBe('At sea between Colombo and Singapore, ETA 01/12/2026');
  });

  it('names the port for a transhipment, an arrival and the origin', () => {
    expect(positionText(position({ status: 'AT_TRANSHIPMENT', at: NHAVA_SHEVA }))).toBe(
      'At Nhava Sheva (transhipment)',
    );
    expect(positionText(position({ status: 'ARRIVED', at: JEBEL_ALI }))).toBe('Arrived at Jebel Ali');
    expect(positionText(position({ status: 'AT_ORIGIN', at: NHAVA_SHEVA }))).toBe('At Nhava Sheva (origin)');
    expect(positionText(position({ status: 'ARRIVED' }))).toBe('Arrived');
    expect(positionText(position({ status: 'AT_TRANSHIPMENT' }))).toBe('At the transhipment port');
    expect(positionText(position({ status: 'AT_ORIGIN' }))).toBe('At origin');
  });

  it('says the journey’s ends and its start in words', () => {
    expect(positionText(position({ status: 'DELIVERED', at: JEBEL_ALI }))).toBe('Delivered');
    expect(positionText(position({ status: 'RETURNED', at: JEBEL_ALI }))).toBe('Empty returned');
    expect(positionText(position({ status: 'NOT_GATED_IN' }))).toBe('Not gated in yet');
  });
});

describe('an event’s time, in its place’s zone with the offset', () => {
  it('is dd/MM/yyyy HH:mm and the offset at the place', () => {
    expect(eventTimeText({ at: '2026-11-28T12:30:00Z', place: NHAVA_SHEVA })).toBe(
      '28/11/2026 18:00 GMT+5:30',
    );
    expect(eventTimeText({ at: '2026-11-28T12:30:00Z', place: JEBEL_ALI })).toBe('28/11/2026 16:30 GMT+4');
    expect(eventTimeText({ at: '2026-11-28T23:30:00Z', place: SINGAPORE })).toBe('29/11/2026 07:30 GMT+8');
  });

  it('is UTC, said so, at a place whose zone is unknown', () => {
    expect(eventTimeText({ at: '2026-11-28T12:30:00Z', place: { ...COLOMBO, timeZone: null } })).toBe(
      '28/11/2026 12:30 UTC',
    );
  });

  it('is the reader’s own time for an event of no place (a document’s)', () => {
    expect(eventTimeText({ at: '2026-11-28T12:30:00Z', place: null }, 'Europe/Amsterdam')).toBe(
      '28/11/2026 13:30 GMT+1',
    );
    expect(eventTimeText({ at: '2026-11-28T12:30:00Z', place: null }, null)).toBe('28/11/2026 12:30 UTC');
  });
});

const event = (e: Partial<TrackingEvent>): TrackingEvent => ({
  eventId: 'e1',
  eventType: 'EQUIPMENT',
  code: 'GTIN',
  label: 'Gated in',
  classifier: 'ACT',
  at: '2026-11-28T12:30:00Z',
  createdAt: '2026-11-28T12:31:00Z',
  place: NHAVA_SHEVA,
  facility: null,
  containerNumber: 'MSCU1234566',
  emptyIndicator: 'LADEN',
  transshipment: false,
  vessel: null,
  document: null,
  milestone: null,
  retracted: false,
  ...e,
});

describe('an event’s name and how sure it is', () => {
  it('names container moves as the standard does, with an empty box and a transhipment said', () => {
    expect(eventTitle(event({}))).toBe('Gated in');
    expect(eventTitle(event({ code: 'GTOT', label: 'Gated out', emptyIndicator: 'EMPTY' }))).toBe(
      'Gated out (empty)',
    );
    expect(eventTitle(event({ code: 'DISC', label: 'Discharged', transshipment: true }))).toBe(
      'Discharged (transhipment)',
    );
  });

  it('names a vessel’s call and a document’s event', () => {
    expect(eventTitle(event({ eventType: 'TRANSPORT', code: 'DEPA', label: 'Departed' }))).toBe(
      'Vessel departed',
    );
    expect(
      eventTitle(
        event({
          eventType: 'SHIPMENT',
          code: 'CONF',
          label: 'Confirmed',
          document: { typeCode: 'BKG', reference: 'BKG2611001' },
        }),
      ),
    ).toBe('Booking confirmed');
    expect(
      eventTitle(
        event({
          eventType: 'SHIPMENT',
          code: 'SUBM',
          label: 'Submitted',
          document: { typeCode: 'SHI', reference: 'LDG26110004' },
        }),
      ),
    ).toBe('Shipping instructions submitted');
  });

  it('says estimated and planned in words; an actual says nothing', () => {
    expect(classifierText('EST')).toBe('Estimated');
    expect(classifierText('PLN')).toBe('Planned');
    expect(classifierText('ACT')).toBeNull();
  });

  it('names places, vessels and what a search was recognised as', () => {
    expect(placeText(COLOMBO)).toBe('Colombo (LKCMB)');
    expect(placeText(null)).toBe('—');
    expect(vesselText({ name: 'MSC ANNA', carrierVoyageNumber: '2611W' })).toBe('MSC ANNA, voyage 2611W');
    expect(recognisedText('container', 'MSCU1234566')).toBe('Container MSCU1234566');
    expect(recognisedText('bill-of-lading', 'LDG26110004')).toBe('Bill of lading LDG26110004');
    expect(recognisedText('booking', 'BKG2611001')).toBe('Booking BKG2611001');
  });
});

describe('the route strip’s times', () => {
  const stop = (s: Partial<RouteStop> & Pick<RouteStop, 'role'>): RouteStop => ({
    place: COLOMBO,
    eta: null,
    etd: null,
    ata: null,
    atd: null,
    ...s,
  });

  it('shows the actual where there is one, else the estimate, each in the port’s time', () => {
    expect(stopTimes(stop({ role: 'POL', place: NHAVA_SHEVA, etd: '2026-11-28T12:30:00Z' }))).toEqual([
      { label: 'ETD', text: '28/11/2026 18:00 GMT+5:30', iso: '2026-11-28T12:30:00Z' },
    ]);
    expect(
      stopTimes(
        stop({
          role: 'TRANSHIPMENT',
          eta: '2026-11-30T02:00:00Z',
          ata: '2026-11-30T04:00:00Z',
          etd: '2026-12-01T10:00:00Z',
        }),
      ).map((t) => `${t.label} ${t.text}`),
    ).toEqual(['ATA 30/11/2026 09:30 GMT+5:30', 'ETD 01/12/2026 15:30 GMT+5:30']);
    expect(stopTimes(stop({ role: 'POD', place: JEBEL_ALI, eta: '2026-12-05T08:00:00Z' }))).toEqual([
      { label: 'ETA', text: '05/12/2026 12:00 GMT+4', iso: '2026-12-05T08:00:00Z' },
    ]);
    expect(stopTimes(stop({ role: 'POD' }))).toEqual([]);
  });
});
