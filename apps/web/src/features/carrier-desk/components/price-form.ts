import { roundDecimalText } from '@lading/contract/decimal';
import { inlandChargeCode, inlandChargeName } from '@lading/contract/inland-tariffs';
import {
  type CHARGE_BASES,
  type EquipmentLine,
  type InlandLeg,
  multiplyMoney,
  type PriceQuotationBody,
  type Quotation,
  sumMoney,
} from '@lading/contract/quotations';

export type ChargeBasis = (typeof CHARGE_BASES)[number];

export type PriceChargeForm = {
  code: string;
  name: string;
  basis: ChargeBasis;
  /** The size-type of a per-container line ('' for a per-bill line). */
  isoCode: string;
  quantity: number | null;
  /** Decimal text as typed (the DecimalField's value). */
  unitAmount: string;
};

export type PriceForm = { currency: string; validUntil: string; charges: PriceChargeForm[] };

type Equipment = Pick<EquipmentLine, 'isoCode' | 'quantity'>;

/** How many containers of a size-type the enquiry asks for (the default quantity of a per-container line). */
export function bookedQuantity(equipment: readonly Equipment[], isoCode: string): number {
  return equipment.filter((line) => line.isoCode === isoCode).reduce((sum, line) => sum + line.quantity, 0);
}

/** A new charge line: per container of the first size-type with its booked quantity, or per bill (quantity 1). */
export function emptyChargeLine(
  equipment: readonly Equipment[],
  basis: ChargeBasis = 'PER_CONTAINER',
): PriceChargeForm {
  const isoCode = basis === 'PER_CONTAINER' ? (equipment[0]?.isoCode ?? '') : '';
  return {
    code: '',
    name: '',
    basis,
    isoCode,
    quantity: basis === 'PER_CONTAINER' ? bookedQuantity(equipment, isoCode) || 1 : 1,
    unitAmount: '',
  };
}

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The name of an inland leg's line as staff price it: "Inland haulage (rail) NDLS -> INNSA", "… (door) INNSA -> door". */
export function inlandLineName(
  quotation: Partial<Pick<Quotation, 'pickup' | 'delivery' | 'pol' | 'pod'>>,
  leg: InlandLeg,
): string {
  const place = leg === 'PICKUP' ? quotation.pickup : quotation.delivery;
  const port = (leg === 'PICKUP' ? quotation.pol : quotation.pod)?.code ?? 'port';
  if (place?.kind === 'RAIL')
    return inlandChargeName(leg, 'RAIL', port, {
      stationCode: place.stationCode ?? `station ${place.stationId}`,
    });
  return leg === 'PICKUP' ? `Inland haulage (door) door -> ${port}` : `Inland haulage (door) ${port} -> door`;
}

/**
 * The price form of an on-request quotation: for each size-type asked for, ocean freight per container (quantity =
 * the booked quantity) with the inland haulage of each leg that is on request (issue 28 item 5) around it, then a
 * documentation fee per bill; amounts to fill in; valid for `validDays` from today.
 */
export function priceFormDefaults(
  quotation: Pick<Quotation, 'equipment'> &
    Partial<Pick<Quotation, 'inlandOnRequest' | 'pickup' | 'delivery' | 'pol' | 'pod'>>,
  today: string,
  validDays = 7,
): PriceForm {
  const sizeTypes = [...new Set(quotation.equipment.map((line) => line.isoCode))];
  const onRequest = new Set(quotation.inlandOnRequest ?? []);
  const perContainer = (code: string, name: string, isoCode: string): PriceChargeForm => ({
    code,
    name,
    basis: 'PER_CONTAINER',
    isoCode,
    quantity: bookedQuantity(quotation.equipment, isoCode),
    unitAmount: '',
  });
  return {
    currency: 'USD',
    validUntil: addDays(today, validDays),
    charges: [
      ...sizeTypes.flatMap((isoCode) => [
        ...(onRequest.has('PICKUP')
          ? [perContainer(inlandChargeCode('PICKUP'), inlandLineName(quotation, 'PICKUP'), isoCode)]
          : []),
        perContainer('OCEAN_FREIGHT', 'Ocean freight', isoCode),
        ...(onRequest.has('DELIVERY')
          ? [perContainer(inlandChargeCode('DELIVERY'), inlandLineName(quotation, 'DELIVERY'), isoCode)]
          : []),
      ]),
      {
        code: 'DOC_FEE',
        name: 'Documentation fee',
        basis: 'PER_BL',
        isoCode: '',
        quantity: 1,
        unitAmount: '',
      },
    ],
  };
}

/** A line's amount (unit amount x quantity, exact) or null while either is missing or not a number. */
export function chargeLineAmount(line: Pick<PriceChargeForm, 'quantity' | 'unitAmount'>): string | null {
  const unit = line.unitAmount.trim() === '' ? null : roundDecimalText(line.unitAmount, 2);
  if (unit === null || line.quantity === null || !Number.isInteger(line.quantity)) return null;
  return multiplyMoney(unit, line.quantity);
}

/**
 * The live total of the price form, exact (hundredths in BigInt through the contract's money helpers): the amount of
 * each line, and the total of the lines that have one; `complete` is false while any line lacks an amount.
 */
export function livePriceTotal(lines: readonly Pick<PriceChargeForm, 'quantity' | 'unitAmount'>[]): {
  amounts: (string | null)[];
  total: string;
  complete: boolean;
} {
  const amounts = lines.map(chargeLineAmount);
  const known = amounts.filter((amount): amount is string => amount !== null);
  return { amounts, total: sumMoney(known), complete: known.length === lines.length && lines.length > 0 };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The form as the body of POST cp/quotations/{id}/price/; nothing is checked here (the contract's schema does). */
export function toPriceBody(form: PriceForm): unknown {
  return {
    currency: blankToUndefined(form.currency),
    validUntil: blankToUndefined(form.validUntil),
    charges: form.charges.map((line) => ({
      code: line.code.trim().toUpperCase(),
      name: line.name,
      basis: line.basis,
      isoCode: line.basis === 'PER_CONTAINER' ? (blankToUndefined(line.isoCode) ?? '') : null,
      quantity: line.quantity ?? undefined,
      unitAmount:
        line.unitAmount.trim() === '' ? undefined : (roundDecimalText(line.unitAmount, 2) ?? line.unitAmount),
    })),
  } satisfies Partial<Record<keyof PriceQuotationBody, unknown>>;
}

/** Where a message about a body path (the schema's or the server's 400) shows on the price form. */
export function toPriceFormField(path: string): string | null {
  if (path === 'currency' || path === 'validUntil') return path;
  if (path === 'charges') return 'charges.root';
  const line = /^charges\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!line) return null;
  const [, index, field] = line;
  if (!field) return `charges.${index}.code`;
  return ['code', 'name', 'basis', 'isoCode', 'quantity', 'unitAmount'].includes(field)
    ? `charges.${index}.${field}`
    : null;
}
