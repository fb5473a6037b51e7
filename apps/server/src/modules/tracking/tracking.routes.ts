import { ErrorBodySchema } from '@lading/contract/errors';
import {
  ImportMovesBodySchema,
  PublicTrackSchema,
  RecordEquipmentEventBodySchema,
  TrackingEventSchema,
  TrackQuerySchema,
} from '@lading/contract/tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import type { TrackingService } from './tracking.service';

const tags = ['tracking'];

export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  app.post(
    '/cp/admin/equipment-events/',
    {
      config: { access: { module: 'ADMIN', resource: 'EQUIPMENT_EVENT', operation: 'CREATE' } },
      schema: {
        tags,
        summary:
          'Record one equipment event (DCSA Track & Trace names). The container (ISO 6346, check digit verified) must ' +
          'be on a confirmed booking; a vessel move (LOAD, DISC) names its voyage unless the booking sails on it. A ' +
          "branch records at the ports its office serves or for its office's bookings. A correction names the event " +
          'it replaces in retractedEventID (events are never changed). Actual milestones reach the customer once',
        body: RecordEquipmentEventBodySchema,
        response: { 201: TrackingEventSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return tracking.recordEquipmentEvent(principalOf(request), request.body);
    },
  );

  app.post(
    '/cp/admin/equipment-events/import/',
    {
      config: { access: { module: 'ADMIN', resource: 'EQUIPMENT_EVENT', operation: 'CREATE' } },
      bodyLimit: 2_200_000,
      schema: {
        tags,
        summary:
          'Import a CSV of actual terminal moves (header: containerNumber, eventCode, UNLocationCode, facility, ' +
          'eventDateTime, voyageNumber, emptyIndicator[, transshipment]). The whole file is checked first: any bad ' +
          'line answers 400 with every error by line number (`fields`: "line N.column") and nothing is written',
        body: ImportMovesBodySchema,
        response: {
          200: z.object({ imported: z.number().int(), eventIds: z.array(z.string()) }),
          400: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => tracking.importMoves(principalOf(request), request.body),
  );

  app.post(
    '/cp/admin/equipment-events/demo-advance/',
    {
      config: { access: { module: 'ADMIN', resource: 'EQUIPMENT_EVENT', operation: 'CREATE' } },
      schema: {
        tags,
        summary:
          'Demo data only: make the next estimated step of every demo shipment happen now (actual events, with ' +
          'their milestone notices), so a walkthrough sees events arrive. 404 when no demo shipment has a step left',
        response: { 200: z.object({ advanced: z.number().int() }), 404: ErrorBodySchema },
      },
    },
    async (request) => tracking.advanceDemo(principalOf(request)),
  );

  app.get(
    '/public/track/',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Public tracking by container or bill-of-lading number: the shipment's milestones (event, place, time) and " +
          'nothing else. An unknown number, a booking number and a number without milestones answer alike: ' +
          '`kind: null`, no milestones. Rate-limited per client',
        querystring: TrackQuerySchema,
        response: { 200: PublicTrackSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => tracking.publicTrack(request.query.ref),
  );
};
