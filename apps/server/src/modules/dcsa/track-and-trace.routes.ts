import { STATUS_CODES } from 'node:http';
import {
  DCSA_TNT_API_VERSION,
  DCSA_TNT_ERROR_CODES,
  type DcsaTntError,
  DcsaTntErrorSchema,
  DcsaTntEventListSchema,
  DcsaTntEventParamsSchema,
  DcsaTntEventSchema,
  DcsaTntEventsQuerySchema,
  DcsaTntSecretBodySchema,
  DcsaTntSubscriptionCreateSchema,
  DcsaTntSubscriptionListQuerySchema,
  DcsaTntSubscriptionParamsSchema,
  DcsaTntSubscriptionSchema,
  DcsaTntSubscriptionUpdateSchema,
} from '@lading/contract/dcsa-tnt';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { principalOf } from '../../lib/request';
import { type TrackAndTraceService, tntProblem } from './track-and-trace.service';

const tags = ['DCSA Track & Trace'];
/** Every route: the Track screen's permission, which customers and staff hold (an API client's `tnt:read`). */
const TRACKING = { module: 'CP', resource: 'TRACKING', operation: 'VIEW' } as const;
const errors = {
  400: DcsaTntErrorSchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  500: DcsaTntErrorSchema,
  503: DcsaTntErrorSchema,
};
const HEADERS =
  `Every answer carries \`API-Version: ${DCSA_TNT_API_VERSION}\`; a request may send \`API-Version: 3\` (another ` +
  "major version is a 400). A refused request (400, 5xx) answers the standard's error body, one `errors` entry " +
  'per field; 401, 403, 404 and 409 answer the portal\u2019s.';

type Detail = DcsaTntError['errors'][number];

/** The value a field was sent with, when it is a query parameter or header (at most 500 characters). */
function sentValue(request: FastifyRequest, field: string): string | undefined {
  const raw =
    field === 'API-Version'
      ? request.headers['api-version']
      : (request.query as Record<string, unknown> | undefined)?.[field];
  if (raw === undefined || raw === null || typeof raw === 'object') return undefined;
  return String(raw).slice(0, 500);
}

const REASONS: Record<number, string> = {
  [DCSA_TNT_ERROR_CODES.invalidInput]: 'invalidInput',
  [DCSA_TNT_ERROR_CODES.invalidCursor]: 'invalidCursor',
  [DCSA_TNT_ERROR_CODES.invalidApiVersion]: 'invalidHeader',
};

function detail(request: FastifyRequest, field: string, message: string, code: number): Detail {
  const value = sentValue(request, field);
  return {
    errorCode: code,
    field: field.slice(0, 50),
    ...(value !== undefined ? { value } : {}),
    reason: REASONS[code] ?? 'invalidInput',
    message: (/^[a-z]/.test(message) ? `${field} ${message}` : message).slice(0, 200),
  };
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  details: Detail[],
  errorMessage?: string,
) {
  const body: DcsaTntError = {
    httpMethod: request.method,
    requestUri: request.url.split('?')[0]!,
    statusCode: status,
    statusCodeText: STATUS_CODES[status] ?? 'Error',
    ...(errorMessage ? { errorMessage } : {}),
    providerCorrelationID: request.id,
    errorDateTime: new Date().toISOString(),
    errors: details,
  };
  return reply.status(status).send(body);
}

/** `/eventTypes/0` -> `eventTypes[0]`; the whole body or query is named after it. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (segments.length === 0) return context === 'querystring' ? 'query' : (context ?? 'request');
  return segments.reduce((out, s, i) => (/^\d+$/.test(s) ? `${out}[${s}]` : i ? `${out}.${s}` : s), '');
}

/**
 * DCSA Track & Trace 3.0.0-Beta-1 (issue 30, decision 029), at the standard's paths under `/dcsa/tnt`: the events
 * feed (poll), one event, and the event subscriptions (push; the webhook worker sends). Registered in a context of
 * its own, so its refusals (400, 5xx) answer the standard's error body while the access hook's 401 and 403, and our
 * 404 and 409, keep the portal's.
 */
export const trackAndTraceRoutes: FastifyPluginAsyncZod<{ tnt: TrackAndTraceService }> = async (
  app,
  { tnt },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('API-Version', DCSA_TNT_API_VERSION);
  });
  // The standard: a request MAY send API-Version with the MAJOR version only, aligned with the URI's (v3).
  app.addHook('preValidation', async (request) => {
    const sent = request.headers['api-version'];
    if (sent !== undefined && !/^3(\.\d+){0,2}(-[0-9A-Za-z.-]+)?$/.test(String(sent).trim()))
      throw tntProblem(
        { 'API-Version': 'must be 3 (this is version 3 of the API)' },
        DCSA_TNT_ERROR_CODES.invalidApiVersion,
      );
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const seen = new Set<string>();
      const details: Detail[] = [];
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath, error.validationContext);
        if (seen.has(field)) continue;
        seen.add(field);
        details.push(
          detail(request, field, issue.message ?? 'is invalid', DCSA_TNT_ERROR_CODES.invalidInput),
        );
      }
      return answer(request, reply, 400, details);
    }
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
      const code = Number(error.details?.tntErrorCode ?? DCSA_TNT_ERROR_CODES.invalidInput);
      const fields = error.fields ?? { request: error.message };
      // The input guard names where it found a bad value (`querystring`, `body`, `eventTypes.1`).
      const details = Object.entries(fields).map(([field, message]) =>
        detail(request, field === 'querystring' ? 'query' : field, message, code),
      );
      return answer(request, reply, 400, details);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // Fastify's own 400s: a body that is not valid JSON, an empty JSON body.
    if (status === 400 && !(error instanceof AppError))
      return answer(request, reply, 400, [
        detail(request, 'body', (error as Error).message, DCSA_TNT_ERROR_CODES.invalidInput),
      ]);
    // 401, 403 (the access hook), 404, 409, 413, 415: the portal's shape.
    if (status < 500 && !(error instanceof AppError && error.statusCode >= 500)) throw error;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return answer(
        request,
        reply,
        503,
        [
          {
            errorCode: DCSA_TNT_ERROR_CODES.internalError,
            reason: 'serviceUnavailable',
            message: 'The service is briefly unavailable. Please try again in a few seconds.',
          },
        ],
        'Service unavailable',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return answer(
      request,
      reply,
      500,
      [
        {
          errorCode: DCSA_TNT_ERROR_CODES.internalError,
          reason: 'internalError',
          message: 'Something went wrong on our side. Please try again.',
        },
      ],
      'Unable to process request',
    );
  });

  const sentParams = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;

  app.get(
    '/dcsa/tnt/v3/events',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: events (equipment, transport, shipment), oldest first',
        description:
          'The events of your shipments (equipment and shipment events of your bookings) and every vessel arrival ' +
          'and departure (transport events), sorted by `eventCreatedDateTime`. Filters are the standard\u2019s: AND ' +
          'between them, comma-separated lists OR within. `eventCreatedDateTime` and `eventDateTime` take the ' +
          'operators `:gte`, `:gt`, `:lte`, `:lt`, `:eq` (`eventCreatedDateTime:gte=2026-04-01T00:00:00Z`). ' +
          'Another company\u2019s container or document answers an empty list. A longer list ends with a ' +
          `\`Next-Page\` header: the link to the next page. ${HEADERS}`,
        querystring: DcsaTntEventsQuerySchema,
        response: { 200: DcsaTntEventListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await tnt.events(principalOf(request), request.query, sentParams(request));
      if (page.nextPage) reply.header('Next-Page', page.nextPage);
      return page.events;
    },
  );

  app.get(
    '/dcsa/tnt/v3/events/:eventID',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: one event by its eventID',
        description: `404 for an event that is not yours, as for one that does not exist. ${HEADERS}`,
        params: DcsaTntEventParamsSchema,
        response: { 200: DcsaTntEventSchema, ...errors },
      },
    },
    async (request) => tnt.event(principalOf(request), request.params.eventID),
  );

  app.get(
    '/dcsa/tnt/v3/event-subscriptions',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: your event subscriptions',
        description: `Oldest first; never their secrets. ${HEADERS}`,
        querystring: DcsaTntSubscriptionListQuerySchema,
        response: { 200: z.array(DcsaTntSubscriptionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await tnt.listSubscriptions(principalOf(request), request.query, sentParams(request));
      if (page.nextPage) reply.header('Next-Page', page.nextPage);
      return page.subscriptions;
    },
  );

  app.post(
    '/dcsa/tnt/v3/event-subscriptions',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: subscribe a callback URL to events',
        description:
          'The events matching the filters (as `GET /dcsa/tnt/v3/events` reads them, within your shipments) are ' +
          'POSTed to `callbackUrl`, one event per request, as they are recorded, with `Notification-Signature: ' +
          'sha256=<hex HMAC-SHA256 of the body bytes, keyed by the secret\u2019s decoded bytes>`, `Subscription-ID` ' +
          'and `Idempotency-Key: <eventID>`; answer 2xx (204) to take one. Failures are retried with back-off for ' +
          '72 hours, in order per container. `secret`: base64 of 32 to 1024 random bytes, never answered back. In ' +
          `production the URL must be https and point at a public address. At most 100 subscriptions. ${HEADERS}`,
        body: DcsaTntSubscriptionCreateSchema,
        response: { 201: DcsaTntSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const subscription = await tnt.createSubscription(principalOf(request), request.body);
      reply.header('Location', `/dcsa/tnt/v3/event-subscriptions/${subscription.subscriptionID}`);
      return reply.status(201).send(subscription);
    },
  );

  app.get(
    '/dcsa/tnt/v3/event-subscriptions/:subscriptionID',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: one of your subscriptions',
        description: `404 for another\u2019s subscription, as for one that does not exist. ${HEADERS}`,
        params: DcsaTntSubscriptionParamsSchema,
        response: { 200: DcsaTntSubscriptionSchema, ...errors },
      },
    },
    async (request) => tnt.getSubscription(principalOf(request), request.params.subscriptionID),
  );

  app.put(
    '/dcsa/tnt/v3/event-subscriptions/:subscriptionID',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: change a subscription (callback URL and filters)',
        description:
          'The whole subscription: a filter left out is removed. `secret` must be left out (PUT \u2026/secret). ' +
          `Pushes not yet sent go to the new URL. ${HEADERS}`,
        params: DcsaTntSubscriptionParamsSchema,
        body: DcsaTntSubscriptionUpdateSchema,
        response: { 200: DcsaTntSubscriptionSchema, ...errors },
      },
    },
    async (request) =>
      tnt.updateSubscription(principalOf(request), request.params.subscriptionID, request.body),
  );

  app.delete(
    '/dcsa/tnt/v3/event-subscriptions/:subscriptionID',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: stop a subscription',
        description: `Pushes not yet sent are dropped. ${HEADERS}`,
        params: DcsaTntSubscriptionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tnt.deleteSubscription(principalOf(request), request.params.subscriptionID);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/dcsa/tnt/v3/event-subscriptions/:subscriptionID/secret',
    {
      config: { access: TRACKING },
      schema: {
        tags,
        summary: 'DCSA TNT 3.0.0-Beta-1: change a subscription\u2019s secret',
        description: `Every push from now on (retries of earlier ones too) is signed with the new secret. ${HEADERS}`,
        params: DcsaTntSubscriptionParamsSchema,
        body: DcsaTntSecretBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tnt.rotateSecret(principalOf(request), request.params.subscriptionID, request.body.secret);
      return reply.status(204).send(null);
    },
  );
};
