import { roundDecimalText } from '@lading/contract/decimal';
import type { InlandMode, InlandTariff, InlandTariffBody } from '@lading/contract/inland-tariffs';
import type { Port, RailwayStation } from '@lading/contract/reference-data';
import { formatDate } from '../../../lib/format';
import { carrierDeskKeys } from '../api/query-keys';
import type { TariffKind } from './tariff-lifecycle';

type InlandPort = Pick<Port, 'id' | 'code' | 'name' | 'countryCode'>;
type InlandStation = Pick<RailwayStation, 'id' | 'code' | 'name'>;

/** The inland tariff form: the typeaheads hold the picked port and station; km may be empty while typing. */
export type InlandTariffForm = {
  mode: InlandMode;
  port: InlandPort | null;
  station: InlandStation | null;
  fromKm: number | null;
  toKm: number | null;
  isoCode: string;
  validFrom: string;
  validTo: string;
  currency: string;
  /** Decimal text as typed. */
  amount: string;
};

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A new inland tariff: rail, 22G1, USD, 90 days from today; an existing one: its own values. */
export function inlandTariffFormDefaults(tariff: InlandTariff | null, today: string): InlandTariffForm {
  if (tariff)
    return {
      mode: tariff.mode,
      port: tariff.port,
      station: tariff.station,
      fromKm: tariff.fromKm,
      toKm: tariff.toKm,
      isoCode: tariff.isoCode,
      validFrom: tariff.validFrom,
      validTo: tariff.validTo,
      currency: tariff.currency,
      amount: tariff.amount,
    };
  return {
    mode: 'RAIL',
    port: null,
    station: null,
    fromKm: null,
    toKm: null,
    isoCode: '22G1',
    validFrom: today,
    validTo: addDays(today, 89),
    currency: 'USD',
    amount: '',
  };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The form as the body of POST / PUT cp/admin/inland-tariffs/: a rail tariff sends its station, a door tariff its
 * band; the contract's schema checks the rest.
 */
export function toInlandTariffBody(form: InlandTariffForm): unknown {
  const rail = form.mode === 'RAIL';
  return {
    mode: form.mode,
    portId: form.port?.id,
    stationId: rail ? form.station?.id : undefined,
    fromKm: rail ? undefined : (form.fromKm ?? undefined),
    toKm: rail ? undefined : (form.toKm ?? undefined),
    isoCode: blankToUndefined(form.isoCode),
    validFrom: blankToUndefined(form.validFrom),
    validTo: blankToUndefined(form.validTo),
    currency: blankToUndefined(form.currency),
    amount: form.amount.trim() === '' ? undefined : (roundDecimalText(form.amount, 2) ?? form.amount),
  } satisfies Partial<Record<keyof InlandTariffBody, unknown>>;
}

/** Where a message about a body path (the schema's, or the server's 400/409) shows on the form. */
export function toInlandTariffFormField(path: string): string | null {
  if (path === 'portId') return 'port';
  if (path === 'stationId') return 'station';
  if (['mode', 'fromKm', 'toKm', 'isoCode', 'validFrom', 'validTo', 'currency', 'amount'].includes(path))
    return path;
  return null;
}

/** The leg a tariff prices, as staff read it: "ICD Tughlakabad (TKD) ↔ INNSA", "Door 0–50 km ↔ INNSA". */
export const inlandLegLabel = (tariff: InlandTariff) =>
  tariff.mode === 'RAIL'
    ? `${tariff.station?.name} (${tariff.station?.code}) ↔ ${tariff.port.code}`
    : `Door ${tariff.fromKm}–${tariff.toKm} km ↔ ${tariff.port.code}`;

/** Inland haulage (decision 020): rail station or ICD <-> port, or a door distance band <-> port. */
export const INLAND_TARIFF: TariffKind<InlandTariff> = {
  url: '/cp/admin/inland-tariffs/',
  queryKey: carrierDeskKeys.inlandTariffs,
  noun: 'inland tariff',
  /** "rail TKD ↔ INNSA 22G1, 01/12/2026 – 28/02/2027". */
  name: (tariff) =>
    `${tariff.mode === 'RAIL' ? `rail ${tariff.station?.code}` : `door ${tariff.fromKm}–${tariff.toKm} km`} ↔ ${tariff.port.code} ${tariff.isoCode}, ${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
  label: (tariff) => INLAND_TARIFF.name(tariff),
  /** "Deactivate inland tariff rail TKD to INNSA 22G1 from 2026-12-01". */
  buttonName: (verb, tariff) =>
    `${verb} inland tariff ${tariff.mode === 'RAIL' ? `rail ${tariff.station?.code}` : `door ${tariff.fromKm} to ${tariff.toKm} km`} to ${tariff.port.code} ${tariff.isoCode} from ${tariff.validFrom}`,
  explain: {
    deactivate:
      'It will price no new rate enquiry: that leg goes to your team as "inland haulage on request". It stays in the list, marked inactive, for history and for the quotations already priced from it.',
    reactivate: 'New rate enquiries with this inland leg will be priced from it again.',
    delete: 'No quotation was priced from it. It is removed and cannot be brought back.',
  },
};
