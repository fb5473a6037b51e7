import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ports, railwayStations } from '../db/schema/reference-data';
import { inlandTariffs, tariffCharges, tariffs } from '../db/schema/tariffs';

type ChargeLine = [
  code: string,
  name: string,
  basis: 'PER_CONTAINER' | 'PER_BL',
  amount: string,
  hazardousOnly?: boolean,
];

/** Ocean freight and surcharges in USD for a 20' (22G1) and a 40' high-cube (45G1) box. */
const charges = (
  freight: string,
  baf: string,
  thcOrigin: string,
  thcDestination: string,
  hazardous: string,
): ChargeLine[] => [
  ['OCEAN_FREIGHT', 'Ocean freight', 'PER_CONTAINER', freight],
  ['BAF', 'Bunker adjustment factor', 'PER_CONTAINER', baf],
  ['THC_ORIGIN', 'Terminal handling, origin', 'PER_CONTAINER', thcOrigin],
  ['THC_DESTINATION', 'Terminal handling, destination', 'PER_CONTAINER', thcDestination],
  ['DOC_FEE', 'Documentation fee', 'PER_BL', '45.00'],
  ['HAZ_SURCHARGE', 'Hazardous cargo surcharge', 'PER_CONTAINER', hazardous, true],
];

/** The demo lanes (issue 12): most lanes have no tariff, so the "on request" path shows too. */
const DEMO_TARIFFS: { pol: string; pod: string; iso: string; lines: ChargeLine[] }[] = [
  {
    pol: 'INNSA',
    pod: 'AEJEA',
    iso: '22G1',
    lines: charges('450.00', '120.00', '95.00', '110.00', '250.00'),
  },
  {
    pol: 'INNSA',
    pod: 'AEJEA',
    iso: '45G1',
    lines: charges('780.00', '210.00', '140.00', '160.00', '400.00'),
  },
  {
    pol: 'INNSA',
    pod: 'SGSIN',
    iso: '22G1',
    lines: charges('520.00', '135.00', '95.00', '120.00', '275.00'),
  },
  {
    pol: 'INNSA',
    pod: 'SGSIN',
    iso: '45G1',
    lines: charges('910.00', '240.00', '140.00', '175.00', '440.00'),
  },
  {
    pol: 'INNSA',
    pod: 'NLRTM',
    iso: '22G1',
    lines: charges('1450.00', '310.00', '95.00', '185.00', '520.00'),
  },
  {
    pol: 'INNSA',
    pod: 'NLRTM',
    iso: '45G1',
    lines: charges('2600.00', '560.00', '140.00', '260.00', '830.00'),
  },
  {
    pol: 'INMUN',
    pod: 'SGSIN',
    iso: '22G1',
    lines: charges('540.00', '135.00', '90.00', '120.00', '275.00'),
  },
  {
    pol: 'INMUN',
    pod: 'SGSIN',
    iso: '45G1',
    lines: charges('940.00', '240.00', '135.00', '175.00', '440.00'),
  },
];

/** Tariffs valid from today for 90 days, USD; a lane already priced from that day is left as it is. */
export async function seedDemoTariffs(tx: Tx, today = new Date()): Promise<void> {
  const validFrom = today.toISOString().slice(0, 10);
  const validTo = new Date(today.getTime() + 89 * 86_400_000).toISOString().slice(0, 10);
  const codes = [...new Set(DEMO_TARIFFS.flatMap((t) => [t.pol, t.pod]))];
  const portRows = await tx
    .select({ id: ports.id, code: ports.code })
    .from(ports)
    .where(inArray(ports.code, codes));
  const portId = (code: string) => portRows.find((p) => p.code === code)?.id;
  for (const tariff of DEMO_TARIFFS) {
    const polId = portId(tariff.pol);
    const podId = portId(tariff.pod);
    if (!polId || !podId) continue;
    const existing = await tx
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(and(eq(tariffs.polId, polId), eq(tariffs.podId, podId), eq(tariffs.isoCode, tariff.iso)));
    if (existing.length) continue;
    const [row] = await tx
      .insert(tariffs)
      .values({ polId, podId, isoCode: tariff.iso, validFrom, validTo, currency: 'USD' })
      .returning({ id: tariffs.id });
    await tx.insert(tariffCharges).values(
      tariff.lines.map(([code, name, basis, amount, hazardousOnly], position) => ({
        tariffId: row!.id,
        position,
        code,
        name,
        basis,
        amount,
        hazardousOnly: hazardousOnly ?? false,
      })),
    );
  }
}

type DemoInland =
  | { mode: 'RAIL'; station: string; port: string; amounts: [teu: string, feu: string] }
  | { mode: 'DOOR'; port: string; fromKm: number; toKm: number; amounts: [teu: string, feu: string] };

/**
 * Inland haulage on the demo lanes (issue 28 item 5), USD like the sea tariffs, for 22G1 and 45G1: rail from real
 * ICDs of the station list to the Indian ports they serve, and door bands around Nhava Sheva, Mundra and Jebel Ali.
 * Any other station or a door further out shows "inland haulage on request".
 */
const DEMO_INLAND: DemoInland[] = [
  { mode: 'RAIL', station: 'TKD', port: 'INNSA', amounts: ['620.00', '890.00'] },
  { mode: 'RAIL', station: 'AJNI', port: 'INNSA', amounts: ['410.00', '600.00'] },
  { mode: 'RAIL', station: 'DER', port: 'INMUN', amounts: ['580.00', '840.00'] },
  { mode: 'RAIL', station: 'GHH', port: 'INMUN', amounts: ['560.00', '810.00'] },
  { mode: 'RAIL', station: 'WFD', port: 'INMAA', amounts: ['350.00', '520.00'] },
  { mode: 'DOOR', port: 'INNSA', fromKm: 0, toKm: 50, amounts: ['85.00', '120.00'] },
  { mode: 'DOOR', port: 'INNSA', fromKm: 50, toKm: 150, amounts: ['160.00', '230.00'] },
  { mode: 'DOOR', port: 'INNSA', fromKm: 150, toKm: 400, amounts: ['310.00', '440.00'] },
  { mode: 'DOOR', port: 'INMUN', fromKm: 0, toKm: 100, amounts: ['110.00', '160.00'] },
  { mode: 'DOOR', port: 'AEJEA', fromKm: 0, toKm: 60, amounts: ['95.00', '140.00'] },
];

/** Inland tariffs valid from today for 90 days; a leg already priced (any tariff of its key) is left as it is. */
export async function seedDemoInlandTariffs(tx: Tx, today = new Date()): Promise<void> {
  const validFrom = today.toISOString().slice(0, 10);
  const validTo = new Date(today.getTime() + 89 * 86_400_000).toISOString().slice(0, 10);
  const portRows = await tx
    .select({ id: ports.id, code: ports.code })
    .from(ports)
    .where(inArray(ports.code, [...new Set(DEMO_INLAND.map((row) => row.port))]));
  const stationRows = await tx
    .select({ id: railwayStations.id, code: railwayStations.code })
    .from(railwayStations)
    .where(
      inArray(railwayStations.code, [
        ...new Set(DEMO_INLAND.flatMap((row) => (row.mode === 'RAIL' ? [row.station] : []))),
      ]),
    );
  for (const row of DEMO_INLAND) {
    const portId = portRows.find((port) => port.code === row.port)?.id;
    const stationId =
      row.mode === 'RAIL' ? stationRows.find((station) => station.code === row.station)?.id : undefined;
    if (!portId || (row.mode === 'RAIL' && !stationId)) continue;
    for (const [isoCode, amount] of [
      ['22G1', row.amounts[0]],
      ['45G1', row.amounts[1]],
    ] as const) {
      const place =
        row.mode === 'RAIL'
          ? eq(inlandTariffs.stationId, stationId!)
          : and(eq(inlandTariffs.fromKm, row.fromKm), eq(inlandTariffs.toKm, row.toKm));
      const existing = await tx
        .select({ id: inlandTariffs.id })
        .from(inlandTariffs)
        .where(
          and(
            eq(inlandTariffs.mode, row.mode),
            eq(inlandTariffs.portId, portId),
            eq(inlandTariffs.isoCode, isoCode),
            place,
          ),
        );
      if (existing.length) continue;
      await tx.insert(inlandTariffs).values({
        mode: row.mode,
        portId,
        stationId: stationId ?? null,
        fromKm: row.mode === 'DOOR' ? row.fromKm : null,
        toKm: row.mode === 'DOOR' ? row.toKm : null,
        isoCode,
        validFrom,
        validTo,
        currency: 'USD',
        amount,
      });
    }
  }
}
