import type { ModuleCode } from '@lading/contract/access';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { type AuditChange, auditEvents } from '../db/schema/audit';

export type { AuditChange };

import type { DomainEvent } from './domain-events';
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

/** The acting user's id: none for an API client (its rows name it by record, decision 025). */
const actorIdOf = (actor: Principal | null) => (actor && !actor.apiClient ? actor.userId : null);

/** Writes one audit row, in the caller's transaction, with who did it and the request it came with. */
export async function recordAudit(tx: Tx, actor: Principal | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actorIdOf(actor),
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

/**
 * `recordAudit` and `publishEvent` (lib/domain-events) in one statement, one round trip: for hot writes that hold
 * a row lock until they commit (the customer's BL save).
 */
export async function recordAuditAndPublish(
  tx: Tx,
  actor: Principal | null,
  entry: AuditEntry,
  event: DomainEvent,
): Promise<void> {
  const actorId = actorIdOf(actor);
  await tx.execute(sql`
    with audit as (
      insert into audit_events (actor_id, request_id, module, record_type, record_id, action, from_status, to_status,
        version, changes, comment)
      values (${actorId}::int, ${actor?.requestId ?? null}::uuid, ${entry.module}, ${entry.recordType},
        ${entry.recordId}::int, ${entry.action}, ${entry.fromStatus ?? null}, ${entry.toStatus ?? null},
        ${entry.version ?? null}::int, ${JSON.stringify(entry.changes ?? [])}::jsonb, ${entry.comment ?? null})
    )
    insert into domain_events (type, record_type, record_id, actor_id, payload)
    values (${event.type}, ${event.recordType}, ${event.recordId}::int, ${actorId}::int,
      ${JSON.stringify(event.payload)}::jsonb)`);
}
