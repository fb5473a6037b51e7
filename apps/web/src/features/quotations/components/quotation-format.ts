import { type Charge, type EquipmentLine, type Quotation, sumMoney } from '@lading/contract/quotations';

export type ChargeGroup = {
  /** The size-type (22G1), or null for the charges per bill of lading. */
  isoCode: string | null;
  /** Containers of this size-type on the quotation (0 for the per-bill group). */
  containers: number;
  charges: Charge[];
  /** Sum of the group's amounts, exact (contract's sumMoney), two decimals. */
  subtotal: string;
};

/**
 * A quotation's charge lines as the screen shows them: one group per size-type in the order the lines came
 * (ocean freight, surcharges, …), then the per-bill charges. Subtotals are added exactly on the decimal strings.
 */
export function groupCharges(
  charges: readonly Charge[],
  equipment: readonly Pick<EquipmentLine, 'isoCode' | 'quantity'>[] = [],
): ChargeGroup[] {
  const groups = new Map<string | null, Charge[]>();
  for (const charge of charges) {
    const key = charge.basis === 'PER_BL' ? null : (charge.isoCode ?? null);
    const list = groups.get(key) ?? [];
    list.push(charge);
    groups.set(key, list);
  }
  const containersOf = (isoCode: string) =>
    equipment.filter((line) => line.isoCode === isoCode).reduce((sum, line) => sum + line.quantity, 0);
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === null ? 1 : 0) - (b === null ? 1 : 0));
  return ordered.map(([isoCode, list]) => ({
    isoCode,
    containers: isoCode === null ? 0 : containersOf(isoCode) || (list[0]?.quantity ?? 0),
    charges: list,
    subtotal: sumMoney(list.map((charge) => charge.amount)),
  }));
}

/** "2 × 22G1, 1 × 45G1" */
export const equipmentText = (equipment: readonly Pick<EquipmentLine, 'isoCode' | 'quantity'>[]) =>
  equipment.map((line) => `${line.quantity} × ${line.isoCode}`).join(', ') || '—';

type PortRef = { code: string; name: string } | null;

/** "Nhava Sheva (INNSA) → Jebel Ali (AEJEA)" */
export const laneText = (pol: PortRef, pod: PortRef) =>
  `${pol ? `${pol.name} (${pol.code})` : '—'} → ${pod ? `${pod.name} (${pod.code})` : '—'}`;

/** Whether the customer may still accept (QUOTED, not past its validity) or reject (QUOTED or REQUESTED). */
export function quotationActions(quotation: Pick<Quotation, 'status' | 'validUntil'>, today: string) {
  const live = !quotation.validUntil || quotation.validUntil >= today;
  return {
    canAccept: quotation.status === 'QUOTED' && live,
    canReject: (quotation.status === 'QUOTED' || quotation.status === 'REQUESTED') && live,
  };
}

type InlandPlace = Quotation['pickup'];

/** Where an inland leg starts or ends, in words: "New Delhi (NDLS) by rail", "the door at Pune, Maharashtra". */
function inlandPlaceWords(place: InlandPlace): string {
  if (!place) return 'inland';
  if (place.kind === 'DOOR') return `the door at ${place.address}`;
  return `${place.stationName ? `${place.stationName} (${place.stationCode})` : `station ${place.stationId}`} by rail`;
}

/**
 * The legs no inland tariff covered (issue 28 item 5), in a sentence: "Inland haulage on request: the pick-up from New
 * Delhi (NDLS) by rail." Null when every leg was priced or there was none.
 */
export function inlandOnRequestText(
  quotation: Pick<Quotation, 'inlandOnRequest' | 'pickup' | 'delivery'>,
): string | null {
  const legs = quotation.inlandOnRequest.map((leg) =>
    leg === 'PICKUP'
      ? `the pick-up from ${inlandPlaceWords(quotation.pickup)}`
      : `the delivery to ${inlandPlaceWords(quotation.delivery)}`,
  );
  return legs.length ? `Inland haulage on request: ${legs.join(' and ')}.` : null;
}
