import {
  DOCUMENT_TYPE_CODES,
  type RouteStop,
  type TrackingEvent,
  type TrackingPosition,
  type TrackReferenceKind,
} from '@lading/contract/tracking';
import { formatPortDate, formatPortDateTime } from '../../../lib/port-time';

type Place = { code: string; name: string; timeZone?: string | null };

/** What the search box's text was recognised as, in words: "Container MSCU1234565", "Booking BKG2611001". */
const KIND_TEXT: Record<TrackReferenceKind, string> = {
  container: 'Container',
  'bill-of-lading': 'Bill of lading',
  booking: 'Booking',
};
export const recognisedText = (kind: TrackReferenceKind, reference: string) =>
  `${KIND_TEXT[kind]} ${reference}`;

/** "Colombo (LKCMB)"; a dash for none. */
export const placeText = (place: Place | null | undefined) => (place ? `${place.name} (${place.code})` : '—');

/** The zone this browser's clock is in (for times that belong to no place: a document's). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * When an event happened (or is expected), in its place's own time with the offset: "28/11/2026 18:00 GMT+5:30"; a
 * place without a known zone in UTC, said as such; an event without a place (a document's) in `ownZone`, the reader's.
 */
export function eventTimeText(
  event: Pick<TrackingEvent, 'at' | 'place'>,
  ownZone: string | null = browserZone(),
): string {
  return formatPortDateTime(event.at, event.place ? event.place.timeZone : ownZone);
}

/**
 * Where the container is now, as a sentence: "At sea between Colombo and Singapore, ETA 02/12/2026" (the ETA as the
 * date at the next port), "At Nhava Sheva (transhipment)", "Arrived at Jebel Ali", "Delivered", "Empty returned",
 * "Not gated in yet".
 */
export function positionText(position: TrackingPosition): string {
  const at = position.at?.name;
  switch (position.status) {
    case 'NOT_GATED_IN':
      return 'Not gated in yet';
    case 'AT_ORIGIN':
      return at ? `At ${at} (origin)` : 'At origin';
    case 'AT_SEA': {
      const from = position.from?.name;
      const to = position.to?.name;
      const leg = from && to ? ` between ${from} and ${to}` : from ? ` from ${from}` : to ? ` to ${to}` : '';
      const eta = position.eta ? `, ETA ${formatPortDate(position.eta, position.to?.timeZone)}` : '';
      return `At sea${leg}${eta}`;
    }
    case 'AT_TRANSHIPMENT':
      return at ? `At ${at} (transhipment)` : 'At the transhipment port';
    case 'ARRIVED':
      return at ? `Arrived at ${at}` : 'Arrived';
    case 'DELIVERED':
      return 'Delivered';
    case 'RETURNED':
      return 'Empty returned';
  }
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * An event's name on the timeline: a container move as the standard names it ("Gated in", "Loaded", with "empty"
 * for an empty box and "transhipment" for a move at the transhipment port), a vessel's call ("Vessel departed"), a
 * document's ("Booking confirmed", "Shipping instructions submitted", "Transport document issued").
 */
export function eventTitle(
  event: Pick<TrackingEvent, 'eventType' | 'label' | 'emptyIndicator' | 'transshipment' | 'document'>,
): string {
  if (event.eventType === 'TRANSPORT') return `Vessel ${lower(event.label)}`;
  if (event.eventType === 'SHIPMENT')
    return event.document
      ? `${DOCUMENT_TYPE_CODES[event.document.typeCode]} ${lower(event.label)}`
      : event.label;
  const notes = [
    event.emptyIndicator === 'EMPTY' ? 'empty' : null,
    event.transshipment ? 'transhipment' : null,
  ].filter(Boolean);
  return notes.length ? `${event.label} (${notes.join(', ')})` : event.label;
}

/** How sure an event is, in words beside its marker: an actual says nothing; "Estimated", "Planned". */
export function classifierText(classifier: TrackingEvent['classifier']): string | null {
  return classifier === 'EST' ? 'Estimated' : classifier === 'PLN' ? 'Planned' : null;
}

/** "MSC ANNA, voyage 2611W": the vessel of a vessel move or call. */
export const vesselText = (vessel: NonNullable<TrackingEvent['vessel']>) =>
  `${vessel.name}, voyage ${vessel.carrierVoyageNumber}`;

export const ROUTE_ROLE_TEXT: Record<RouteStop['role'], string> = {
  POL: 'Port of loading',
  TRANSHIPMENT: 'Transhipment',
  POD: 'Port of discharge',
};

/**
 * A stop's times on the route strip, the actual where there is one: the port of loading's departure, the
 * transhipment port's arrival and departure, the port of discharge's arrival. Each in the port's time.
 */
export function stopTimes(stop: RouteStop): { label: string; text: string; iso: string }[] {
  const times: { label: string; text: string; iso: string }[] = [];
  const add = (
    actual: string | null,
    estimate: string | null,
    actualLabel: string,
    estimateLabel: string,
  ) => {
    const iso = actual ?? estimate;
    if (iso)
      times.push({
        label: actual ? actualLabel : estimateLabel,
        text: formatPortDateTime(iso, stop.place.timeZone),
        iso,
      });
  };
  if (stop.role !== 'POL') add(stop.ata, stop.eta, 'ATA', 'ETA');
  if (stop.role !== 'POD') add(stop.atd, stop.etd, 'ATD', 'ETD');
  return times;
}
