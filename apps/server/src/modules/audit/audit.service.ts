import type { AuditEventListQuery } from '@lading/contract/admin-workspace';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import { findAuditEvents } from './audit.repository';

/** The audit viewer: the shared trail (written through lib/audit.ts by every module), read within the caller's scope. */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    findAuditEvents: (caller: Principal, query: AuditEventListQuery) =>
      findAuditEvents(db, caller.scope, query),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
