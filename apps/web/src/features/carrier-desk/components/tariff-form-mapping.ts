import { roundDecimalText } from '@lading/contract/decimal';
import type { CHARGE_BASES } from '@lading/contract/quotations';
import type { Port } from '@lading/contract/reference-data';
import type { Tariff, TariffBody } from '@lading/contract/tariffs';

type LanePort = Pick<Port, 'id' | 'code' | 'name'>;

export type TariffChargeForm = {
  code: string;
  name: string;
  basis: (typeof CHARGE_BASES)[number];
  /** Decimal text as typed. */
  amount: string;
  hazardousOnly: boolean;
};

/** The tariff form: the lane's typeaheads hold the picked ports. */
export type TariffForm = {
  pol: LanePort | null;
  pod: LanePort | null;
  isoCode: string;
  validFrom: string;
  validTo: string;
  currency: string;
  charges: TariffChargeForm[];
};

export const emptyTariffCharge = (): TariffChargeForm => ({
  code: '',
  name: '',
  basis: 'PER_CONTAINER',
  amount: '',
  hazardousOnly: false,
});

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * A new tariff: 90 days from today in USD with the usual lines (ocean freight, BAF, THC at both ends per container,
 * documentation per bill, hazardous surcharge for HAZ only), amounts to fill in. An existing one: its own values.
 */
export function tariffFormDefaults(tariff: Tariff | null, today: string): TariffForm {
  if (tariff)
    return {
      pol: tariff.pol,
      pod: tariff.pod,
      isoCode: tariff.isoCode,
      validFrom: tariff.validFrom,
      validTo: tariff.validTo,
      currency: tariff.currency,
      charges: tariff.charges.map((charge) => ({ ...charge })),
    };
  const line = (code: string, name: string, basis: TariffChargeForm['basis'], hazardousOnly = false) => ({
    code,
    name,
    basis,
    amount: '',
    hazardousOnly,
  });
  return {
    pol: null,
    pod: null,
    isoCode: '22G1',
    validFrom: today,
    validTo: addDays(today, 89),
    currency: 'USD',
    charges: [
      line('OCEAN_FREIGHT', 'Ocean freight', 'PER_CONTAINER'),
      line('BAF', 'Bunker adjustment factor', 'PER_CONTAINER'),
      line('THC_ORIGIN', 'Terminal handling, origin', 'PER_CONTAINER'),
      line('THC_DEST', 'Terminal handling, destination', 'PER_CONTAINER'),
      line('DOC_FEE', 'Documentation fee', 'PER_BL'),
      line('HAZ_SURCHARGE', 'Hazardous cargo surcharge', 'PER_CONTAINER', true),
    ],
  };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The form as the body of POST cp/tariffs/ or PUT cp/tariffs/{id}/; the contract's schema checks it. */
export function toTariffBody(form: TariffForm): unknown {
  return {
    polId: form.pol?.id,
    podId: form.pod?.id,
    isoCode: blankToUndefined(form.isoCode),
    validFrom: blankToUndefined(form.validFrom),
    validTo: blankToUndefined(form.validTo),
    currency: blankToUndefined(form.currency),
    charges: form.charges.map((charge) => ({
      code: charge.code.trim().toUpperCase(),
      name: charge.name,
      basis: charge.basis,
      amount: charge.amount.trim() === '' ? undefined : (roundDecimalText(charge.amount, 2) ?? charge.amount),
      hazardousOnly: charge.hazardousOnly,
    })),
  } satisfies Partial<Record<keyof TariffBody, unknown>>;
}

/** Where a message about a body path (the schema's, or the server's 400/409) shows on the tariff form. */
export function toTariffFormField(path: string): string | null {
  if (path === 'polId') return 'pol';
  if (path === 'podId') return 'pod';
  if (['isoCode', 'validFrom', 'validTo', 'currency'].includes(path)) return path;
  if (path === 'charges') return 'charges.root';
  const line = /^charges\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!line) return null;
  const [, index, field] = line;
  return field && ['code', 'name', 'basis', 'amount', 'hazardousOnly'].includes(field)
    ? `charges.${index}.${field}`
    : `charges.${index}.code`;
}
