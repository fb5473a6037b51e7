import type { ErrorCode } from '@lading/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { logRequestCompleted } from './logging';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  428: 'PRECONDITION_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** `/containers/0/vgm` -> `containers.0.vgm`; an error on the whole body or query is named after it. */
function fieldName(instancePath: string, scope: string | undefined): string {
  const joined = instancePath.split('/').filter(Boolean).join('.');
  return joined || scope || 'request';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answer every error of this route as `{ error: "<text>", code, fields }` (sign-up: the specification's screen
     * shows the response's error field as text), including body parse errors raised before the handler.
     */
    flatErrors?: boolean;
  }
}

/** One error handler: AppError and validation errors become 4xx bodies naming the field; 5xx never show internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const flatRoute = request.routeOptions.config?.flatErrors === true;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.flat || flatRoute) {
        return reply.status(error.statusCode).send({
          error: error.message,
          code: error.code,
          ...(error.fields ? { fields: error.fields } : {}),
        });
      }
      return reply.status(error.statusCode).send({
        // Section 6: a refusal carries a false marker.
        ...(error.code === 'FORBIDDEN' || error.code === 'MFA_ENROLMENT_REQUIRED' ? { granted: false } : {}),
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.required ? { required: error.required } : {}),
          ...error.details,
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const scope = error.validationContext;
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, scope);
        fields[name] ??= issue.message ?? 'is invalid';
      }
      const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['request', 'is invalid'];
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: `${firstField}: ${firstMessage}`, fields },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: a body that is not valid JSON, an empty JSON body, a __proto__ key, a wrong content type.
      const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      const message = status === 400 ? `body: ${error.message}` : error.message;
      if (flatRoute) {
        return reply.status(status).send({
          error: message,
          code,
          ...(status === 400 ? { fields: { body: error.message } } : {}),
        });
      }
      return reply
        .status(status)
        .send({ error: { code, message, ...(status === 400 ? { fields: { body: error.message } } : {}) } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: 'The service is briefly unavailable. Please try again in a few seconds.',
          },
        });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send({
      error: {
        code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
  });
}

/**
 * Errors Fastify raises before routing (`frameworkErrors`): a path whose percent-encoding is not UTF-8 would
 * otherwise be answered in Fastify's own shape, echoing the raw path into hand-built JSON. Fastify does not watch
 * these answers go out, so their one log line is written here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const started = performance.now();
  reply.raw.once('finish', () => logRequestCompleted(request, reply, performance.now() - started));
  if (error.code === 'FST_ERR_BAD_URL') {
    const message = 'is not a valid URL (malformed percent-encoding)';
    reply
      .status(400)
      .send({ error: { code: 'VALIDATION_FAILED', message: `path: ${message}`, fields: { path: message } } });
    return;
  }
  reply.send(error);
}
