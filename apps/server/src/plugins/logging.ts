import type { FastifyRequest } from 'fastify';

/**
 * What must never reach a log line: bearer tokens, authorization codes, link tokens, password hashes, and the
 * parameters of a failed query (they can be any of those). Everything logged goes through these serializers.
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
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.code_verifier',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
  };
}
