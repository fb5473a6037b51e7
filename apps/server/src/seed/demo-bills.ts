import { computeBillTotals, isValidContainerNumber, withCheckDigit } from '@lading/contract/bills-of-lading';
import { type Charge, type EquipmentLine, multiplyMoney, sumMoney } from '@lading/contract/quotations';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditEvents } from '../db/schema/audit';
import {
  billsOfLading,
  blCargoDetails,
  blContainers,
  blNotifyParties,
  containers,
} from '../db/schema/bills-of-lading';
import { bookings } from '../db/schema/bookings';
import { parties } from '../db/schema/companies';
import { offices } from '../db/schema/offices';
import { hsCodes, packageTypes, ports } from '../db/schema/reference-data';
import { users } from '../db/schema/users';
import { insertQuotation } from '../modules/quotations';
import { pickBillSailings } from './demo-sailings';

type Size = '20GP' | '40GP' | '40HC' | '20RF';
const SIZES: Record<Size, { iso: string; tare: number }> = {
  '20GP': { iso: '22G1', tare: 2200 },
  '40GP': { iso: '42G1', tare: 3750 },
  '40HC': { iso: '45G1', tare: 3900 },
  '20RF': { iso: '22R1', tare: 3000 },
};

type DemoContainer = {
  size: Size;
  seal: string;
  pack: string;
  packs: number;
  gross: number;
  cbm: number;
  vgm?: number;
  method: 'Method 1' | 'Method 2';
};
type DemoCargo = { hs: string; commodity: string; pack: string; details: string };
/** The demo customer's bookings on a sailing (issue 26), each picked at seeding time by demo-sailings.ts. */
export const SAILING_ROLES = ['DCO_SOON', 'DCO_PASSED', 'DCO_LATE_ACCEPTED', 'ROLLED_OVER'] as const;
export type SailingRole = (typeof SAILING_ROLES)[number];
/** The voyage a demo booking is on. */
export type DemoSailing = { voyageId: number; vesselName: string; voyageNumber: string };

type DemoBill = {
  /** On a voyage of the schedule (the four bills after the first fourteen); skipped when none was found. */
  sailing?: SailingRole;
  owner: 'customer' | 'customer2';
  status: 'DRAFT' | 'UPDATE PENDING' | 'APPROVED' | 'ISSUED' | 'SURRENDERED';
  pol: string;
  pod: string;
  consignee: string;
  notify?: string[];
  containers: DemoContainer[];
  cargo: DemoCargo[];
  description?: string;
  marks?: string;
  nameInBl?: boolean;
  /** What was booked when no container is on the bill yet (otherwise the bill's containers, by size-type). */
  booked?: { size: Size; quantity: number }[];
};

const GARMENTS: DemoCargo = {
  hs: '620342',
  commodity: "Men's cotton trousers",
  pack: 'CT',
  details: '1200 cartons',
};
const RICE: DemoCargo = {
  hs: '100630',
  commodity: 'Basmati rice, wholly milled',
  pack: 'BG',
  details: '800 bags of 25 kg',
};
const TILES: DemoCargo = {
  hs: '690721',
  commodity: 'Glazed porcelain floor tiles',
  pack: 'PX',
  details: '20 pallets',
};

/** Fourteen bills across the two demo customers: every status, no containers, two notify parties, many rows. */
const DEMO_BILLS: DemoBill[] = [
  {
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INNSA',
    pod: 'AEJEA',
    consignee: 'GULFIMP',
    containers: [
      { size: '40HC', seal: 'SL100201', pack: 'CT', packs: 600, gross: 9800, cbm: 67.5, method: 'Method 1' },
      {
        size: '40HC',
        seal: 'SL100202',
        pack: 'CT',
        packs: 600,
        gross: 9750.4,
        cbm: 67.2,
        method: 'Method 1',
      },
    ],
    cargo: [GARMENTS],
  },
  {
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INNSA',
    pod: 'NLRTM',
    consignee: 'ROTTDIST',
    containers: [],
    cargo: [],
    description: '',
    marks: '',
    booked: [{ size: '40HC', quantity: 2 }],
  },
  {
    owner: 'customer',
    status: 'UPDATE PENDING',
    pol: 'INNSA',
    pod: 'DEHAM',
    consignee: 'HAMBURGT',
    notify: ['ROTTDIST', 'BLUEFWD'],
    containers: [
      { size: '20GP', seal: 'SL100301', pack: 'PX', packs: 20, gross: 18250, cbm: 28.4, method: 'Method 2' },
    ],
    cargo: [TILES],
    nameInBl: true,
  },
  {
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INMUN',
    pod: 'SGSIN',
    consignee: 'BLUEFWD',
    notify: ['GULFIMP'],
    containers: [
      { size: '40GP', seal: 'SL100401', pack: 'CT', packs: 400, gross: 8200, cbm: 58, method: 'Method 1' },
      { size: '40GP', seal: 'SL100402', pack: 'CT', packs: 400, gross: 8150, cbm: 57.6, method: 'Method 1' },
      { size: '20GP', seal: 'SL100403', pack: 'BG', packs: 800, gross: 20400, cbm: 27, method: 'Method 2' },
      {
        size: '20RF',
        seal: 'SL100404',
        pack: 'CT',
        packs: 1000,
        gross: 12600,
        cbm: 26.1,
        vgm: 17200,
        method: 'Method 1',
      },
    ],
    cargo: [
      { hs: '610910', commodity: 'Cotton T-shirts, knitted', pack: 'CT', details: '800 cartons' },
      RICE,
      { hs: '030617', commodity: 'Frozen vannamei shrimps', pack: 'CT', details: '1000 cartons, -18 °C' },
    ],
  },
  {
    owner: 'customer',
    status: 'APPROVED',
    pol: 'INNSA',
    pod: 'USNYC',
    consignee: 'HAMBURGT',
    containers: [
      { size: '40HC', seal: 'SL100501', pack: 'PX', packs: 22, gross: 11800, cbm: 70.2, method: 'Method 1' },
    ],
    cargo: [{ hs: '940360', commodity: 'Sheesham wood furniture', pack: 'PX', details: '22 pallets' }],
  },
  {
    owner: 'customer',
    status: 'ISSUED',
    pol: 'INNSA',
    pod: 'AEJEA',
    consignee: 'GULFIMP',
    containers: [
      { size: '20GP', seal: 'SL100601', pack: 'BG', packs: 800, gross: 20300, cbm: 26.8, method: 'Method 2' },
      { size: '20GP', seal: 'SL100602', pack: 'BG', packs: 800, gross: 20280, cbm: 26.8, method: 'Method 2' },
    ],
    cargo: [{ ...RICE, details: '1600 bags of 25 kg' }],
  },
  {
    owner: 'customer',
    status: 'SURRENDERED',
    pol: 'INNSA',
    pod: 'CNSHA',
    consignee: 'BLUEFWD',
    containers: [
      { size: '20GP', seal: 'SL100701', pack: 'BL', packs: 90, gross: 19200, cbm: 30.5, method: 'Method 1' },
    ],
    cargo: [{ hs: '520100', commodity: 'Raw cotton, not carded', pack: 'BL', details: '90 bales' }],
  },
  {
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INMAA',
    pod: 'SGSIN',
    consignee: 'BLUEFWD',
    containers: [
      { size: '40GP', seal: 'SL100801', pack: 'CS', packs: 300, gross: 7600, cbm: 55.3, method: 'Method 1' },
    ],
    cargo: [{ hs: '848180', commodity: 'Industrial ball valves', pack: 'CS', details: '300 cases' }],
  },
  {
    owner: 'customer2',
    status: 'DRAFT',
    pol: 'INMAA',
    pod: 'AEJEA',
    consignee: 'GULFIMP',
    containers: [
      { size: '40HC', seal: 'SL200101', pack: 'CT', packs: 700, gross: 10100, cbm: 68.8, method: 'Method 1' },
    ],
    cargo: [{ hs: '610910', commodity: 'Cotton T-shirts, knitted', pack: 'CT', details: '700 cartons' }],
  },
  {
    owner: 'customer2',
    status: 'UPDATE PENDING',
    pol: 'INMAA',
    pod: 'NLRTM',
    consignee: 'ROTTDIST',
    notify: ['BLUEFWD'],
    containers: [
      { size: '20GP', seal: 'SL200201', pack: 'DR', packs: 80, gross: 17600, cbm: 25.9, method: 'Method 2' },
      { size: '20GP', seal: 'SL200202', pack: 'DR', packs: 80, gross: 17550, cbm: 25.9, method: 'Method 2' },
    ],
    cargo: [{ hs: '300490', commodity: 'Pharmaceutical syrups', pack: 'DR', details: '160 drums' }],
    nameInBl: true,
  },
  {
    owner: 'customer2',
    status: 'APPROVED',
    pol: 'INMAA',
    pod: 'SGSIN',
    consignee: 'BLUEFWD',
    containers: [
      { size: '40GP', seal: 'SL200301', pack: 'PX', packs: 18, gross: 9400, cbm: 54, method: 'Method 1' },
    ],
    cargo: [{ hs: '392690', commodity: 'Moulded plastic housings', pack: 'PX', details: '18 pallets' }],
  },
  {
    owner: 'customer2',
    status: 'ISSUED',
    pol: 'INMAA',
    pod: 'DEHAM',
    consignee: 'HAMBURGT',
    containers: [
      { size: '40HC', seal: 'SL200401', pack: 'CS', packs: 260, gross: 12900, cbm: 71, method: 'Method 1' },
    ],
    cargo: [{ hs: '870899', commodity: 'Automotive brake assemblies', pack: 'CS', details: '260 cases' }],
  },
  {
    owner: 'customer2',
    status: 'DRAFT',
    pol: 'INMAA',
    pod: 'CNSHA',
    consignee: 'HAMBURGT',
    containers: [],
    cargo: [],
    booked: [{ size: '20GP', quantity: 1 }],
  },
  {
    owner: 'customer2',
    status: 'SURRENDERED',
    pol: 'INMAA',
    pod: 'USNYC',
    consignee: 'HAMBURGT',
    containers: [
      { size: '20GP', seal: 'SL200601', pack: 'BG', packs: 640, gross: 19500, cbm: 27.5, method: 'Method 2' },
    ],
    cargo: [
      { hs: '090111', commodity: 'Arabica coffee beans, green', pack: 'BG', details: '640 bags of 30 kg' },
    ],
  },
  // Four drafts of the demo customer on sailings of the schedule: the SI due within a day, past its DCO without and
  // with a late acceptance, and one rolled over to the next sailing (demo-sailings.ts).
  {
    sailing: 'DCO_SOON',
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INNSA',
    pod: 'AEJEA',
    consignee: 'GULFIMP',
    containers: [
      { size: '40HC', seal: 'SL100901', pack: 'CT', packs: 580, gross: 9420, cbm: 66.1, method: 'Method 1' },
    ],
    cargo: [{ ...GARMENTS, details: '580 cartons' }],
  },
  {
    sailing: 'DCO_PASSED',
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INNSA',
    pod: 'AEJEA',
    consignee: 'GULFIMP',
    containers: [
      { size: '20GP', seal: 'SL101001', pack: 'BG', packs: 800, gross: 20310, cbm: 26.8, method: 'Method 2' },
    ],
    cargo: [RICE],
  },
  {
    sailing: 'DCO_LATE_ACCEPTED',
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INNSA',
    pod: 'NLRTM',
    consignee: 'ROTTDIST',
    containers: [
      { size: '40GP', seal: 'SL101101', pack: 'PX', packs: 21, gross: 10450, cbm: 57.9, method: 'Method 1' },
    ],
    cargo: [{ ...TILES, details: '21 pallets' }],
  },
  {
    sailing: 'ROLLED_OVER',
    owner: 'customer',
    status: 'DRAFT',
    pol: 'INMUN',
    pod: 'SGSIN',
    consignee: 'BLUEFWD',
    containers: [
      { size: '40HC', seal: 'SL101201', pack: 'CT', packs: 640, gross: 9990, cbm: 68.3, method: 'Method 1' },
    ],
    cargo: [{ hs: '610910', commodity: 'Cotton T-shirts, knitted', pack: 'CT', details: '640 cartons' }],
  },
];

const DAY = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The carrier's rates for the demo bookings, in USD: its staff priced them (the demo tariffs cover a few lanes only,
 * and a tariff that priced a quotation can no longer be deleted).
 */
const BOOKED_RATES: Record<Size, { freight: string; thc: string }> = {
  '20GP': { freight: '650.00', thc: '95.00' },
  '40GP': { freight: '1100.00', thc: '140.00' },
  '40HC': { freight: '1250.00', thc: '140.00' },
  '20RF': { freight: '1900.00', thc: '160.00' },
};

/** What a demo bill's booking was for: its containers by size-type (heaviest cargo of each), or what was booked. */
function bookedEquipment(demo: DemoBill): { size: Size; line: EquipmentLine }[] {
  if (demo.booked)
    return demo.booked.map(({ size, quantity }) => ({
      size,
      line: { isoCode: SIZES[size].iso, quantity, weightPerUnit: 18, weightUnit: 'MT' },
    }));
  const bySize = new Map<Size, { quantity: number; weight: number }>();
  for (const c of demo.containers) {
    const seen = bySize.get(c.size) ?? { quantity: 0, weight: 0 };
    bySize.set(c.size, { quantity: seen.quantity + 1, weight: Math.max(seen.weight, Math.ceil(c.gross)) });
  }
  return [...bySize].map(([size, { quantity, weight }]) => ({
    size,
    line: { isoCode: SIZES[size].iso, quantity, weightPerUnit: weight, weightUnit: 'kg' },
  }));
}

/** The charge lines of a demo booking's quotation: freight and origin handling per container, the documentation fee. */
function bookedCharges(equipment: { size: Size; line: EquipmentLine }[]): Charge[] {
  const charges: Charge[] = [];
  const perContainer = (code: string, name: string, line: EquipmentLine, unitAmount: string) =>
    charges.push({
      code,
      name,
      basis: 'PER_CONTAINER',
      isoCode: line.isoCode,
      quantity: line.quantity,
      unitAmount,
      amount: multiplyMoney(unitAmount, line.quantity),
      currency: 'USD',
    });
  for (const { size, line } of equipment)
    perContainer('OCEAN_FREIGHT', 'Ocean freight', line, BOOKED_RATES[size].freight);
  for (const { size, line } of equipment)
    perContainer('THC_ORIGIN', 'Terminal handling, origin', line, BOOKED_RATES[size].thc);
  charges.push({
    code: 'DOC_FEE',
    name: 'Documentation fee',
    basis: 'PER_BL',
    isoCode: null,
    quantity: 1,
    unitAmount: '45.00',
    amount: '45.00',
    currency: 'USD',
  });
  return charges;
}

/**
 * Seeds bookings, containers and the demo bills (offices exist already), in the demo seed's transaction, relative to
 * the seeding time `now` (issue 28): every booking comes from an accepted quotation (its equipment) and is on a
 * sailing of the demo schedule; a bill issued is dated by its sailing's departure, the others within the days before
 * the seeding, none after it. A bill with a `sailing` is seeded only when `sailings` has its voyage; the others get
 * theirs from `pickBillSailings`. Returns the booking and bill of each seeded one with a `sailing`.
 */
export async function seedDemoBills(
  tx: Tx,
  ownerIds: { customer: number; customer2: number },
  sailings: Partial<Record<SailingRole, DemoSailing>> = {},
  now = new Date(),
): Promise<Partial<Record<SailingRole, { bookingId: number; billId: number }>>> {
  const seeded: Partial<Record<SailingRole, { bookingId: number; billId: number }>> = {};
  const officeRows = await tx.select().from(offices);
  const officeId = (code: string) => officeRows.find((o) => o.code === code)!.id;

  const portCodes = [...new Set(DEMO_BILLS.flatMap((b) => [b.pol, b.pod]))];
  const portRows = await tx
    .select({ id: ports.id, code: ports.code })
    .from(ports)
    .where(inArray(ports.code, portCodes));
  const portId = (code: string) => portRows.find((p) => p.code === code)?.id ?? null;
  const partyRows = await tx
    .select({
      id: parties.id,
      code: parties.code,
      mobile: parties.mobile,
      name: parties.name,
      address: parties.address,
      emailId: parties.emailId,
    })
    .from(parties);
  const party = (code: string) => partyRows.find((p) => p.code === code)!;
  const packRows = await tx.select({ id: packageTypes.id, code: packageTypes.code }).from(packageTypes);
  const packId = (code: string) => packRows.find((p) => p.code === code)?.id ?? null;
  const hsRows = await tx
    .select({ id: hsCodes.id, code: hsCodes.code })
    .from(hsCodes)
    .where(
      inArray(
        hsCodes.code,
        DEMO_BILLS.flatMap((b) => b.cargo.map((c) => c.hs)),
      ),
    );
  const hsId = (code: string) => hsRows.find((h) => h.code === code)?.id ?? null;
  // A bill without cargo yet: its quotation names a six-digit HS code all the same (the enquiry requires one).
  const [anyHs] = await tx
    .select({ id: hsCodes.id })
    .from(hsCodes)
    .where(sql`length(${hsCodes.code}) = 6`)
    .orderBy(hsCodes.code)
    .limit(1);
  const [owner1] = await tx
    .select({ partyId: users.partyId })
    .from(users)
    .where(eq(users.id, ownerIds.customer));
  const [owner2] = await tx
    .select({ partyId: users.partyId })
    .from(users)
    .where(eq(users.id, ownerIds.customer2));
  const shipperOf = { customer: owner1!.partyId!, customer2: owner2!.partyId! };

  let serial = 100_000;
  const nextContainerNumber = () => {
    for (;;) {
      serial += 1;
      const number = withCheckDigit(`LDGU${serial}`);
      if (isValidContainerNumber(number)) return number;
    }
  };

  // The sailings of the bills without a role: one that has left for a bill issued (earlier for one surrendered).
  const picked = await pickBillSailings(
    tx,
    DEMO_BILLS.map((demo) => ({
      pol: demo.pol,
      pod: demo.pod,
      departed: demo.status === 'ISSUED' || demo.status === 'SURRENDERED',
      departedDaysAgo: demo.status === 'SURRENDERED' ? 12 : 6,
    })),
    new Set(Object.values(sailings).map((s) => s.voyageId)),
    now,
  );

  for (const [index, demo] of DEMO_BILLS.entries()) {
    const roleSailing = demo.sailing ? sailings[demo.sailing] : undefined;
    if (demo.sailing && !roleSailing) continue;
    const sailing = roleSailing ? { ...roleSailing, departedAt: null } : picked[index];
    const ownerId = ownerIds[demo.owner];
    const seq = String(index + 1).padStart(4, '0');
    const issued = demo.status === 'ISSUED' || demo.status === 'SURRENDERED';
    const office = officeId(demo.pol === 'INMAA' ? 'MAA' : 'TSX');
    // The timeline, relative to the seeding: priced, accepted (the booking), the draft dated; for a bill issued,
    // before its sailing left, which dates it.
    const departedAt = issued ? (sailing?.departedAt ?? new Date(now.getTime() - 5 * DAY)) : null;
    const daysBefore = (index * 2) % 9;
    const bookedAt = departedAt
      ? new Date(departedAt.getTime() - 10 * DAY)
      : new Date(now.getTime() - (daysBefore + 2) * DAY);
    const pricedAt = new Date(bookedAt.getTime() - DAY);
    const blDate = isoDay(departedAt ?? new Date(now.getTime() - daysBefore * DAY));
    const issuedOn = departedAt ? new Date(departedAt.getTime() + 20 * 3_600_000) : null;

    const equipment = bookedEquipment(demo);
    const charges = bookedCharges(equipment);
    const { id: quotationId } = await insertQuotation(
      tx,
      {
        status: 'ACCEPTED',
        createdById: ownerId,
        officeId: office,
        polId: portId(demo.pol)!,
        podId: portId(demo.pod)!,
        cargoType: demo.containers.some((c) => c.size === '20RF') ? 'PEF' : 'GEN',
        hsCodeId: (demo.cargo[0] && hsId(demo.cargo[0].hs)) ?? anyHs!.id,
        cargoReadyDate: isoDay(new Date(bookedAt.getTime() + 3 * DAY)),
        currency: 'USD',
        totalAmount: sumMoney(charges.map((c) => c.amount)),
        validUntil: isoDay(new Date(pricedAt.getTime() + 7 * DAY)),
        voyageId: sailing?.voyageId ?? null,
        version: 2,
        createdAt: pricedAt,
        updatedAt: bookedAt,
      },
      equipment.map((e) => e.line),
      charges,
    );
    const vessel = sailing?.vesselName ?? null;
    const voyage = sailing?.voyageNumber ?? null;
    const [booking] = await tx
      .insert(bookings)
      .values({
        number: `BKG26110${seq}`,
        createdById: ownerId,
        polId: portId(demo.pol),
        podId: portId(demo.pod),
        vesselName: vessel,
        voyageNumber: voyage,
        voyageId: sailing?.voyageId ?? null,
        status: 'CONFIRMED',
        quotationId,
        officeId: office,
        createdAt: bookedAt,
      })
      .returning({ id: bookings.id });

    const containerRows = [];
    for (const c of demo.containers) {
      const [row] = await tx
        .insert(containers)
        .values({
          number: nextContainerNumber(),
          isoCode: SIZES[c.size].iso,
          nickname: c.size,
          tareWeight: SIZES[c.size].tare,
        })
        .returning({ id: containers.id, tare: containers.tareWeight });
      containerRows.push({ ...c, containerId: row!.id, tare: row!.tare });
    }
    const totals = computeBillTotals(
      containerRows.map((c) => ({ cargoGrossWeight: c.gross, tareWeight: c.tare, measurement: c.cbm })),
    );
    const shipper = partyRows.find((p) => p.id === shipperOf[demo.owner])!;
    const consignee = party(demo.consignee);
    const [bill] = await tx
      .insert(billsOfLading)
      .values({
        number: `LDG2611${seq}`,
        status: demo.status,
        createdById: ownerId,
        bookingId: booking!.id,
        polId: portId(demo.pol),
        podId: portId(demo.pod),
        vesselName: vessel,
        voyageNumber: voyage,
        issuingOfficeId: office,
        blDate,
        blType: index % 4 === 3 ? 'SEAWAY' : 'ORIGINAL',
        loadDischargeTerms: 'CY/CY',
        loadType: 'FCL',
        dischargeType: index % 3 === 0 ? 'DIRECT' : 'TRANSHIPMENT',
        paymentMethod: index % 2 === 0 ? 'PREPAID' : 'COLLECT',
        cargoCategory: demo.containers.some((c) => c.size === '20RF') ? 'PEF' : 'GEN',
        noOfOriginals: 3,
        noOfCopies: 3,
        shipperId: shipper.id,
        shipperNameInBl: demo.nameInBl ? `${shipper.name.toUpperCase()}` : null,
        shipperPhoneNo: shipper.mobile,
        consigneeId: consignee.id,
        consigneeNameInBl: demo.nameInBl ? `${consignee.name.toUpperCase()}` : null,
        consigneePhoneNo: consignee.mobile,
        description:
          demo.description ??
          (demo.cargo.length > 0 ? demo.cargo.map((c) => `${c.details} ${c.commodity}`).join('\n') : null),
        marksAndNos:
          demo.marks ??
          (demo.cargo.length > 0 ? `${shipper.name.split(' ')[0]!.toUpperCase()}/${demo.pod}/1-UP` : null),
        noOfPacks: demo.containers.reduce((sum, c) => sum + c.packs, 0) || null,
        totalContainers: demo.containers.length,
        netWeight: demo.containers.length ? totals.netWeight : null,
        grossWeight: demo.containers.length ? totals.grossWeight : null,
        measurement: demo.containers.length ? totals.measurement : null,
        saidToContain: demo.containers.length
          ? `${demo.containers.length} container(s) said to contain`
          : null,
        issuedBy: issued ? 'Asha Admin' : null,
        issuedOn,
        shippedOnBoardDate: departedAt ? blDate : null,
        noOfOriginalsPrinted: issued ? 3 : 0,
        isBlSurrendered: demo.status === 'SURRENDERED',
        surrenderedOn:
          demo.status === 'SURRENDERED' && issuedOn ? new Date(issuedOn.getTime() + 2 * DAY) : null,
        surrenderedAt: demo.status === 'SURRENDERED' ? (demo.pol === 'INMAA' ? 'Chennai' : 'Mumbai') : null,
        surrenderedBy: demo.status === 'SURRENDERED' ? shipper.name : null,
        docsStatus: issued ? 'RELEASED' : 'PENDING',
      })
      .returning({ id: billsOfLading.id });
    const blId = bill!.id;
    if (demo.notify?.length) {
      await tx.insert(blNotifyParties).values(
        demo.notify.map((code, i) => {
          const p = party(code);
          return {
            blId,
            position: i + 1,
            partyId: p.id,
            partyNameInBl: p.name,
            address: p.address,
            mobile: p.mobile,
            email: p.emailId,
          };
        }),
      );
    }
    if (containerRows.length) {
      await tx.insert(blContainers).values(
        containerRows.map((c, i) => ({
          blId,
          containerId: c.containerId,
          position: i + 1,
          sealNo: c.seal,
          packageTypeId: packId(c.pack),
          noOfPacks: c.packs,
          netWeight: c.gross,
          grossWeight: c.gross,
          measurement: c.cbm,
          vgm: c.vgm ?? c.gross + c.tare,
          vgmMethod: c.method,
        })),
      );
    }
    if (demo.cargo.length) {
      await tx.insert(blCargoDetails).values(
        demo.cargo.map((c, i) => ({
          blId,
          position: i + 1,
          hsCodeId: hsId(c.hs),
          commodity: c.commodity,
          packageTypeId: packId(c.pack),
          packageDetails: c.details,
        })),
      );
    }
    await tx.insert(auditEvents).values({
      actorId: null,
      module: 'ADMIN',
      recordType: 'BILL_OF_LADING',
      recordId: blId,
      action: 'CREATED',
      toStatus: demo.status,
      version: 1,
      comment: 'Draft created from the booking',
    });
    if (demo.sailing) seeded[demo.sailing] = { bookingId: booking!.id, billId: blId };
  }
  return seeded;
}
