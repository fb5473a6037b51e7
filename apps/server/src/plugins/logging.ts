import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * What must never reach a log line: bearer tokens, authorization codes, link tokens, password hashes, and the
 * parameters of a failed query (they can be any of those). Everything logged goes through these serializers: the
 * request is logged as method, scrubbed URL, host and client address (never its headers or body), the reply as its
 * status code, an error as its safe fields. No logged object carries a header, a cookie or a body, so there is no
 * pino `redact` (its wildcard paths walked every logged object on every request).
 */
const SECRET_QUERY =
  /([?&](?:code|token|code_verifier|access_token|refresh_token|id_token|id_token_hint|client_secret|password)=)[^&#\s"']*/gi;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"',]*/g;
const BEARER = /(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;
/** Drizzle writes a failed query as "Failed query: <sql>\nparams: <values>": the values go. */
const QUERY_PARAMS = /\nparams:[\s\S]*/;

export function scrubSecrets(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [redacted]')
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(ARGON2_HASH, '[password hash]')
    .replace(BEARER, '$1[redacted]');
}

/** Error properties that are safe and useful; `params`, `query` values and `detail` (it quotes values) are left out. */
const SAFE_ERROR_KEYS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
] as const;

export function serializeError(
  error: unknown,
  depth = 0,
): { type: string; message: string; stack: string } & Record<string, unknown> {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrubSecrets(String(error)), stack: '' };
  const out: { type: string; message: string; stack: string } & Record<string, unknown> = {
    type: error.name,
    message: scrubSecrets(error.message),
    stack: scrubSecrets(error.stack ?? ''),
  };
  for (const key of SAFE_ERROR_KEYS) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino options for the app's logger. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}

/** The one log line of a request, written when its answer has gone out (issue 11). */
export function logRequestCompleted(
  request: FastifyRequest,
  reply: FastifyReply,
  responseTime: number,
  error?: Error | null,
): void {
  const fields = { req: request, res: reply, responseTime };
  if (error) reply.log.error({ ...fields, err: error }, 'request errored');
  else reply.log.info(fields, 'request completed');
}

/**
 * One log line per request (issue 11): `request completed` with `req` (method, scrubbed URL, host, client address),
 * `res` (status code), `responseTime` (ms) and the child logger's `reqId`, or `request errored` at level error
 * when the answer could not be written. Fastify's "incoming request" line is only written at level debug (to find
 * a request that never finishes). A 404 from the router has its line here; a framework error (bad URL) has its line
 * from `answerFrameworkError`; a 5xx also has the error handler's `request failed` line with the error. Fastify's
 * other lines (stream errors, a failing serializer, a server refusing requests while closing) are kept as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    logRequestCompleted(request, reply, reply.elapsedTime, error);
  }
}
