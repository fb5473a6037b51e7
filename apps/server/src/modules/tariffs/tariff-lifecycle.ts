import { diffContent } from '@lading/contract/bills-of-lading';
import type { DeleteTariffQuery, SetTariffActiveBody } from '@lading/contract/tariffs';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import type { PricedQuotations } from './tariff-rows.repository';

/** What every kind of tariff row answers: its version and whether it prices new enquiries. */
type Versioned = { version: number; active: boolean };

/**
 * One kind of tariff (sea, inland) as the shared lifecycle sees it: its words, its rows (the kind's repository) and
 * its own checks. `T` is the tariff as read, `B` the body of a create or an edit.
 */
export type TariffKind<T extends Versioned, B extends { version?: number }, Q> = {
  /** The audit record type. */
  record: 'TARIFF' | 'INLAND_TARIFF';
  /** In messages: "tariff", "inland tariff". */
  noun: string;
  list(db: Db, query: Q): Promise<{ count: number; results: T[] }>;
  /** One tariff; `forUpdate` locks its row. */
  find(db: Db | Tx, id: number, forUpdate?: boolean): Promise<T | null>;
  insert(tx: Tx, body: B, createdById: number): Promise<number>;
  update(tx: Tx, id: number, body: B): Promise<void>;
  setActive(tx: Tx, id: number, active: boolean): Promise<void>;
  findPriced(tx: Tx, id: number): Promise<PricedQuotations>;
  remove(tx: Tx, id: number): Promise<void>;
  /** What the body names exists (400 naming the field); an active tariff overlaps no other active one (409). */
  checkReferences(tx: Tx, body: B, exceptId?: number, active?: boolean): Promise<void>;
  /** A tariff about to be reactivated overlaps no active one (409). */
  checkOverlap(tx: Tx, tariff: T, exceptId: number): Promise<void>;
  /** The fields an UPDATED audit row compares. */
  content(tariff: T | B): Record<string, unknown>;
  /** The DELETED audit row's comment: what the tariff priced, and when. */
  label(tariff: T): string;
};

/**
 * The lifecycle every kind of tariff shares (decision 019): carrier-wide (no office scope; the ADMIN.TARIFF
 * permissions decide), created and edited with an audit row, every change at the version the caller read (If-Match or
 * body/query `version`: 428 when missing, 412 when stale), deactivated (kept for history and for the quotations priced
 * from it; it prices no new enquiry), reactivated (409 when it now overlaps an active one), and deleted only while no
 * quotation was priced from it (409 naming them: deactivate it instead). Each write is one transaction.
 */
export function tariffLifecycle<T extends Versioned, B extends { version?: number }, Q>(
  db: Db,
  kind: TariffKind<T, B, Q>,
) {
  const { noun } = kind;
  const Noun = `${noun[0]!.toUpperCase()}${noun.slice(1)}`;
  const audit = (tx: Tx, caller: Principal, entry: Omit<AuditEntry, 'module' | 'recordType'>) =>
    recordAudit(tx, caller, { module: 'ADMIN', recordType: kind.record, ...entry });

  /** The tariff locked for a change, at the version the caller read (404 when it is gone, 412 when it moved on). */
  async function lockAtVersion(tx: Tx, id: number, expected: number): Promise<T> {
    const before = await kind.find(tx, id, true);
    if (!before) throw notFound(Noun);
    assertCurrentVersion(
      before.version,
      expected,
      `This ${noun} has changed since you opened it. Please reload it.`,
    );
    return before;
  }

  const reload = async (id: number) => (await kind.find(db, id))!;

  /**
   * `change` made to the tariff locked at the version the caller read or edited (If-Match, or the body's or query's
   * `version`), in one transaction.
   */
  async function atVersion(
    id: number,
    ifMatch: string | undefined,
    version: number | undefined,
    read: 'read' | 'edited',
    change: (tx: Tx, before: T) => Promise<void>,
  ) {
    const expected = requireExpectedVersion(ifMatch, version, `the version of the ${noun} you ${read}`);
    await db.transaction(async (tx) => change(tx, await lockAtVersion(tx, id, expected)));
  }

  return {
    list: (query: Q) => kind.list(db, query),

    async get(id: number): Promise<T> {
      const tariff = await kind.find(db, id);
      if (!tariff) throw notFound(Noun);
      return tariff;
    },

    async create(caller: Principal, body: B): Promise<T> {
      const id = await db.transaction(async (tx) => {
        await kind.checkReferences(tx, body);
        const tariffId = await kind.insert(tx, body, caller.userId);
        await audit(tx, caller, { recordId: tariffId, action: 'CREATED', version: 1 });
        return tariffId;
      });
      return reload(id);
    },

    /** Edits at the version read, the field diff audited. */
    async update(caller: Principal, id: number, ifMatch: string | undefined, body: B): Promise<T> {
      await atVersion(id, ifMatch, body.version, 'edited', async (tx, before) => {
        await kind.checkReferences(tx, body, id, before.active);
        await kind.update(tx, id, body);
        await audit(tx, caller, {
          recordId: id,
          action: 'UPDATED',
          version: before.version + 1,
          changes: diffContent(kind.content(before), kind.content(body)),
        });
      });
      return reload(id);
    },

    /**
     * Deactivates or reactivates at the version read; reactivating checks for an overlap (409). Audited ACTIVATED /
     * DEACTIVATED; setting what already holds changes nothing.
     */
    async setActive(
      caller: Principal,
      id: number,
      ifMatch: string | undefined,
      body: SetTariffActiveBody,
    ): Promise<T> {
      await atVersion(id, ifMatch, body.version, 'read', async (tx, before) => {
        if (before.active === body.active) return;
        if (body.active) await kind.checkOverlap(tx, before, id);
        await kind.setActive(tx, id, body.active);
        await audit(tx, caller, {
          recordId: id,
          action: body.active ? 'ACTIVATED' : 'DEACTIVATED',
          version: before.version + 1,
          changes: [{ field: 'active', before: before.active, after: body.active }],
        });
      });
      return reload(id);
    },

    /** Deletes at the version read while no quotation was priced from it; otherwise 409 naming them. */
    async remove(
      caller: Principal,
      id: number,
      ifMatch: string | undefined,
      query: DeleteTariffQuery,
    ): Promise<void> {
      await atVersion(id, ifMatch, query.version, 'read', async (tx, before) => {
        const priced = await kind.findPriced(tx, id);
        if (priced.count > 0) {
          const named = priced.numbers.join(', ') + (priced.count > priced.numbers.length ? ', …' : '');
          const why = `${priced.count === 1 ? '1 quotation was' : `${priced.count} quotations were`} priced from it (${named})`;
          throw new AppError('CONFLICT', `This ${noun} cannot be deleted: ${why}. Deactivate it instead.`, {
            fields: { id: why },
          });
        }
        // The audit row outlives the tariff.
        await audit(tx, caller, {
          recordId: id,
          action: 'DELETED',
          version: before.version,
          comment: kind.label(before),
        });
        await kind.remove(tx, id);
      });
    },
  };
}

export type TariffLifecycle<T extends Versioned, B extends { version?: number }, Q> = ReturnType<
  typeof tariffLifecycle<T, B, Q>
>;
