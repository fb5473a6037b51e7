// The run's authenticator apps: codes for the second factor that carrier staff must use (decision 023). A code's
// 30-second step is accepted once per account, and only one step either side of now. So each staff account is used by
// one process at a time (a worker's carrier, a test's own member of staff), and the last step an account used is kept
// in a file of the run (E2E_STATE, set once in the runner like the mailbox): the global set-up's enrolment, a worker
// and a restarted worker never offer a spent step. No test waits on the clock for a code.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';

/** Set once in the runner (playwright.config.ts imports this module); the workers inherit it. */
process.env.E2E_STATE ??= join(tmpdir(), `lading-e2e-state-${process.env.E2E_PORT ?? 3100}-${process.pid}`);
export const STATE_DIR = process.env.E2E_STATE;

/** The demo staff accounts' authenticator key (the README's, demo data only). */
export const DEMO_TOTP_SECRET = 'LADINGDEMOSTAFFTOTPSECRETKEY2345';

const STEP_MS = 30_000;
const stepFile = (account: string) => join(STATE_DIR, `${encodeURIComponent(account.toLowerCase())}.step`);

/** Starts the run with no state (global-setup.ts), and clears it after. */
export function resetState(): void {
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
}

/** Keeps a value of the run (a worker's carrier account) for the workers to read. */
export function writeState(name: string, value: unknown): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(join(STATE_DIR, name), JSON.stringify(value));
}

export function readState<T>(name: string): T {
  return JSON.parse(readFileSync(join(STATE_DIR, name), 'utf8')) as T;
}

/**
 * The code to type for `account` now: the lowest step within one of now that the account has not used (marked used
 * as it is answered). Fails, naming the account, when all three are spent: more than three sign-ins of one account
 * within about 30 s, which a spec avoids by making another member of staff.
 */
export function nextCode(account: string, secret: string): string {
  const now = Math.floor(Date.now() / STEP_MS);
  const file = stepFile(account);
  const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : now - 2;
  const step = Math.max(now - 1, last + 1);
  if (step > now + 1)
    throw new Error(
      `${account}: every code of the ±1-step window is spent (more than three sign-ins within 30 s); use another member of staff`,
    );
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(file, String(step));
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
}
