import type { Booking, RollOverBody } from '@lading/contract/bookings';
import type { PointToPointResult } from '@lading/contract/voyages';

/**
 * A booking's roll-over to another sailing of its lane (issue 26), as carrier staff do it from the shipment page:
 * which bookings may move, which sailings are offered, and what the confirmation says.
 */

/** Only a live booking moves: one waiting for the carrier or confirmed (the server refuses the others with 409). */
export const canRollOver = (booking: Pick<Booking, 'status' | 'pol' | 'pod'>) =>
  (booking.status === 'REQUESTED' || booking.status === 'CONFIRMED') && Boolean(booking.pol && booking.pod);

/**
 * The sailings a booking may move to: the lane's upcoming ones (the desk's sailing finder: direct and with one
 * transhipment), less the one it is on and any whose departure from the port of loading is past. One per voyage (the
 * booking names the first vessel: its direct route if it has one, else the first connection). By departure.
 */
export function rollOverChoices(
  results: readonly PointToPointResult[],
  currentVoyageId: number | null,
  now: number,
): PointToPointResult[] {
  const byVoyage = new Map<number, PointToPointResult>();
  for (const sailing of results) {
    if (sailing.voyageId === currentVoyageId || !(Date.parse(sailing.etd) > now)) continue;
    const kept = byVoyage.get(sailing.voyageId);
    if (!kept || (kept.transhipment && !sailing.transhipment)) byVoyage.set(sailing.voyageId, sailing);
  }
  return [...byVoyage.values()].sort(
    (a, b) => Date.parse(a.etd) - Date.parse(b.etd) || a.voyageId - b.voyageId,
  );
}

/** "LADING HANSA 2650W". */
export const sailingName = (sailing: Pick<PointToPointResult, 'vesselName' | 'carrierVoyageNumber'>) =>
  `${sailing.vesselName} ${sailing.carrierVoyageNumber}`;

/** The booking's sailing now, as the history names it: vessel and voyage, or none yet. */
export const currentSailingName = (booking: Pick<Booking, 'vesselName' | 'voyageNumber'>) =>
  booking.vesselName ? `${booking.vesselName} ${booking.voyageNumber ?? ''}`.trim() : 'no sailing';

/** The question of the confirmation step: "Move BKG… from X to Y?". */
export const rollOverQuestion = (
  booking: Pick<Booking, 'number' | 'vesselName' | 'voyageNumber'>,
  to: Pick<PointToPointResult, 'vesselName' | 'carrierVoyageNumber'>,
) => `Move ${booking.number} from ${currentSailingName(booking)} to ${sailingName(to)}?`;

/** The cut-offs of the new sailing the customer still has to meet that have passed already (DCO, VCO). */
export function passedCustomerCutOffs(sailing: Pick<PointToPointResult, 'cutOffs'>, now: number) {
  return sailing.cutOffs.filter(
    (cutOff) => (cutOff.code === 'DCO' || cutOff.code === 'VCO') && Date.parse(cutOff.at) <= now,
  );
}

/** The form: the chosen sailing (null until one is picked) and the reason the customer is told. */
export type RollOverForm = { voyageId: number | null; reason: string };

export const toRollOverBody = (form: RollOverForm) => ({
  voyageId: form.voyageId ?? undefined,
  reason: form.reason,
});

export const toRollOverField = (path: string): keyof RollOverForm | null =>
  path === 'voyageId' || path === 'reason' ? path : null;

const LABELS: Record<keyof RollOverForm, string> = { voyageId: 'New sailing', reason: 'Reason' };

/** A message after its field's name when it is worded to follow one ("is required" -> "Reason is required"). */
export function rollOverMessage(field: string, message: string): string {
  const label = LABELS[field as keyof RollOverForm];
  return label && /^(is|are|must|should|has|cannot)\b/.test(message) ? `${label} ${message}` : message;
}

export type { RollOverBody };
