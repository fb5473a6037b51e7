import type { ModuleCode } from '@lading/contract/access';
import type { Tx } from '../db/client';
import { type AuditChange, auditEvents } from '../db/schema/audit';
import type { Principal } from './principal';

export type AuditEntry = {
  /** The access module the action was taken in: CP (a customer) or ADMIN (carrier staff). */
  module: ModuleCode;
  /** e.g. BILL_OF_LADING, COMPANY_MEMBERSHIP, USER. */
  recordType: string;
  recordId: number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  version?: number | null;
  changes?: AuditChange[];
  comment?: string | null;
};

/** Writes one audit row, in the caller's transaction, with who did it and the request it came with. */
export async function recordAudit(tx: Tx, actor: Principal | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor?.userId ?? null,
    requestId: actor?.requestId ?? null,
    module: entry.module,
    recordType: entry.recordType,
    recordId: entry.recordId,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    version: entry.version ?? null,
    changes: entry.changes ?? [],
    comment: entry.comment ?? null,
  });
}
