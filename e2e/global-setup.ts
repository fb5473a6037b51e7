// Before the run: the mailbox's SMTP server (mailbox.ts), closed again after the run, and one carrier administrator
// per worker slot (records.ts createCarriers: staff must use a second factor, and one account's codes are one
// process's to spend, authenticator.ts).
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import { resetState, STATE_DIR } from './authenticator';
import { MAILBOX_FILE, recordMail, SMTP_PORT } from './mailbox';
import { createCarriers } from './records';

export default async function globalSetup(config: FullConfig) {
  rmSync(MAILBOX_FILE, { force: true });
  resetState();
  const smtp = await startSmtpServer(SMTP_PORT, recordMail);
  const cleanUp = async () => {
    await smtp.close();
    rmSync(MAILBOX_FILE, { force: true });
    rmSync(STATE_DIR, { recursive: true, force: true });
  };
  try {
    // The portal (webServer) is up before the global set-up runs.
    await createCarriers(`http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`, config.workers);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}
