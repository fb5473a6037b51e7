import type { ModuleCode } from '@lading/contract/access';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { AuditChange } from '../db/schema/audit';
import { AppError, notFound } from './app-error';
import { recordAudit } from './audit';
import { type DomainEvent, publishEvent } from './domain-events';
import type { Principal } from './principal';
import { assertCurrentVersion } from './versioning';

/** A legal-transition table: transition name -> the statuses it starts from and the one it leads to. */
export type TransitionRules<S extends string, N extends string> = Record<N, { from: readonly S[]; to: S }>;

/** A table with the columns every versioned, status-carrying record has. */
export type VersionedTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

export type TransitionSpec<S extends string, N extends string, R extends { status: S; version: number }> = {
  table: VersionedTable;
  rules: TransitionRules<S, N>;
  name: N;
  id: number;
  /** The version the caller saw (If-Match or body); null when the action carries none (checked on status alone). */
  expected: number | null;
  /** Reads the record within the caller's scope, locking its row (FOR UPDATE); null when out of scope or absent. */
  lock: (tx: Tx) => Promise<R | null>;
  /** Reads the record again after the update. */
  reload: (tx: Tx) => Promise<R>;
  /** What the record is called in messages ("Bill of lading"). */
  noun: string;
  /** The 412 message. */
  staleMessage: string;
  /** The past participle for the 409 message ("approved"). */
  verb: string;
  audit: { module: ModuleCode; recordType: string; action: string };
  /** Extra columns to set with the status, what the audit row says, and the events to publish. */
  prepare?: (
    tx: Tx,
    record: R,
  ) => Promise<{
    set?: Record<string, unknown | SQL>;
    changes?: AuditChange[];
    comment?: string | null;
    events?: (after: R) => DomainEvent[];
  }>;
};

/**
 * One status change, inside the caller's transaction: scoped row lock, version check (412), legal-transition check
 * (409), update with version + 1, one audit row, the domain events. Returns the record as it is now.
 */
export async function applyTransition<
  S extends string,
  N extends string,
  R extends { status: S; version: number },
>(tx: Tx, principal: Principal, spec: TransitionSpec<S, N, R>): Promise<{ before: R; after: R }> {
  const before = await spec.lock(tx);
  if (!before) throw notFound(spec.noun);
  if (spec.expected !== null) assertCurrentVersion(before.version, spec.expected, spec.staleMessage);
  const rule = spec.rules[spec.name];
  if (!rule.from.includes(before.status)) {
    throw new AppError(
      'CONFLICT',
      `A ${spec.noun.toLowerCase()} in status ${before.status} cannot be ${spec.verb}; only one in ${rule.from.join(' or ')} can.`,
      { fields: { status: `is ${before.status}` } },
    );
  }
  const prepared = (await spec.prepare?.(tx, before)) ?? {};
  const { table } = spec;
  const updated = await tx
    .update(table)
    .set({
      ...prepared.set,
      status: rule.to,
      version: sql`${table.version} + 1`,
      updatedAt: sql`now()`,
    } as never)
    .where(and(eq(table.id, spec.id), eq(table.version, before.version)))
    .returning({ version: table.version });
  // Cannot happen under the row lock; kept as a guard against a caller that forgot to lock.
  if (updated.length === 0) throw new AppError('PRECONDITION_FAILED', spec.staleMessage);
  const after = await spec.reload(tx);
  await recordAudit(tx, principal, {
    ...spec.audit,
    recordId: spec.id,
    fromStatus: before.status,
    toStatus: after.status,
    version: after.version,
    changes: prepared.changes,
    comment: prepared.comment,
  });
  for (const event of prepared.events?.(after) ?? []) await publishEvent(tx, principal, event);
  return { before, after };
}
