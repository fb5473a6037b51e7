import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { ShipmentSchema } from '@lading/contract/shipments';
import { TrackQuerySchema, TrackResultSchema } from '@lading/contract/tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { ShipmentsService } from './shipments.service';

const tags = ['bookings'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const shipmentsRoutes: FastifyPluginAsyncZod<{ shipments: ShipmentsService }> = async (
  app,
  { shipments },
) => {
  app.get(
    '/cp/bookings/:id/shipment/',
    {
      config: { access: { module: 'CP', resource: 'BOOKING', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "One booking's shipment: transport plan, deadlines, bill of lading, parties, cargo, containers, pricing, log",
        description: [
          'The shipment page in one request, within the caller’s scope (a booking outside it is 404).',
          '- `legs`: from the port of loading to the port of discharge, each vessel’s loading and discharge call with',
          '  ETA/ETD/ATA/ATD (UTC) and the port’s time zone. When the booking’s voyage does not reach the port of',
          '  discharge, the onward voyage the schedule connects to follows, `planned: true`.',
          '- `tasks`: SI by the documentation cut-off (DCO), VGM by the VGM cut-off (VCO) at the port of loading, each',
          '  `done` or not, with the latest late acceptance (`lateUntil`); due or overdue is the reader’s clock’s.',
          '- `bill`, `parties`, `containers`: from the booking’s bill of lading (null or empty before confirmation, or',
          '  without CP.BL.VIEW); `pricing`: the quotation’s charges (without CP.QUOTATION.VIEW: null).',
          '- `log`: the audit rows of the booking and its bill, newest first. Customers read who acted as `CUSTOMER`,',
          '  `CARRIER` or `SYSTEM`; a member of staff’s name only for staff readers.',
        ].join('\n'),
        params: IdParamsSchema,
        response: { 200: ShipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return shipments.getShipment(principalOf(request), request.params.id);
    },
  );

  app.get(
    '/cp/track/',
    {
      config: { access: { module: 'CP', resource: 'TRACKING', operation: 'VIEW' } },
      schema: {
        tags: ['tracking'],
        summary: 'Track a container, bill-of-lading or booking number within your shipments',
        description: [
          'Says what the text was recognised as (`kind`): an ISO 6346 container number (spaces and dashes allowed; a',
          'wrong check digit answers `message: "check digit does not match"`), a booking number (BKG…) or a bill of',
          'lading number. For a record within the caller’s scope: the route strip (`route`), every container’s events',
          '(a container search: that container’s) with its position, and the shipment events of the booking and its',
          'bill. A number outside the caller’s reach answers like an unknown one: a message, nothing else.',
        ].join('\n'),
        querystring: TrackQuerySchema,
        response: { 200: TrackResultSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => shipments.track(principalOf(request), request.query.ref),
  );
};
