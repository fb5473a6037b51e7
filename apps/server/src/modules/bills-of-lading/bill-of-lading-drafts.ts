import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { billsOfLading, blContainers, containers } from '../../db/schema/bills-of-lading';
import { AppError } from '../../lib/app-error';

export type DraftFromBooking = {
  bookingId: number;
  ownerId: number;
  polId: number | null;
  podId: number | null;
  officeId: number | null;
  cargoType: string | null;
  vesselName: string;
  voyageNumber: string;
  containers: { containerNumber: string; isoCode: string; tareWeight: number }[];
};

/** What the BL screen shows as a container's "Type": 20GP, 40HC, 20RF … from the ISO size-type. */
const nickname = (iso: { lengthFt: number; heightFt: number; groupCode: string }) =>
  `${iso.lengthFt}${iso.groupCode === 'GP' && iso.heightFt >= 9.5 ? 'HC' : iso.groupCode}`;

/**
 * The bill of lading draft of a confirmed booking, in the caller's transaction: status DRAFT, owned by the booking's
 * customer, shipper = the customer's company (when approved), POL/POD, vessel and voyage, the allocated containers
 * attached (known containers are reused with their recorded size-type and tare, unless they are on another bill
 * still open), cargo category from the cargo type. Returns its id.
 */
export async function createDraftBillFromBooking(tx: Tx, draft: DraftFromBooking): Promise<number> {
  const isoRows = await queryRows<{ code: string; lengthFt: number; heightFt: number; groupCode: string }>(
    tx,
    sql`select code, length_ft::float8 as "lengthFt", height_ft::float8 as "heightFt", group_code as "groupCode"
        from iso_equipment where code in (${sql.join(
          draft.containers.map((c) => sql`${c.isoCode}`),
          sql`, `,
        )})`,
  );
  // One container on one open bill: the numbers are locked (transaction-scoped advisory locks, taken in sorted order
  // so two confirmations cannot wait on each other) before the check below, and held until this transaction ends. A
  // confirmation racing this one for the same number waits here, then finds the container on this bill and is refused.
  for (const number of [...new Set(draft.containers.map((c) => c.containerNumber))].sort())
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`container:${number}`}, 0))`);
  const busy = await queryRows<{ number: string; bill: string }>(
    tx,
    sql`select c.number, b.number as bill from containers c
        join bl_containers bc on bc.container_id = c.id
        join bills_of_lading b on b.id = bc.bl_id and b.status not in ('ISSUED', 'SURRENDERED')
        where c.number in (${sql.join(
          draft.containers.map((c) => sql`${c.containerNumber}`),
          sql`, `,
        )})`,
  );
  // A known container keeps its size-type and tare: closed bills that carried it show them, and their stored gross
  // weight is their rows' plus that tare. A different value is refused rather than rewriting those bills.
  const known = await queryRows<{ number: string; isoCode: string; tareWeight: string }>(
    tx,
    sql`select number, iso_code as "isoCode", tare_weight::text as "tareWeight" from containers
        where number in (${sql.join(
          draft.containers.map((c) => sql`${c.containerNumber}`),
          sql`, `,
        )})`,
  );
  const fields: Record<string, string> = {};
  draft.containers.forEach((container, i) => {
    if (!isoRows.some((row) => row.code === container.isoCode))
      fields[`containers.${i}.isoCode`] = 'is not a known ISO 6346 size-type';
    const onBill = busy.find((row) => row.number === container.containerNumber);
    if (onBill) fields[`containers.${i}.containerNumber`] = `is still on bill of lading ${onBill.bill}`;
    const recorded = known.find((row) => row.number === container.containerNumber);
    if (recorded && recorded.isoCode !== container.isoCode)
      fields[`containers.${i}.isoCode`] = `${container.containerNumber} is recorded as ${recorded.isoCode}`;
    if (recorded && Number(recorded.tareWeight) !== container.tareWeight)
      fields[`containers.${i}.tareWeight`] =
        `${container.containerNumber} is recorded with a tare of ${Number(recorded.tareWeight)} kg`;
  });
  if (Object.keys(fields).length) {
    const [field, message] = Object.entries(fields)[0]!;
    throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
  }
  const [owner] = await queryRows<{ partyId: number | null; name: string | null; mobile: string | null }>(
    tx,
    sql`select p.id as "partyId", p.name, p.mobile from users u left join parties p on p.id = u.party_id
        where u.id = ${draft.ownerId}`,
  );
  const [bill] = await tx
    .insert(billsOfLading)
    .values({
      number: sql`'LDG' || to_char(now(), 'YYMM') || lpad(nextval('bill_numbers')::text, 4, '0')`,
      status: 'DRAFT',
      createdById: draft.ownerId,
      bookingId: draft.bookingId,
      polId: draft.polId,
      podId: draft.podId,
      vesselName: draft.vesselName,
      voyageNumber: draft.voyageNumber,
      issuingOfficeId: draft.officeId,
      blType: 'ORIGINAL',
      loadDischargeTerms: 'CY/CY',
      loadType: 'FCL',
      dischargeType: 'DIRECT',
      paymentMethod: 'PREPAID',
      cargoCategory: draft.cargoType ?? 'GEN',
      noOfOriginals: 3,
      noOfCopies: 3,
      shipperId: owner?.partyId ?? null,
      shipperPhoneNo: owner?.mobile ?? null,
      totalContainers: draft.containers.length,
      docsStatus: 'PENDING',
    })
    .returning({ id: billsOfLading.id });
  const blId = bill!.id;
  for (const [position, container] of draft.containers.entries()) {
    const iso = isoRows.find((row) => row.code === container.isoCode)!;
    const [row] = await tx
      .insert(containers)
      .values({
        number: container.containerNumber,
        isoCode: container.isoCode,
        nickname: nickname(iso),
        tareWeight: container.tareWeight,
      })
      // Known: the same size-type and tare (checked above); the no-op update returns its id.
      .onConflictDoUpdate({ target: containers.number, set: { number: container.containerNumber } })
      .returning({ id: containers.id });
    await tx.insert(blContainers).values({ blId, containerId: row!.id, position: position + 1 });
  }
  return blId;
}

/**
 * A booking rolled over to another sailing: its bills not yet issued take the new vessel and voyage number, their
 * version moving on (an edit based on the old sailing is then stale). Answers the ids of the bills changed.
 */
export async function followSailing(
  tx: Tx,
  bookingId: number,
  sailing: { vesselName: string; voyageNumber: string },
): Promise<number[]> {
  const rows = await tx
    .update(billsOfLading)
    .set({
      vesselName: sailing.vesselName,
      voyageNumber: sailing.voyageNumber,
      version: sql`${billsOfLading.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${billsOfLading.bookingId} = ${bookingId} and ${billsOfLading.status} not in ('ISSUED', 'SURRENDERED')`,
    )
    .returning({ id: billsOfLading.id });
  return rows.map((row) => row.id);
}
