import type { FastifyBaseLogger } from 'fastify';

/**
 * What the security log records (ASVS V16.2.1, V16.3.1, V16.3.3): sign-ins, second factors, lock-outs, password and
 * session changes, and refusals. Each is one structured line, `securityEvent` naming it, with the user id where one is
 * known and the request id (`reqId`, from the request's logger); never a password, token or code.
 */
export type SecurityEventName =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.throttled'
  | 'sign-in.second-step-due'
  | 'sign-in.enrolment-due'
  | 'second-factor.succeeded'
  | 'second-factor.failed'
  | 'second-factor.added'
  | 'second-factor.removed'
  | 'second-factor.reset'
  | 'session.ended'
  | 'sessions.ended'
  | 'session.refused'
  | 'password.changed'
  | 'password.reset'
  | 'access.refused'
  | 'rate-limit.refused';

export type SecurityEventFacts = {
  userId?: number | null;
  /** A company's API client (its `company_api_clients.id`), for what its token did or was refused. */
  apiClientId?: number;
  /** What the client typed to name the account, for a sign-in that named none (never the password). */
  login?: string;
  /** The refusal's code or a short reason. */
  reason?: string;
  /** For refusals: the permission that was missing, or the limit that was hit. */
  required?: string;
  /** For session changes: how many, and whose (an administrator ending another user's sessions). */
  count?: number;
  subjectUserId?: number;
};

const LEVEL: Partial<Record<SecurityEventName, 'info' | 'warn'>> = {
  'sign-in.succeeded': 'info',
  'sign-in.second-step-due': 'info',
  'sign-in.enrolment-due': 'info',
  'second-factor.succeeded': 'info',
  'second-factor.added': 'info',
  'session.ended': 'info',
  'sessions.ended': 'info',
  'password.changed': 'info',
  'password.reset': 'info',
};

/** Writes one security event on the request's logger (its reqId ties it to the request). */
export function securityEvent(
  log: FastifyBaseLogger,
  event: SecurityEventName,
  facts: SecurityEventFacts = {},
): void {
  log[LEVEL[event] ?? 'warn']({ securityEvent: event, ...facts }, `security: ${event}`);
}
