// Before the run: the mailbox's SMTP server (mailbox.ts), closed again after the run.
import { rmSync } from 'node:fs';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import { MAILBOX_FILE, recordMail, SMTP_PORT } from './mailbox';

export default async function globalSetup() {
  rmSync(MAILBOX_FILE, { force: true });
  const smtp = await startSmtpServer(SMTP_PORT, recordMail);
  return async () => {
    await smtp.close();
    rmSync(MAILBOX_FILE, { force: true });
  };
}
