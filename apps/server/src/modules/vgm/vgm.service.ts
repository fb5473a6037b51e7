import { LOCKED_STATUSES, vgmMismatch } from '@lading/contract/bills-of-lading';
import {
  BILL_VGM_METHOD,
  type PutVgmDeclarationsBody,
  type VgmContainer,
  type VgmDeclarations,
} from '@lading/contract/vgm';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditChange, recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { type DeclaredVgm, fillDeclaredVgm, lateAcceptanceUntil } from '../bills-of-lading';
import type { VoyagesService } from '../voyages';
import {
  type DeclarationValues,
  findVgmBooking,
  findVgmContainers,
  insertDeclaration,
  updateDeclaration,
  type VgmBooking,
  type VgmContainerRow,
} from './vgm.repository';

type Conn = Db | Tx;
type LoadingCall = Awaited<ReturnType<VoyagesService['sailingFrom']>>;

const STALE = 'This VGM declaration was changed by someone else since you opened it. Reload to see it.';
const DECLARED_FIELDS = [
  'method',
  'verifiedGrossMass',
  'weighingDate',
  'weighingParty',
  'authorisedSignatory',
] as const;

const isCutOffPassed = (error: unknown) => error instanceof AppError && error.code === 'CUT_OFF_PASSED';

function toContainer(row: VgmContainerRow): VgmContainer {
  const declaration =
    row.method === null
      ? null
      : {
          method: row.method,
          verifiedGrossMass: Number(row.verifiedGrossMass),
          weighingDate: row.weighingDate ?? '',
          weighingParty: row.weighingParty ?? '',
          authorisedSignatory: row.authorisedSignatory ?? '',
          declaredBy: row.declaredBy ?? '',
          declaredAt: row.declaredAt ?? '',
        };
  return {
    containerId: row.containerId,
    containerNumber: row.containerNumber,
    isoCode: row.isoCode,
    nickname: row.nickname,
    tareWeight: Number(row.tareWeight),
    cargoGrossWeight: row.cargoGrossWeight === null ? null : Number(row.cargoGrossWeight),
    billOfLadingId: row.billOfLadingId,
    version: row.version,
    declaration,
    warning: vgmMismatch({
      vgm: row.verifiedGrossMass,
      cargoGrossWeight: row.cargoGrossWeight,
      tareWeight: row.tareWeight,
    }),
  };
}

/**
 * SOLAS VGM declarations (issue 26, decision 014): per container allocated to a booking, declared by the booking's
 * customer until the VGM cut-off (VCO) of the booking's sailing at its port of loading, unless staff accepted the
 * VGM late on the booking's bill; each declaration fills the bill's VGM column.
 */
export function createVgmService(deps: {
  db: Db;
  voyages: Pick<VoyagesService, 'sailingFrom' | 'assertBeforeCutOff'>;
}) {
  const { db, voyages } = deps;

  /** The booking's loading call (with its cut-offs), or null when the booking is on no voyage. */
  const loadingCall = (conn: Conn, booking: VgmBooking): Promise<LoadingCall> | null =>
    booking.voyageId === null || booking.polId === null
      ? null
      : voyages.sailingFrom(conn, booking.voyageId, booking.polId);

  /**
   * 409 CUT_OFF_PASSED (`cutOff: 'VCO'`) once the VCO has passed or the call has departed, unless a late acceptance
   * of the VGM on this bill runs until later (never once departed). The grants are read only past the cut-off.
   */
  async function assertOpen(conn: Conn, call: LoadingCall, billId: number): Promise<void> {
    try {
      voyages.assertBeforeCutOff(call, 'VCO');
    } catch (error) {
      if (!isCutOffPassed(error)) throw error;
      voyages.assertBeforeCutOff(call, 'VCO', new Date(), await lateAcceptanceUntil(conn, billId, 'VCO'));
    }
  }

  async function readDeclarations(conn: Conn, booking: VgmBooking): Promise<VgmDeclarations> {
    const rows = await findVgmContainers(conn, booking.id);
    const call = await loadingCall(conn, booking);
    const billIds = [...new Set(rows.map((row) => row.billOfLadingId))];
    const late = call && billIds.length ? await lateAcceptanceUntil(conn, billIds[0]!, 'VCO') : null;
    let closed: VgmDeclarations['closed'] = null;
    if (call) {
      try {
        voyages.assertBeforeCutOff(call, 'VCO', new Date(), late);
      } catch (error) {
        if (!isCutOffPassed(error)) throw error;
        closed = {
          reason: call.status === 'DEPARTED' ? 'DEPARTED' : 'CUT_OFF_PASSED',
          message: (error as AppError).message,
        };
      }
    }
    if (!closed && rows.length && rows.every((row) => LOCKED_STATUSES.includes(row.billStatus as never)))
      closed = {
        reason: 'BILL_ISSUED',
        message: 'The bill of lading is issued: its VGM can no longer change.',
      };
    return {
      bookingId: booking.id,
      bookingNumber: booking.number,
      pol: booking.pol,
      deadline: call
        ? {
            cutOff: 'VCO',
            at: call.cutOffs.find((c) => c.code === 'VCO')?.at ?? null,
            lateAcceptanceUntil: late?.toISOString() ?? null,
            vesselName: call.vesselName,
            carrierVoyageNumber: call.carrierVoyageNumber,
          }
        : null,
      editable: closed === null && rows.length > 0,
      closed,
      containers: rows.map(toContainer),
    };
  }

  return {
    /** The booking's containers with their declarations, the VCO deadline and whether they may change now. */
    async getDeclarations(caller: Principal, id: number): Promise<VgmDeclarations> {
      const booking = await findVgmBooking(db, caller.scope, id);
      if (!booking) throw notFound('Booking');
      return readDeclarations(db, booking);
    },

    /**
     * One or more declarations, each at the version read (0: a first one), in one transaction: every check (the
     * containers are the booking's, the versions current, the VCO not passed, the bill not issued) before the first
     * write; then the declarations, the bills' VGM and one audit row on the booking. A declaration sent unchanged is
     * not written. Answers the declarations as they now are.
     */
    async declare(caller: Principal, id: number, body: PutVgmDeclarationsBody): Promise<VgmDeclarations> {
      const missing: Record<string, string> = {};
      body.declarations.forEach((declaration, i) => {
        if (declaration.version === undefined)
          missing[`declarations.${i}.version`] = 'is required (0 for a first declaration)';
      });
      if (Object.keys(missing).length)
        throw new AppError(
          'PRECONDITION_REQUIRED',
          'Send the version you read of each declaration (0 for a first one)',
          { fields: missing },
        );
      return db.transaction(async (tx) => {
        const booking = await findVgmBooking(tx, caller.scope, id, true);
        if (!booking) throw notFound('Booking');
        const rows = await findVgmContainers(tx, id);
        const byNumber = new Map(rows.map((row) => [row.containerNumber, row]));

        const unknown: Record<string, string> = {};
        const stale: Record<string, string> = {};
        body.declarations.forEach((declaration, i) => {
          const row = byNumber.get(declaration.containerNumber);
          if (!row) unknown[`declarations.${i}.containerNumber`] = 'is not a container of this booking';
          else if (row.version !== declaration.version)
            stale[`declarations.${i}.version`] = `is ${row.version}, not ${declaration.version}`;
        });
        if (Object.keys(unknown).length) {
          const [field, message] = Object.entries(unknown)[0]!;
          throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields: unknown });
        }
        if (Object.keys(stale).length) throw new AppError('PRECONDITION_FAILED', STALE, { fields: stale });

        const changed = body.declarations.flatMap((declaration) => {
          const row = byNumber.get(declaration.containerNumber)!;
          const before = toContainer(row).declaration;
          const after = {
            method: declaration.method,
            verifiedGrossMass: Number(declaration.verifiedGrossMass),
            weighingDate: declaration.weighingDate,
            weighingParty: declaration.weighingParty,
            authorisedSignatory: declaration.authorisedSignatory,
          };
          const changes: AuditChange[] = DECLARED_FIELDS.filter(
            (field) => before?.[field] !== after[field],
          ).map((field) => ({
            field: `${row.containerNumber}.${field}`,
            before: before?.[field] ?? null,
            after: after[field],
          }));
          return changes.length ? [{ declaration, row, changes }] : [];
        });
        if (!changed.length) return readDeclarations(tx, booking);

        const call = await loadingCall(tx, booking);
        const billIds = [...new Set(changed.map(({ row }) => row.billOfLadingId))];
        if (call) for (const billId of billIds) await assertOpen(tx, call, billId);

        // The bills first (locked in scope; refused when issued), then the declarations: one lock order.
        for (const billId of billIds) {
          const vgm: DeclaredVgm[] = changed
            .filter(({ row }) => row.billOfLadingId === billId)
            .map(({ declaration, row }) => ({
              containerId: row.containerId,
              vgm: declaration.verifiedGrossMass,
              vgmMethod: BILL_VGM_METHOD[declaration.method],
            }));
          await fillDeclaredVgm(tx, caller, billId, vgm);
        }
        for (const { declaration, row } of changed) {
          const key = { bookingId: id, containerId: row.containerId };
          const values: DeclarationValues = {
            method: declaration.method,
            verifiedGrossMass: declaration.verifiedGrossMass,
            weighingDate: declaration.weighingDate,
            weighingParty: declaration.weighingParty,
            authorisedSignatory: declaration.authorisedSignatory,
            declaredById: caller.userId,
          };
          const wrote =
            row.version === 0
              ? await insertDeclaration(tx, key, values)
              : await updateDeclaration(tx, key, row.version, values);
          // Declared or changed since the read above (it locks the booking; a writer that does not is refused here).
          if (!wrote) throw new AppError('PRECONDITION_FAILED', STALE);
        }
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'BOOKING',
          recordId: id,
          action: 'VGM_DECLARED',
          changes: changed.flatMap(({ changes }) => changes),
          comment: `VGM declared for ${changed.map(({ row }) => row.containerNumber).join(', ')}`,
        });
        return readDeclarations(tx, booking);
      });
    },
  };
}

export type VgmService = ReturnType<typeof createVgmService>;
