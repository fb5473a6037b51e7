import { diffContent, editableContent, LOCKED_STATUSES } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { BILL_RECORD } from './bill-of-lading-review.repository';
import { findBillById, findLateAcceptances, reloadBill } from './bills-of-lading.repository';

/** A container's VGM as a SOLAS declaration gives it (issue 26): kg as exact decimal text, the bill's method name. */
export type DeclaredVgm = { containerId: number; vgm: string; vgmMethod: 'Method 1' | 'Method 2' };

/**
 * Until when staff accepted this bill's `cutOff` late (the latest grant), or null: for the VGM declarations, which
 * guard the VCO of the bill's booking like the bill's own save.
 */
export async function lateAcceptanceUntil(
  conn: Db | Tx,
  billId: number,
  cutOff: 'DCO' | 'VCO',
): Promise<Date | null> {
  return (await findLateAcceptances(conn, billId)).get(cutOff) ?? null;
}

/**
 * The bill's VGM column filled from the booking's VGM declarations, in the caller's transaction: the bill is locked
 * within the caller's scope (404 outside it), refused when ISSUED or SURRENDERED (409), its container rows take the
 * VGM and method and are marked declared (the bill's save then keeps them), its version moves on (a bill edit opened
 * before is stale) and its history gets a VGM_DECLARED row with the changes. The status stays as it is.
 */
export async function fillDeclaredVgm(
  tx: Tx,
  caller: Principal,
  billId: number,
  rows: readonly DeclaredVgm[],
): Promise<void> {
  const before = await findBillById(tx, caller.scope, billId, true);
  if (!before) throw notFound('Bill of lading');
  if (LOCKED_STATUSES.includes(before.status))
    throw new AppError(
      'CONFLICT',
      `Bill of lading ${before.number} is ${before.status.toLowerCase()}: its VGM can no longer change.`,
      { fields: { status: `is ${before.status}` } },
    );
  await tx.execute(sql`
    update bl_containers bc set vgm = v.vgm, vgm_method = v."vgmMethod", vgm_declared = true
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("containerId" int, vgm numeric, "vgmMethod" text)
    where bc.bl_id = ${billId} and bc.container_id = v."containerId"`);
  await tx.execute(
    sql`update bills_of_lading set version = version + 1, updated_at = now() where id = ${billId}`,
  );
  const after = await reloadBill(tx, billId);
  await recordAudit(tx, caller, {
    module: 'CP',
    recordType: BILL_RECORD,
    recordId: billId,
    action: 'VGM_DECLARED',
    fromStatus: before.status,
    toStatus: after.status,
    version: after.version,
    changes: diffContent(editableContent(before), editableContent(after)),
    comment: 'VGM from the SOLAS declaration',
  });
}
