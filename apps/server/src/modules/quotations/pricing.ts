import { inlandChargeCode } from '@lading/contract/inland-tariffs';
import {
  type Charge,
  type EquipmentLine,
  type InlandLeg,
  multiplyMoney,
  QUOTATION_VALID_DAYS,
  sumMoney,
} from '@lading/contract/quotations';
import type { InlandTariffMatch, TariffMatch } from './quotations.repository';

export type PricedQuotation =
  | {
      status: 'QUOTED';
      currency: string;
      totalAmount: string;
      validUntil: string;
      charges: Charge[];
      /** The tariffs it was priced from (recorded with the quotation: a tariff that priced one is never deleted). */
      tariffIds: number[];
      /** The inland tariffs it was priced from (recorded the same way). */
      inlandTariffIds: number[];
      inlandOnRequest: [];
    }
  | {
      status: 'REQUESTED';
      reason: string;
      /** The inland legs no inland tariff covers: "inland haulage on request". */
      inlandOnRequest: InlandLeg[];
    };

/**
 * An inland leg of the enquiry as pricing sees it: its charge line's name ("Inland haulage (rail) TKD -> INNSA") and
 * the active inland tariffs that cover its place on the cargo ready date, one per size-type at most, any currency.
 */
export type InlandLegQuote = { leg: InlandLeg; name: string; tariffs: readonly InlandTariffMatch[] };

/** Mean Earth radius (IUGG), km. */
const EARTH_KM = 6371.0088;

/**
 * The great-circle (straight-line) distance in km between two points, rounded to the nearest whole km: what a door
 * band is matched on (no road routing offline; decision 020).
 */
export function greatCircleKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h))));
}

const LEG_WORDS: Record<InlandLeg, string> = { PICKUP: 'pick-up', DELIVERY: 'delivery' };

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Prices an enquiry from the lane's tariffs and the inland tariffs of its legs, exactly (hundredths as BigInt, never
 * floats):
 * - every equipment line needs a tariff for its size-type valid on the cargo ready date, all in one currency;
 *   otherwise the enquiry is REQUESTED ("on request": carrier staff price it);
 * - every inland leg (a pick-up or delivery away from the port) needs an inland tariff for each size-type in that
 *   currency; a leg without one is "inland haulage on request", and the enquiry goes to carrier staff (REQUESTED);
 * - per-container charges count each line's quantity: the pick-up's inland line, the sea lines, the delivery's inland
 *   line; per-bill charges count once, from the first line's tariff; a hazardous-only charge applies to HAZ alone;
 * - the total is the sum of the charge lines; the quotation holds QUOTATION_VALID_DAYS days from today, never beyond
 *   the earliest end of a tariff it was priced from.
 */
export function priceEnquiry(
  enquiry: { cargoType: string; equipment: readonly EquipmentLine[]; today: string },
  tariffs: readonly TariffMatch[],
  inland: readonly InlandLegQuote[] = [],
): PricedQuotation {
  const byIso = new Map(tariffs.map((tariff) => [tariff.isoCode, tariff]));
  const missing = enquiry.equipment.filter((line) => !byIso.has(line.isoCode)).map((line) => line.isoCode);
  const used = enquiry.equipment.map((line) => byIso.get(line.isoCode));
  const currencies = new Set(used.flatMap((tariff) => (tariff ? [tariff.currency] : [])));
  // The inland lines must be in the sea lines' currency (while that is not known, any currency covers a leg).
  const seaCurrency = missing.length === 0 && currencies.size === 1 ? [...currencies][0]! : null;
  const inlandFor = (leg: InlandLegQuote, isoCode: string) =>
    leg.tariffs.find(
      (tariff) => tariff.isoCode === isoCode && (seaCurrency === null || tariff.currency === seaCurrency),
    );
  const inlandOnRequest = inland
    .filter((leg) => enquiry.equipment.some((line) => !inlandFor(leg, line.isoCode)))
    .map((leg) => leg.leg);
  const inlandWords = inlandOnRequest.length
    ? `inland haulage on request (${inlandOnRequest.map((leg) => LEG_WORDS[leg]).join(', ')})`
    : null;
  const requested = (reason: string): PricedQuotation => ({
    status: 'REQUESTED',
    reason: [reason, inlandWords].filter(Boolean).join('; '),
    inlandOnRequest,
  });
  if (missing.length) return requested(`no tariff for ${[...new Set(missing)].join(', ')}`);
  if (currencies.size > 1) return requested('tariffs in different currencies');
  if (inlandWords) return requested(`no inland tariff in ${seaCurrency}`);
  const currency = seaCurrency!;
  const hazardous = enquiry.cargoType === 'HAZ';
  const applies = (charge: TariffMatch['charges'][number]) => hazardous || !charge.hazardousOnly;

  const charges: Charge[] = [];
  const inlandUsed: InlandTariffMatch[] = [];
  const inlandLine = (leg: InlandLegQuote | undefined, line: EquipmentLine) => {
    if (!leg) return;
    const tariff = inlandFor(leg, line.isoCode)!;
    inlandUsed.push(tariff);
    charges.push({
      code: inlandChargeCode(leg.leg),
      name: leg.name,
      basis: 'PER_CONTAINER',
      isoCode: line.isoCode,
      quantity: line.quantity,
      unitAmount: tariff.amount,
      amount: multiplyMoney(tariff.amount, line.quantity),
      currency,
    });
  };
  const pickup = inland.find((leg) => leg.leg === 'PICKUP');
  const delivery = inland.find((leg) => leg.leg === 'DELIVERY');
  enquiry.equipment.forEach((line, index) => {
    inlandLine(pickup, line);
    for (const charge of used[index]!.charges) {
      if (charge.basis !== 'PER_CONTAINER' || !applies(charge)) continue;
      charges.push({
        code: charge.code,
        name: charge.name,
        basis: 'PER_CONTAINER',
        isoCode: line.isoCode,
        quantity: line.quantity,
        unitAmount: charge.amount,
        amount: multiplyMoney(charge.amount, line.quantity),
        currency,
      });
    }
    inlandLine(delivery, line);
  });
  for (const charge of used[0]!.charges) {
    if (charge.basis !== 'PER_BL' || !applies(charge)) continue;
    charges.push({
      code: charge.code,
      name: charge.name,
      basis: 'PER_BL',
      isoCode: null,
      quantity: 1,
      unitAmount: charge.amount,
      amount: charge.amount,
      currency,
    });
  }
  const earliestEnd = [
    ...used.map((tariff) => tariff!.validTo),
    ...inlandUsed.map((tariff) => tariff.validTo),
  ].sort()[0]!;
  const validUntil = [addDays(enquiry.today, QUOTATION_VALID_DAYS), earliestEnd].sort()[0]!;
  return {
    status: 'QUOTED',
    currency,
    totalAmount: sumMoney(charges.map((c) => c.amount)),
    validUntil,
    charges,
    tariffIds: [...new Set(used.map((tariff) => tariff!.id))],
    inlandTariffIds: [...new Set(inlandUsed.map((tariff) => tariff.id))],
    inlandOnRequest: [],
  };
}
