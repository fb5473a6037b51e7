import type { EquipmentLine } from '@lading/contract/quotations';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { findOfficeForPort, findTariffs, insertQuotation, priceEnquiry } from '../modules/quotations';

type DemoQuotation = {
  owner: 'customer' | 'customer2';
  pol: string;
  pod: string;
  equipment: EquipmentLine[];
  /** What happened next: left as priced, accepted (a booking awaiting confirmation), rejected, or expired. */
  outcome: 'open' | 'accepted' | 'rejected' | 'expired';
};

const box = (isoCode: string, quantity: number): EquipmentLine => ({
  isoCode,
  quantity,
  weightPerUnit: 18,
  weightUnit: 'MT',
});

const DEMO_QUOTATIONS: DemoQuotation[] = [
  { owner: 'customer', pol: 'INNSA', pod: 'SGSIN', equipment: [box('22G1', 1)], outcome: 'open' },
  { owner: 'customer', pol: 'INNSA', pod: 'ISREY', equipment: [box('22G1', 2)], outcome: 'open' },
  {
    owner: 'customer',
    pol: 'INNSA',
    pod: 'AEJEA',
    equipment: [box('22G1', 2), box('45G1', 1)],
    outcome: 'accepted',
  },
  { owner: 'customer', pol: 'INNSA', pod: 'NLRTM', equipment: [box('45G1', 4)], outcome: 'rejected' },
  { owner: 'customer', pol: 'INNSA', pod: 'AEJEA', equipment: [box('45G1', 1)], outcome: 'expired' },
  { owner: 'customer2', pol: 'INMUN', pod: 'SGSIN', equipment: [box('45G1', 2)], outcome: 'open' },
  { owner: 'customer2', pol: 'INMAA', pod: 'AEJEA', equipment: [box('22G1', 3)], outcome: 'open' },
  { owner: 'customer2', pol: 'INMUN', pod: 'SGSIN', equipment: [box('22G1', 1)], outcome: 'accepted' },
];

/**
 * A few quotations and bookings in several states for each demo customer, priced by the same rules as a real
 * enquiry (the demo tariffs must be seeded first): quoted, on request, accepted (booking awaiting confirmation),
 * rejected, expired.
 */
export async function seedDemoQuotations(
  tx: Tx,
  ownerIds: { customer: number; customer2: number },
  now = new Date(),
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const ready = new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
  const codes = [...new Set(DEMO_QUOTATIONS.flatMap((q) => [q.pol, q.pod]))];
  const ports = await queryRows<{ id: number; code: string }>(
    tx,
    sql`select id, code from ports where code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})`,
  );
  const [hs] = await queryRows<{ id: number }>(tx, sql`select id from hs_codes where code = '520100'`);
  const [anyHs] = hs
    ? [hs]
    : await queryRows<{ id: number }>(
        tx,
        sql`select id from hs_codes where length(code) = 6 order by code limit 1`,
      );
  const portId = (code: string) => ports.find((p) => p.code === code)?.id;
  for (const demo of DEMO_QUOTATIONS) {
    const polId = portId(demo.pol);
    const podId = portId(demo.pod);
    if (!polId || !podId || !anyHs) continue;
    const tariffs = await findTariffs(tx, {
      polId,
      podId,
      isoCodes: [...new Set(demo.equipment.map((line) => line.isoCode))],
      onDate: ready,
    });
    const priced = priceEnquiry({ cargoType: 'GEN', equipment: demo.equipment, today }, tariffs);
    const quoted = priced.status === 'QUOTED';
    const status = !quoted
      ? 'REQUESTED'
      : demo.outcome === 'accepted'
        ? 'ACCEPTED'
        : demo.outcome === 'rejected'
          ? 'REJECTED'
          : 'QUOTED';
    const officeId = await findOfficeForPort(tx, polId);
    const { id: quotationId } = await insertQuotation(
      tx,
      {
        status,
        createdById: ownerIds[demo.owner],
        officeId,
        polId,
        podId,
        cargoType: 'GEN',
        hsCodeId: anyHs.id,
        cargoReadyDate: ready,
        rejectionReason: status === 'REJECTED' ? 'Cargo moved to next month' : null,
        version: status === 'QUOTED' || status === 'REQUESTED' ? 1 : 2,
        ...(quoted
          ? {
              currency: priced.currency,
              totalAmount: priced.totalAmount,
              validUntil:
                demo.outcome === 'expired'
                  ? new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
                  : priced.validUntil,
            }
          : {}),
      },
      demo.equipment,
      quoted ? priced.charges : [],
      quoted ? priced.tariffIds : [],
    );
    if (status === 'ACCEPTED') {
      await tx.insert(bookings).values({
        number: sql`'BKG' || to_char(now(), 'YYMM') || lpad(nextval('booking_numbers')::text, 4, '0')`,
        createdById: ownerIds[demo.owner],
        polId,
        podId,
        status: 'REQUESTED',
        quotationId,
        officeId,
      });
    }
  }
}
