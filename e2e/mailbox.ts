// The end-to-end run's mailbox. One real SMTP server receives every mail the portal sends during the run (started by
// global-setup.ts in the runner process, on E2E_SMTP_PORT) and appends each, parsed, as a JSON line to the file named
// by E2E_MAILBOX; every worker reads that file. So specs running side by side share the port without sharing state:
// each waits for mail to the addresses of the records it created.
import { appendFileSync, closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceivedMail } from '../apps/server/src/test/smtp';

export { linkIn } from '../apps/server/src/test/smtp';
export type { ReceivedMail };

/** The portal under test sends its mail here (playwright.config.ts). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

/** Set once in the runner (playwright.config.ts imports this module first); the workers inherit it. */
process.env.E2E_MAILBOX ??= join(tmpdir(), `lading-e2e-mail-${SMTP_PORT}-${process.pid}.jsonl`);
export const MAILBOX_FILE = process.env.E2E_MAILBOX;

export function recordMail(mail: ReceivedMail) {
  appendFileSync(MAILBOX_FILE, `${JSON.stringify(mail)}\n`);
}

// What this worker has read of the file so far: the mails, and where the next read starts. A wait polls every 150 ms,
// so each poll parses only the lines appended since the last (the file grows to hundreds of mails in a run).
let mails: ReceivedMail[] = [];
let readUpTo = 0;

function received(): ReceivedMail[] {
  if (!existsSync(MAILBOX_FILE)) return [];
  const size = statSync(MAILBOX_FILE).size;
  // A new run's mailbox (global-setup removes the file): read it from the start.
  if (size < readUpTo) {
    mails = [];
    readUpTo = 0;
  }
  if (size === readUpTo) return mails;
  const fd = openSync(MAILBOX_FILE, 'r');
  try {
    const chunk = Buffer.alloc(size - readUpTo);
    readSync(fd, chunk, 0, chunk.length, readUpTo);
    // Only whole lines: a mail being appended right now is read at the next poll.
    const end = chunk.lastIndexOf(0x0a);
    if (end < 0) return mails;
    for (const line of chunk.subarray(0, end).toString('utf8').split('\n'))
      if (line !== '') mails.push(JSON.parse(line) as ReceivedMail);
    readUpTo += end + 1;
  } finally {
    closeSync(fd);
  }
  return mails;
}

/** Every mail received so far that matches. */
export function mailsMatching(match: (mail: ReceivedMail) => boolean): ReceivedMail[] {
  return received().filter(match);
}

/**
 * The first mail that matches, waiting up to `timeoutMs` for it to arrive. The outbox sends within a second or two;
 * on a loaded machine with both suites side by side a new customer's mail once took over 20 s on PGlite (twice in a
 * row in one CI run), so the bound is 40 s (inside the test's 60): a wait on the mail, not a pause.
 */
export async function waitForMail(
  match: (mail: ReceivedMail) => boolean,
  timeoutMs = 40_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail arrived in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
