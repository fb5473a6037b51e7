import type { Readable } from 'node:stream';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationPreferencesResponseSchema,
  NotificationSchema,
  ReadAllResponseSchema,
  UpdateNotificationPreferencesBodySchema,
} from '@lading/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import type { NotificationStreams } from './notifications.realtime';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const VIEW = { module: 'CP', resource: 'NOTIFICATION', operation: 'VIEW' } as const;
const EDIT = { module: 'CP', resource: 'NOTIFICATION', operation: 'EDIT' } as const;

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  streams: NotificationStreams;
}> = async (app, { notifications, streams }) => {
  app.get(
    '/cp/notifications/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        description:
          "Only the caller's own notifications. `unread=true` lists unread ones only; `count` counts what the query matches, `unreadCount` all unread. `link` is the web route of the record (e.g. `/bl_view/12`). Kinds: what happened to the customer's bills, quotations, bookings and company membership, or (carrier staff, for their office's records or all at the corporate office) work waiting: BL_SUBMITTED, QUOTATION_REQUESTED, BOOKING_REQUESTED.",
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => notifications.findNotifications(principalOf(request), request.query),
  );

  app.post(
    '/cp/notifications/read-all/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "Mark all the caller's notifications read",
        response: { 200: ReadAllResponseSchema },
      },
    },
    async (request) => notifications.markAllRead(principalOf(request)),
  );

  app.post(
    '/cp/notifications/:id/read/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Mark one notification read',
        description: "Keeps the first reading time. Another user's notification is 404.",
        params: IdParamsSchema,
        response: { 200: NotificationSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => notifications.markRead(principalOf(request), request.params.id),
  );

  app.get(
    '/cp/notifications/preferences/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'E-mail copies by kind of notice',
        description:
          'One entry per kind of notice the caller can receive; `email: false` stops the e-mail copy, never the bell.',
        response: { 200: NotificationPreferencesResponseSchema },
      },
    },
    async (request) => notifications.getPreferences(principalOf(request)),
  );

  app.put(
    '/cp/notifications/preferences/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Turn e-mail copies on or off by kind',
        description:
          'Kinds not named keep their setting. A kind the caller never receives is 400 naming `preferences.<n>.kind`.',
        body: UpdateNotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => notifications.updatePreferences(principalOf(request), request.body),
  );

  app.get(
    '/cp/notifications/stream/',
    {
      // The app keeps it open on its own: it never counts as the user's activity (idle sessions still end).
      config: { access: VIEW, background: true },
      // Events must leave as they are written: no compression buffer in between.
      compress: false,
      schema: {
        tags,
        summary: 'Live notification signals (server-sent events)',
        description:
          "A `text/event-stream` authenticated like every call, with the bearer token in the `Authorization` header (the portal reads it with `fetch`, not `EventSource`, which cannot send headers, so no token ever goes into an address or a log). Sends `event: ready` at once, then `event: notifications` whenever the caller's notifications change (new, read) on any instance; the client then reads `GET /cp/notifications/` again. Comments keep the connection alive every 25 s; the server ends the stream after 5 minutes (and on shutdown), and the client reconnects with its current token, so a revoked token stops listening within minutes. Polling the list is the fallback.",
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.custom<Readable>().meta({ type: 'string' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const stream = streams.open(principalOf(request).userId);
      request.raw.on('close', () => stream.destroy());
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );
};
