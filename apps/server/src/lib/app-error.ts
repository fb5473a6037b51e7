import { ERROR_CODES, type ErrorCode } from '@lading/contract/errors';

/** The one error type services throw. The error handler turns it into `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Answer `{ error: "<message>", code, fields }` instead of the nested shape (sign-up, per the specification). */
  readonly flat: boolean;
  /** FORBIDDEN: the permission that was missing, answered as `error.required`. */
  readonly required: { module: string; resource: string; operation: string } | undefined;
  /** More facts in the error body beside code and message (CUT_OFF_PASSED: `cutOff`, `at`). */
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      cause?: unknown;
      flat?: boolean;
      required?: { module: string; resource: string; operation: string };
      details?: Record<string, string>;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.flat = options.flat ?? false;
    this.required = options.required;
    this.details = options.details;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
