/** Node socket errors and PostgreSQL error classes that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i;

/** Whether an error (or one it wraps) says the database is down or unreachable, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The PostgreSQL error an error wraps (drizzle wraps the driver's in `cause`), by its SQLSTATE. */
function databaseErrorOf(error: unknown, sqlState: string): { constraint?: string } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if ((e as { code?: unknown }).code === sqlState) return e as { constraint?: string };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The unique index a write collided with (SQLSTATE 23505), or null when the error is something else. An empty
 * string when the driver did not name the index.
 */
export function uniqueViolationOf(error: unknown): string | null {
  const found = databaseErrorOf(error, '23505');
  return found ? (found.constraint ?? '') : null;
}

/**
 * Runs a write and answers a unique violation as the conflict `conflictFor` gives for the index it hit, so two
 * requests that race past the "is it free?" check get the same 409 naming the field as the one that lost a plain
 * check. `conflictFor` returns undefined for an index it does not know: that error goes on unchanged.
 */
export async function withUniqueFields<T>(
  run: () => Promise<T>,
  conflictFor: (constraint: string) => Error | undefined,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    const conflict = constraint === null ? undefined : conflictFor(constraint);
    throw conflict ?? error;
  }
}
