import { diffContent } from '@lading/contract/bills-of-lading';
import type {
  DeleteTariffQuery,
  SetTariffActiveBody,
  Tariff,
  TariffBody,
  TariffListQuery,
} from '@lading/contract/tariffs';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import {
  deleteTariffRow,
  findPricedQuotations,
  findTariffById,
  findTariffList,
  findTariffReferences,
  insertTariff,
  lockLaneAndFindOverlap,
  setTariffActiveRow,
  updateTariffRow,
} from './tariffs.repository';

const RECORD = 'TARIFF';

/** The tariff locked for a change, at the version the caller read (404 when it is gone, 412 when it moved on). */
async function lockAtVersion(tx: Tx, id: number, expected: number) {
  const before = await findTariffById(tx, id, true);
  if (!before) throw notFound('Tariff');
  assertCurrentVersion(
    before.version,
    expected,
    'This tariff has changed since you opened it. Please reload it.',
  );
  return before;
}

/**
 * The carrier's price list (carrier-wide: the corporate office sets prices; branch staff read them). A tariff's
 * validity never overlaps another of the same lane and size-type; quotations already issued keep their own copied
 * charges, so editing a tariff changes only what is priced afterwards.
 */
export function createTariffsService(deps: { db: Db }) {
  const { db } = deps;

  /** A validity overlapping another active tariff of the lane and size-type is 409 naming validFrom. */
  async function checkOverlap(
    tx: Tx,
    lane: Pick<TariffBody, 'polId' | 'podId' | 'isoCode' | 'validFrom' | 'validTo'>,
    exceptId?: number,
  ) {
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

  return {
    findTariffs(query: TariffListQuery) {
      return findTariffList(db, query);
    },

    /** One tariff with its charge lines (tariffs are carrier-wide: any holder of ADMIN.TARIFF.VIEW reads them). */
    async getTariff(id: number): Promise<Tariff> {
      const tariff = await findTariffById(db, id);
      if (!tariff) throw notFound('Tariff');
      return tariff;
    },

    async createTariff(caller: Principal, body: TariffBody): Promise<Tariff> {
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, body);
        const tariffId = await insertTariff(tx, body, caller.userId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: tariffId,
          action: 'CREATED',
          version: 1,
        });
        return tariffId;
      });
      return (await findTariffById(db, id))!;
    },

    /** Edits a tariff at the version the caller read (If-Match or body version: 428/412), with the field diff audited. */
    async updateTariff(
      caller: Principal,
      id: number,
      body: TariffBody,
      ifMatch: string | undefined,
    ): Promise<Tariff> {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the tariff you edited');
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        await checkReferences(tx, body, id, before.active);
        await updateTariffRow(tx, id, body);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'UPDATED',
          version: before.version + 1,
          changes: diffContent(content(before), content(body)),
        });
      });
      return (await findTariffById(db, id))!;
    },

    /**
     * Deactivates (kept for history and for the quotations priced from it; it prices no new enquiry) or reactivates a
     * tariff at the version read (428/412); reactivating checks the validity against the lane's active tariffs (409).
     * Audited ACTIVATED / DEACTIVATED; setting what already holds changes nothing.
     */
    async setActive(
      caller: Principal,
      id: number,
      body: SetTariffActiveBody,
      ifMatch: string | undefined,
    ): Promise<Tariff> {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the tariff you read');
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        if (before.active === body.active) return;
        if (body.active)
          await checkOverlap(
            tx,
            {
              polId: before.pol.id,
              podId: before.pod.id,
              isoCode: before.isoCode,
              validFrom: before.validFrom,
              validTo: before.validTo,
            },
            id,
          );
        await setTariffActiveRow(tx, id, body.active);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: body.active ? 'ACTIVATED' : 'DEACTIVATED',
          version: before.version + 1,
          changes: [{ field: 'active', before: before.active, after: body.active }],
        });
      });
      return (await findTariffById(db, id))!;
    },

    /**
     * Deletes a tariff at the version read (428/412) while no quotation was priced from it; otherwise 409 naming the
     * quotations (deactivate it instead). Audited DELETED (the audit row outlives the tariff).
     */
    async deleteTariff(
      caller: Principal,
      id: number,
      query: DeleteTariffQuery,
      ifMatch: string | undefined,
    ): Promise<void> {
      const expected = requireExpectedVersion(ifMatch, query.version, 'the version of the tariff you read');
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        const priced = await findPricedQuotations(tx, id);
        if (priced.count > 0) {
          const named = priced.numbers.join(', ') + (priced.count > priced.numbers.length ? ', …' : '');
          const why = `${priced.count === 1 ? '1 quotation was' : `${priced.count} quotations were`} priced from it (${named})`;
          throw new AppError('CONFLICT', `This tariff cannot be deleted: ${why}. Deactivate it instead.`, {
            fields: { id: why },
          });
        }
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'DELETED',
          version: before.version,
          comment: `${before.pol.code} -> ${before.pod.code} ${before.isoCode}, valid ${before.validFrom} to ${before.validTo}`,
        });
        await deleteTariffRow(tx, id);
      });
    },
  };
}

export type TariffsService = ReturnType<typeof createTariffsService>;
