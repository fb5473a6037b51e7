import {
  type Charge,
  type EquipmentLine,
  multiplyMoney,
  QUOTATION_VALID_DAYS,
  sumMoney,
} from '@lading/contract/quotations';
import type { TariffMatch } from './quotations.repository';

export type PricedQuotation =
  | {
      status: 'QUOTED';
      currency: string;
      totalAmount: string;
      validUntil: string;
      charges: Charge[];
      /** The tariffs it was priced from (recorded with the quotation: a tariff that priced one is never deleted). */
      tariffIds: number[];
    }
  | { status: 'REQUESTED'; reason: string };

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Prices an enquiry from the lane's tariffs, exactly (hundredths as BigInt, never floats):
 * - every equipment line needs a tariff for its size-type valid on the cargo ready date, all in one currency;
 *   otherwise the enquiry is REQUESTED ("on request": carrier staff price it);
 * - per-container charges count each line's quantity; per-bill charges count once, from the first line's tariff;
 *   a hazardous-only charge applies to HAZ cargo alone;
 * - the total is the sum of the charge lines; the quotation holds QUOTATION_VALID_DAYS days from today, never beyond
 *   the earliest tariff's end.
 */
export function priceEnquiry(
  enquiry: { cargoType: string; equipment: readonly EquipmentLine[]; today: string },
  tariffs: readonly TariffMatch[],
): PricedQuotation {
  const byIso = new Map(tariffs.map((tariff) => [tariff.isoCode, tariff]));
  const missing = enquiry.equipment.filter((line) => !byIso.has(line.isoCode)).map((line) => line.isoCode);
  if (missing.length)
    return { status: 'REQUESTED', reason: `no tariff for ${[...new Set(missing)].join(', ')}` };
  const used = enquiry.equipment.map((line) => byIso.get(line.isoCode)!);
  const currencies = new Set(used.map((tariff) => tariff.currency));
  if (currencies.size > 1) return { status: 'REQUESTED', reason: 'tariffs in different currencies' };
  const currency = used[0]!.currency;
  const hazardous = enquiry.cargoType === 'HAZ';
  const applies = (charge: TariffMatch['charges'][number]) => hazardous || !charge.hazardousOnly;

  const charges: Charge[] = [];
  enquiry.equipment.forEach((line, index) => {
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
  const earliestEnd = used.map((tariff) => tariff.validTo).sort()[0]!;
  const validUntil = [addDays(enquiry.today, QUOTATION_VALID_DAYS), earliestEnd].sort()[0]!;
  return {
    status: 'QUOTED',
    currency,
    totalAmount: sumMoney(charges.map((c) => c.amount)),
    validUntil,
    charges,
    tariffIds: [...new Set(used.map((tariff) => tariff.id))],
  };
}
