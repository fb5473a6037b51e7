import { z } from 'zod';

/** Every error code the API answers with. The web maps them to messages; the server to HTTP statuses. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_VERIFIED: 403,
  /** A session that must set up a second factor first calls anything but the enrolment routes (decision 023). */
  MFA_ENROLMENT_REQUIRED: 403,
  CONFLICT: 409,
  /** A sailing's deadline (a DCSA cut-off) has passed: `cutOff` names it, `at` says when it was. */
  CUT_OFF_PASSED: 409,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** 4xx/5xx body: `{ error: { code, message, fields? } }`. `fields` maps a field path to its message. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** CUT_OFF_PASSED: the DCSA cut-off code and its date-time (ISO, UTC). */
    cutOff: z.string().optional(),
    at: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
