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
