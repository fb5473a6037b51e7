import {
  AdminDashboardSchema,
  AdminSearchQuerySchema,
  AdminSearchResponseSchema,
  CustomerDashboardSchema,
} from '@lading/contract/dashboards';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { DashboardsService } from './dashboards.service';

const tags = ['dashboards'];

export const dashboardsRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  app.get(
    '/cp/dashboard/',
    {
      config: { access: { module: 'CP', resource: 'DASHBOARD', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "The customer's dashboard: what needs them, counts by status, shipments by month, recent activity",
        description: [
          "One request, one SQL statement, over the caller's own records only.",
          '- `attention`: what needs the customer, most pressing first (at most 20; `attentionTotal` counts them all):',
          '  `BL_RETURNED` (a draft the carrier returned with a comment, in `detail`), `QUOTATION_EXPIRING` (QUOTED,',
          '  last valid day `due` within 3 days), `BL_DRAFT` (a draft to complete), `BOOKING_AWAITING_CONFIRMATION`',
          '  (REQUESTED). `link` is the portal address that opens it; `since` when it started waiting.',
          '- `counts`: every status of quotations (EXPIRED computed as in the list), bookings and bills of lading with',
          '  its count; each equals the `count` of the list filtered by that status.',
          '- `shipmentsByMonth`: containers and TEU of the bills of lading sailing in each of the last 12 months (shipped',
          "  on board, else the booking's ETD, else the BL date), oldest first, empty months as zeros.",
          "- `recent`: the latest 10 rows of the audit trail on the caller's bills, quotations and bookings.",
        ].join('\n'),
        response: { 200: CustomerDashboardSchema },
      },
    },
    async (request) => dashboards.getCustomerDashboard(principalOf(request)),
  );

  app.get(
    '/cp/dashboard-admin/',
    {
      config: { access: { module: 'ADMIN', resource: 'DASHBOARD', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "The carrier's dashboard: work queues with their oldest item, and volumes, for the selected office",
        description: [
          'Scoped by the office the staff member works as: a branch sees its own records, the corporate office (TSX)',
          'all. One SQL statement.',
          '- `queues`: one per work list the caller may open (its VIEW permission), each counting exactly what the list',
          '  shows: `BL_REVIEW` (bills UPDATE PENDING, oldest `updated_at`), `QUOTATION_PRICING` (quotations',
          '  REQUESTED), `BOOKING_CONFIRMATION` (bookings REQUESTED), `COMPANY_APPROVAL` (company memberships PENDING;',
          '  carrier-wide, memberships belong to no office). `oldestAt` is null for an empty queue.',
          '- `volumes`: containers and TEU of the bills of lading sailing in the last 12 months: `byMonth` (empty months',
          "  as zeros), `byLane` and `byCustomer` (the 8 largest by TEU; a customer is the bill owner's company).",
        ].join('\n'),
        response: { 200: AdminDashboardSchema },
      },
    },
    async (request) => dashboards.getAdminDashboard(principalOf(request)),
  );

  app.get(
    '/cp/dashboard-admin/search/',
    {
      config: { access: { module: 'ADMIN', resource: 'DASHBOARD', operation: 'VIEW' } },
      schema: {
        tags,
        summary: "Search bills of lading and bookings by number or by the customer's company name",
        description: [
          '`query` (3 to 80 characters) is matched as a substring of the BL or booking number (any case) and of the',
          "owner's company name (any case, accents ignored); `limit` 1 to 50, default 10. Within the caller's office",
          'scope. An exact number first, then number matches, then company matches, the most recently changed first.',
          '`link` opens the record on the carrier desk (the review screen of a bill, the booking).',
        ].join('\n'),
        querystring: AdminSearchQuerySchema,
        response: { 200: AdminSearchResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => dashboards.search(principalOf(request), request.query),
  );
};
