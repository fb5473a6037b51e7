import { AppError } from './app-error';

/** `W/"7"` for version 7: a versioned record's ETag. */
export const etagOf = (version: number) => `W/"${version}"`;

/** The version an edit was based on: If-Match (an ETag) or the body's `version`; null when neither came. */
export function expectedVersion(ifMatch: string | undefined, bodyVersion: number | undefined): number | null {
  const fromHeader = ifMatch ? /^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] : undefined;
  if (fromHeader) return Number(fromHeader);
  return bodyVersion ?? null;
}

/** 428 when the caller sent no version: every change of a versioned record must say which version it read. */
export function requireExpectedVersion(
  ifMatch: string | undefined,
  bodyVersion: number | undefined,
  what = 'the version you edited',
): number {
  const expected = expectedVersion(ifMatch, bodyVersion);
  if (expected === null) {
    throw new AppError('PRECONDITION_REQUIRED', `Send ${what} (If-Match header or "version" field)`, {
      fields: { version: 'is required' },
    });
  }
  return expected;
}

/** 412 with the current ETag when the record moved on since the caller read it. */
export function assertCurrentVersion(current: number, expected: number, message: string): void {
  if (current !== expected) {
    throw new AppError('PRECONDITION_FAILED', message, {
      fields: { version: `is ${current}, not ${expected}` },
      headers: { etag: etagOf(current) },
    });
  }
}
