import { STATUS_CODES } from 'node:http';
import {
  DCSA_CS_API_VERSION,
  DCSA_CS_ERROR_CODES,
  type DcsaErrorResponse,
  DcsaErrorResponseSchema,
  DcsaPointToPointListSchema,
  DcsaPointToPointQuerySchema,
  DcsaPortScheduleListSchema,
  DcsaPortScheduleQuerySchema,
  DcsaServiceScheduleListSchema,
  DcsaVesselScheduleQuerySchema,
} from '@lading/contract/dcsa-schedules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { type CommercialSchedulesService, queryProblem } from './commercial-schedules.service';

const tags = ['DCSA Commercial Schedules'];
const SCHEDULE = { module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' } as const;
const errors = { 400: DcsaErrorResponseSchema, 500: DcsaErrorResponseSchema, 503: DcsaErrorResponseSchema };
const HEADERS =
  'Every answer carries `API-Version: ' +
  DCSA_CS_API_VERSION +
  '`; a request may send `API-Version: 1` (another major version is a 400). With `limit`, a longer list ends ' +
  'with a `Next-Page-Cursor` header: send it back as `cursor` with the same filters. A refused query answers the ' +
  "standard's ErrorResponse, one entry per parameter. Times are local at the place, with their offset.";

type Problem = DcsaErrorResponse['errors'][number];

/** The value of a parameter as the request sent it, as the standard's `value` (at most 500 characters). */
function sentValue(request: FastifyRequest, property: string): string | undefined {
  const raw =
    property === 'API-Version'
      ? request.headers['api-version']
      : (request.query as Record<string, unknown> | undefined)?.[property];
  if (raw === undefined || raw === null) return undefined;
  const text = Array.isArray(raw)
    ? raw.join(',')
    : typeof raw === 'object'
      ? JSON.stringify(raw)
      : String(raw);
  return text.slice(0, 500);
}

/** "placeOfReceipt is required": a message that goes on from the parameter's name gets the name in front. */
const messageFor = (property: string, message: string) =>
  /^[a-z]/.test(message) ? `${property} ${message}` : message;

function problem(request: FastifyRequest, property: string, message: string, code: number): Problem {
  const value = sentValue(request, property);
  return {
    errorCode: code,
    property,
    ...(value !== undefined ? { value } : {}),
    errorCodeText:
      code === DCSA_CS_ERROR_CODES.invalidApiVersion
        ? 'invalidHeader'
        : code === DCSA_CS_ERROR_CODES.unknownLocation
          ? 'unknownLocation'
          : code === DCSA_CS_ERROR_CODES.invalidCursor
            ? 'invalidCursor'
            : 'invalidQuery',
    errorCodeMessage: messageFor(property, message),
  };
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  problems: Problem[],
  statusCodeMessage?: string,
) {
  const body: DcsaErrorResponse = {
    httpMethod: request.method,
    requestUri: request.url.split('?')[0]!,
    statusCode: status,
    statusCodeText: STATUS_CODES[status] ?? 'Error',
    ...(statusCodeMessage ? { statusCodeMessage } : {}),
    providerCorrelationReference: request.id,
    errorDateTime: new Date().toISOString(),
    errors: problems,
  };
  return reply.status(status).send(body);
}

/**
 * DCSA Commercial Schedules 1.0.3 (issue 26): point-to-point routes, port schedules and vessel schedules, read-only,
 * for customers' systems, at the standard's paths under `/dcsa/cs`. Registered in a context of its own, so its
 * refusals answer the standard's `ErrorResponse` (400, 5xx) while the access hook's 401 and 403 keep ours.
 */
export const commercialSchedulesRoutes: FastifyPluginAsyncZod<{
  schedules: CommercialSchedulesService;
}> = async (app, { schedules }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('API-Version', DCSA_CS_API_VERSION);
  });
  // The standard: a request MAY send API-Version, with the MAJOR version only, aligned with the URI's (v1).
  app.addHook('preValidation', async (request) => {
    const sent = request.headers['api-version'];
    if (sent !== undefined && !/^1(\.\d+){0,2}$/.test(String(sent).trim()))
      throw queryProblem(
        { 'API-Version': 'must be 1 (this is version 1 of the API)' },
        DCSA_CS_ERROR_CODES.invalidApiVersion,
      );
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const seen = new Set<string>();
      const problems: Problem[] = [];
      for (const issue of error.validation) {
        const property = issue.instancePath.split('/')[1] || 'query';
        if (seen.has(property)) continue;
        seen.add(property);
        problems.push(
          problem(request, property, issue.message ?? 'is invalid', DCSA_CS_ERROR_CODES.invalidQuery),
        );
      }
      return answer(request, reply, 400, problems);
    }
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fields) {
      const code = Number(error.details?.csErrorCode ?? DCSA_CS_ERROR_CODES.invalidQuery);
      // The input guard names a repeated parameter's value (`UNLocationCode.1`), or the query as a whole.
      const problems = new Map<string, Problem>();
      for (const [field, message] of Object.entries(error.fields)) {
        const name = field.split('.')[0]!;
        const property = name === 'querystring' || name === 'request' ? 'query' : name;
        if (!problems.has(property)) problems.set(property, problem(request, property, message, code));
      }
      return answer(request, reply, 400, [...problems.values()]);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // The access hook's 401 and 403, and Fastify's own 4xx: our usual error shape.
    if (status < 500 && !(error instanceof AppError && error.statusCode >= 500)) throw error;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return answer(request, reply, 503, [
        {
          errorCode: DCSA_CS_ERROR_CODES.internalError,
          errorCodeText: 'serviceUnavailable',
          errorCodeMessage: 'The service is briefly unavailable. Please try again in a few seconds.',
        },
      ]);
    }
    request.log.error({ err: error }, 'request failed');
    return answer(
      request,
      reply,
      500,
      [
        {
          errorCode: DCSA_CS_ERROR_CODES.internalError,
          errorCodeText: 'internalError',
          errorCodeMessage: 'Something went wrong on our side. Please try again.',
        },
      ],
      'Unable to process request',
    );
  });

  const page = <T>(reply: FastifyReply, result: { items: T[]; nextCursor?: string }): T[] => {
    if (result.nextCursor) reply.header('Next-Page-Cursor', result.nextCursor);
    return result.items;
  };

  app.get(
    '/dcsa/cs/v1/point-to-point-routes',
    {
      config: { access: SCHEDULE, apiClientScope: 'schedules:read' },
      schema: {
        tags,
        summary: 'DCSA CS 1.0.3: point-to-point routings (port to port, direct or with one transhipment)',
        description:
          'Our sailings from `placeOfReceipt` to `placeOfDelivery` (UN/LOCODEs of ports; CY/CY), one leg per vessel ' +
          'with the calls in between, the cut-offs at the port of loading. Without dates: departures from today for ' +
          `4 weeks; the departure window is at most 92 days. \`maxTranshipment\` 0 gives direct sailings only. ${HEADERS}`,
        querystring: DcsaPointToPointQuerySchema,
        response: { 200: DcsaPointToPointListSchema, ...errors },
      },
    },
    async (request, reply) => page(reply, await schedules.pointToPointRoutes(request.query)),
  );

  app.get(
    '/dcsa/cs/v1/port-schedules',
    {
      config: { access: SCHEDULE, apiClientScope: 'schedules:read' },
      schema: {
        tags,
        summary:
          'DCSA CS 1.0.3: the vessels calling at a port from a date (4 weeks), one schedule per terminal',
        description: HEADERS,
        querystring: DcsaPortScheduleQuerySchema,
        response: { 200: DcsaPortScheduleListSchema, ...errors },
      },
    },
    async (request, reply) => page(reply, await schedules.portSchedules(request.query)),
  );

  app.get(
    '/dcsa/cs/v1/vessel-schedules',
    {
      config: { access: SCHEDULE, apiClientScope: 'schedules:read' },
      schema: {
        tags,
        summary:
          'DCSA CS 1.0.3: service schedules (per service, per vessel, the transport calls of its voyages)',
        description:
          'At least one filter (vessel, service, voyage, location, operator); `startDate` and `endDate` narrow it ' +
          '(by default three months back to six ahead; at most 366 days). `responseScope=MATCHED_CALLS` keeps only ' +
          `the calls that match the location and dates. ${HEADERS}`,
        querystring: DcsaVesselScheduleQuerySchema,
        response: { 200: DcsaServiceScheduleListSchema, ...errors },
      },
    },
    async (request, reply) => page(reply, await schedules.vesselSchedules(request.query)),
  );
};
