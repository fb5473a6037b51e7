import type { Tariff, TariffBody, TariffListQuery } from '@lading/contract/tariffs';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { tariffLifecycle } from './tariff-lifecycle';
import { tariffRows } from './tariff-rows.repository';
import {
  findTariffById,
  findTariffList,
  findTariffReferences,
  insertTariff,
  lockLaneAndFindOverlap,
  updateTariffRow,
} from './tariffs.repository';

type Lane = Pick<TariffBody, 'polId' | 'podId' | 'isoCode' | 'validFrom' | 'validTo'>;

/** A validity overlapping another active tariff of the lane and size-type is 409 naming validFrom. */
async function checkOverlap(tx: Tx, lane: Lane, exceptId?: number) {
  const overlap = await lockLaneAndFindOverlap(tx, { ...lane, exceptId });
  if (overlap) {
    throw new AppError(
      'CONFLICT',
      `validFrom: overlaps the tariff valid ${overlap.validFrom} to ${overlap.validTo} for this lane and size-type`,
      {
        fields: { validFrom: `overlaps tariff ${overlap.id} (${overlap.validFrom} to ${overlap.validTo})` },
      },
    );
  }
}

/** Ports and size-type must exist; an active tariff's validity must not overlap another active one's. */
async function checkReferences(tx: Tx, body: TariffBody, exceptId?: number, active = true) {
  const row = await findTariffReferences(tx, body);
  const fields: Record<string, string> = {};
  if (!row?.pol) fields.polId = 'is not a known port';
  if (!row?.pod) fields.podId = 'is not a known port';
  if (!row?.iso) fields.isoCode = 'is not a known ISO 6346 size-type';
  if (Object.keys(fields).length) {
    const [field, message] = Object.entries(fields)[0]!;
    throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
  }
  if (active) await checkOverlap(tx, body, exceptId);
}

const content = (tariff: Tariff | TariffBody) => ({
  isoCode: tariff.isoCode,
  validFrom: tariff.validFrom,
  validTo: tariff.validTo,
  currency: tariff.currency,
  charges: tariff.charges.map((c) => ({
    code: c.code,
    name: c.name,
    basis: c.basis,
    amount: c.amount,
    hazardousOnly: c.hazardousOnly,
  })),
});

/**
 * The carrier's price list (carrier-wide: the corporate office sets prices; branch staff read them). A tariff's
 * validity never overlaps another of the same lane and size-type; quotations already issued keep their own copied
 * charges, so editing a tariff changes only what is priced afterwards. Created, edited, deactivated, reactivated and
 * deleted through the lifecycle both kinds of tariff share (tariff-lifecycle.ts).
 */
export function createTariffsService(deps: { db: Db }) {
  return tariffLifecycle<Tariff, TariffBody, TariffListQuery>(deps.db, {
    record: 'TARIFF',
    noun: 'tariff',
    list: findTariffList,
    find: findTariffById,
    insert: insertTariff,
    update: updateTariffRow,
    ...tariffRows('tariffs', { table: 'quotation_tariffs', column: 'tariff_id' }),
    checkReferences,
    checkOverlap: (tx, tariff, id) =>
      checkOverlap(
        tx,
        {
          polId: tariff.pol.id,
          podId: tariff.pod.id,
          isoCode: tariff.isoCode,
          validFrom: tariff.validFrom,
          validTo: tariff.validTo,
        },
        id,
      ),
    content,
    label: (tariff) =>
      `${tariff.pol.code} -> ${tariff.pod.code} ${tariff.isoCode}, valid ${tariff.validFrom} to ${tariff.validTo}`,
  });
}

export type TariffsService = ReturnType<typeof createTariffsService>;
