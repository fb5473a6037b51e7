import { diffContent } from '@lading/contract/bills-of-lading';
import {
  type InlandTariff,
  type InlandTariffBody,
  type InlandTariffListQuery,
  RAIL_COUNTRY,
} from '@lading/contract/inland-tariffs';
import type { DeleteTariffQuery, SetTariffActiveBody } from '@lading/contract/tariffs';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import {
  deleteInlandTariffRow,
  findInlandReferences,
  findInlandTariffById,
  findInlandTariffList,
  findQuotationsPricedFromInland,
  type InlandKey,
  insertInlandTariff,
  lockAndFindInlandOverlap,
  setInlandTariffActiveRow,
  updateInlandTariffRow,
} from './inland-tariffs.repository';

const RECORD = 'INLAND_TARIFF';

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

/**
 * Inland haulage tariffs (issue 28 item 5), maintained like the sea tariffs: carrier-wide (no office scope; the
 * ADMIN.TARIFF permissions decide), edited at the version read, deactivated, reactivated, and deleted while no
 * quotation was priced from them (decision 019). Quotations read them in their own SQL when they price an enquiry.
 */
export function createInlandTariffsService(deps: { db: Db }) {
  const { db } = deps;

  async function lockAtVersion(tx: Tx, id: number, expected: number) {
    const before = await findInlandTariffById(tx, id, true);
    if (!before) throw notFound('Inland tariff');
    assertCurrentVersion(
      before.version,
      expected,
      'This inland tariff has changed since you opened it. Please reload it.',
    );
    return before;
  }

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

  return {
    findInlandTariffs(query: InlandTariffListQuery) {
      return findInlandTariffList(db, query);
    },

    async getInlandTariff(id: number): Promise<InlandTariff> {
      const tariff = await findInlandTariffById(db, id);
      if (!tariff) throw notFound('Inland tariff');
      return tariff;
    },

    async createInlandTariff(caller: Principal, body: InlandTariffBody): Promise<InlandTariff> {
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, body);
        const tariffId = await insertInlandTariff(tx, body, caller.userId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: tariffId,
          action: 'CREATED',
          version: 1,
        });
        return tariffId;
      });
      return (await findInlandTariffById(db, id))!;
    },

    /** Edits at the version read (If-Match or body version: 428/412), the field diff audited. */
    async updateInlandTariff(
      caller: Principal,
      id: number,
      body: InlandTariffBody,
      ifMatch: string | undefined,
    ): Promise<InlandTariff> {
      const expected = requireExpectedVersion(
        ifMatch,
        body.version,
        'the version of the inland tariff you edited',
      );
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        await checkReferences(tx, body, id, before.active);
        await updateInlandTariffRow(tx, id, body);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'UPDATED',
          version: before.version + 1,
          changes: diffContent(content(before), content(body)),
        });
      });
      return (await findInlandTariffById(db, id))!;
    },

    /** Deactivates or reactivates at the version read; reactivating checks for an overlap (409). */
    async setInlandActive(
      caller: Principal,
      id: number,
      body: SetTariffActiveBody,
      ifMatch: string | undefined,
    ): Promise<InlandTariff> {
      const expected = requireExpectedVersion(
        ifMatch,
        body.version,
        'the version of the inland tariff you read',
      );
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        if (before.active === body.active) return;
        if (body.active) await checkOverlap(tx, keyOf(before), id);
        await setInlandTariffActiveRow(tx, id, body.active);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: body.active ? 'ACTIVATED' : 'DEACTIVATED',
          version: before.version + 1,
          changes: [{ field: 'active', before: before.active, after: body.active }],
        });
      });
      return (await findInlandTariffById(db, id))!;
    },

    /** Deletes at the version read while no quotation was priced from it; otherwise 409 naming them. */
    async deleteInlandTariff(
      caller: Principal,
      id: number,
      query: DeleteTariffQuery,
      ifMatch: string | undefined,
    ): Promise<void> {
      const expected = requireExpectedVersion(
        ifMatch,
        query.version,
        'the version of the inland tariff you read',
      );
      await db.transaction(async (tx) => {
        const before = await lockAtVersion(tx, id, expected);
        const priced = await findQuotationsPricedFromInland(tx, id);
        if (priced.count > 0) {
          const named = priced.numbers.join(', ') + (priced.count > priced.numbers.length ? ', …' : '');
          const why = `${priced.count === 1 ? '1 quotation was' : `${priced.count} quotations were`} priced from it (${named})`;
          throw new AppError(
            'CONFLICT',
            `This inland tariff cannot be deleted: ${why}. Deactivate it instead.`,
            { fields: { id: why } },
          );
        }
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'DELETED',
          version: before.version,
          comment: tariffLabel(before),
        });
        await deleteInlandTariffRow(tx, id);
      });
    },
  };
}

export type InlandTariffsService = ReturnType<typeof createInlandTariffsService>;
