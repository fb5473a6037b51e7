import {
  type InlandTariff,
  type InlandTariffBody,
  type InlandTariffListQuery,
  RAIL_COUNTRY,
} from '@lading/contract/inland-tariffs';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findInlandReferences,
  findInlandTariffById,
  findInlandTariffList,
  type InlandKey,
  insertInlandTariff,
  lockAndFindInlandOverlap,
  updateInlandTariffRow,
} from './inland-tariffs.repository';
import { tariffLifecycle } from './tariff-lifecycle';
import { tariffRows } from './tariff-rows.repository';

/** "TKD -> INNSA 22G1, valid 2026-12-01 to 2027-02-28", "door 0-50 km INNSA 22G1, …": for audit comments and 409s. */
const tariffLabel = (tariff: InlandTariff) =>
  `${tariff.mode === 'RAIL' ? `rail ${tariff.station?.code} <-> ${tariff.port.code}` : `door ${tariff.fromKm}-${tariff.toKm} km <-> ${tariff.port.code}`} ${tariff.isoCode}, valid ${tariff.validFrom} to ${tariff.validTo}`;

const keyOf = (tariff: InlandTariff): InlandKey => ({
  mode: tariff.mode,
  portId: tariff.port.id,
  stationId: tariff.station?.id,
  fromKm: tariff.fromKm ?? undefined,
  toKm: tariff.toKm ?? undefined,
  isoCode: tariff.isoCode,
  validFrom: tariff.validFrom,
  validTo: tariff.validTo,
});

const invalid = (fields: Record<string, string>) => {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
};

/** Another active tariff that would price the same leg on a same day: 409 naming validFrom (rail) or fromKm (door). */
async function checkOverlap(tx: Tx, key: InlandKey, exceptId?: number) {
  const overlap = await lockAndFindInlandOverlap(tx, key, exceptId);
  if (!overlap) return;
  const what =
    key.mode === 'RAIL'
      ? `the tariff valid ${overlap.validFrom} to ${overlap.validTo} for this station, port and size-type`
      : `the band ${overlap.fromKm}-${overlap.toKm} km valid ${overlap.validFrom} to ${overlap.validTo} for this port and size-type`;
  const field = key.mode === 'RAIL' ? 'validFrom' : 'fromKm';
  throw new AppError('CONFLICT', `${field}: overlaps ${what}`, {
    fields: { [field]: `overlaps inland tariff ${overlap.id} (${what})` },
  });
}

/**
 * The port, station and size-type exist; a rail tariff's port is in India (the station list is Indian); an active
 * tariff overlaps no other active one.
 */
async function checkReferences(tx: Tx, body: InlandTariffBody, exceptId?: number, active = true) {
  const found = await findInlandReferences(tx, body);
  const fields: Record<string, string> = {};
  if (found.portCountry === null) fields.portId = 'is not a known port';
  else if (body.mode === 'RAIL' && found.portCountry !== RAIL_COUNTRY)
    fields.portId = 'must be a port in India for a rail tariff (the railway stations are Indian)';
  if (body.mode === 'RAIL' && !found.station) fields.stationId = 'is not a known railway station or ICD';
  if (!found.iso) fields.isoCode = 'is not a known ISO 6346 size-type';
  if (Object.keys(fields).length) throw invalid(fields);
  if (active) await checkOverlap(tx, body, exceptId);
}

const content = (tariff: InlandTariff | InlandTariffBody) =>
  'port' in tariff
    ? {
        mode: tariff.mode,
        portId: tariff.port.id,
        stationId: tariff.station?.id ?? null,
        fromKm: tariff.fromKm,
        toKm: tariff.toKm,
        isoCode: tariff.isoCode,
        validFrom: tariff.validFrom,
        validTo: tariff.validTo,
        currency: tariff.currency,
        amount: tariff.amount,
      }
    : {
        mode: tariff.mode,
        portId: tariff.portId,
        stationId: tariff.mode === 'RAIL' ? (tariff.stationId ?? null) : null,
        fromKm: tariff.mode === 'DOOR' ? (tariff.fromKm ?? null) : null,
        toKm: tariff.mode === 'DOOR' ? (tariff.toKm ?? null) : null,
        isoCode: tariff.isoCode,
        validFrom: tariff.validFrom,
        validTo: tariff.validTo,
        currency: tariff.currency,
        amount: tariff.amount,
      };

/**
 * Inland haulage tariffs (issue 28 item 5), maintained like the sea tariffs through the lifecycle both share
 * (tariff-lifecycle.ts): carrier-wide (no office scope; the ADMIN.TARIFF permissions decide), edited at the version
 * read, deactivated, reactivated, and deleted while no quotation was priced from them (decision 019). Quotations read
 * them in their own SQL when they price an enquiry.
 */
export function createInlandTariffsService(deps: { db: Db }) {
  return tariffLifecycle<InlandTariff, InlandTariffBody, InlandTariffListQuery>(deps.db, {
    record: 'INLAND_TARIFF',
    noun: 'inland tariff',
    list: findInlandTariffList,
    find: findInlandTariffById,
    insert: insertInlandTariff,
    update: updateInlandTariffRow,
    ...tariffRows('inland_tariffs', { table: 'quotation_inland_tariffs', column: 'inland_tariff_id' }),
    checkReferences,
    checkOverlap: (tx, tariff, id) => checkOverlap(tx, keyOf(tariff), id),
    content,
    label: tariffLabel,
  });
}

export type InlandTariffsService = ReturnType<typeof createInlandTariffsService>;
