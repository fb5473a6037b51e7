import type { Permission } from '@lading/contract/access';
import { BL_STATUSES } from '@lading/contract/bills-of-lading';
import { BOOKING_STATUSES } from '@lading/contract/bookings';
import {
  type AdminDashboard,
  type AdminSearchQuery,
  type AdminSearchResult,
  type CustomerDashboard,
  QUEUE_CODES,
  type QueueCode,
} from '@lading/contract/dashboards';
import { QUOTATION_STATUSES } from '@lading/contract/quotations';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import type { TrackingService } from '../tracking';
import { findAdminDashboard, findAdminSearch, findCustomerDashboard } from './dashboards.repository';

/** The permission that opens each queue's work list: a queue is shown only to those who can work it. */
const QUEUE_PERMISSION: Record<QueueCode, Permission> = {
  BL_REVIEW: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' },
  QUOTATION_PRICING: { module: 'ADMIN', resource: 'QUOTATION', operation: 'VIEW' },
  BOOKING_CONFIRMATION: { module: 'ADMIN', resource: 'BOOKING', operation: 'VIEW' },
  COMPANY_APPROVAL: { module: 'ADMIN', resource: 'COMPANY', operation: 'VIEW' },
};

/** Every status of `statuses` with its count, 0 for those without records. */
function allStatuses<S extends string>(
  statuses: readonly S[],
  counted: Partial<Record<S, number>>,
): Record<S, number> {
  return Object.fromEntries(statuses.map((status) => [status, counted[status] ?? 0])) as Record<S, number>;
}

export function createDashboardsService(deps: {
  db: Db;
  tracking: Pick<TrackingService, 'shipmentSummary'>;
}) {
  return {
    /** The customer's home: one statement over the caller's own records (principal.scope). */
    async getCustomerDashboard(caller: Principal): Promise<CustomerDashboard> {
      const [row, tracking] = await Promise.all([
        findCustomerDashboard(deps.db, caller.scope, caller.userId),
        deps.tracking.shipmentSummary(caller),
      ]);
      return {
        attention: row.attention,
        attentionTotal: row.attentionTotal,
        counts: {
          quotations: allStatuses(QUOTATION_STATUSES, row.quotations),
          bookings: allStatuses(BOOKING_STATUSES, row.bookings),
          bills: allStatuses(BL_STATUSES, row.bills),
        },
        shipmentsByMonth: row.shipmentsByMonth,
        recent: row.recent,
        tracking,
      };
    },

    /** The carrier's home: the queues the caller may work, and volumes, for the office they work as. */
    async getAdminDashboard(caller: Principal): Promise<AdminDashboard> {
      const codes = QUEUE_CODES.filter((code) => caller.can(QUEUE_PERMISSION[code]));
      const row = await findAdminDashboard(deps.db, caller.scope, codes);
      return {
        office: caller.selectedOffice
          ? {
              code: caller.selectedOffice.code,
              name: caller.selectedOffice.name,
              isCorporate: caller.isCorporateOffice,
            }
          : null,
        queues: codes.map((code) => ({
          code,
          count: row.queues[code]?.count ?? 0,
          oldestAt: row.queues[code]?.oldestAt ?? null,
        })),
        volumes: { byMonth: row.byMonth, byLane: row.byLane, byCustomer: row.byCustomer },
      };
    },

    /** One search box: bills of lading and bookings of the caller's office by number or customer company. */
    async search(caller: Principal, query: AdminSearchQuery): Promise<{ results: AdminSearchResult[] }> {
      return { results: await findAdminSearch(deps.db, caller.scope, query.query, query.limit) };
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
