import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { claimDueMails, markMail } from './mail.repository';

const MAX_ATTEMPTS = 8;
/** Messages claimed at a time and sent side by side (one SMTP connection each). */
const BATCH = 5;

/** Exponential back-off: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5000 * 2 ** (attempts - 1), 600_000);

export type MailWorker = {
  /** Sends what is due now (also runs on a timer); resolves with the number of messages handled. */
  flush(): Promise<number>;
  /** Asks for a flush soon, e.g. right after a transaction that enqueued mail committed. */
  kick(): void;
  stop(): Promise<void>;
};

/**
 * Delivers the outbox (after the domain events are dispatched into it). With SMTP_URL it sends through nodemailer and retries failures with back-off; without
 * it, messages are marked 'stored' and their text is logged so links can be followed in development.
 */
async function writeMailFile(
  dir: string,
  mail: { id: number; to: string[]; subject: string; text: string },
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${String(mail.id).padStart(6, '0')}.txt`);
  await writeFile(file, `To: ${mail.to.join(', ')}\nSubject: ${mail.subject}\n\n${mail.text}\n`, {
    mode: 0o600,
  });
  return file;
}

export function startMailWorker(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Without SMTP: a folder where each stored message is also written as a text file (development). */
  storeDir?: string | null;
  /** Runs before each delivery: the domain-event dispatcher, which feeds the outbox. */
  beforeDelivery?: () => Promise<unknown>;
}): MailWorker {
  const { db, from, log } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let stopped = false;

  /** Sends or stores one claimed message and records the outcome. */
  const deliverOne = async (mail: Awaited<ReturnType<typeof claimDueMails>>[number]) => {
    if (!transport) {
      // The text carries link tokens, so it never goes into the log; in development it is written to a file.
      const file = options.storeDir ? await writeMailFile(options.storeDir, mail) : null;
      log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, ...(file ? { file } : {}) },
        'mail stored in the outbox (no SMTP_URL)',
      );
      await markMail(db, mail.id, { status: 'stored', attempts: mail.attempts + 1 });
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        cc: mail.cc ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      await markMail(db, mail.id, {
        status: 'sent',
        sentAt: new Date(),
        attempts: mail.attempts + 1,
        lastError: null,
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      log.warn(
        { mailId: mail.id, attempts, err: error },
        failed ? 'mail failed for good' : 'mail failed; will retry',
      );
      await markMail(db, mail.id, {
        attempts,
        lastError: (error as Error).message.slice(0, 500),
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
      });
    }
  };

  // Drains what is due, a batch at a time, each batch's messages sent side by side. One batch of 10 per timer tick,
  // sent one after the other, was at most 10 mails per 2 s: a burst of staff notifications (a new booking mails every
  // administrator of its office) then held a customer's verification link for 10-20 s.
  const deliver = async (): Promise<number> => {
    await options.beforeDelivery?.();
    let handled = 0;
    while (!stopped) {
      // Claim due messages by pushing their next attempt forward, so a second instance skips them.
      const due = await claimDueMails(db, BATCH);
      await Promise.all(due.map(deliverOne));
      handled += due.length;
      if (due.length < BATCH) break;
    }
    return handled;
  };

  // Runs one at a time: each flush waits for the runs before it, so when it resolves, everything due has been tried.
  let chain: Promise<unknown> = Promise.resolve();
  const flush = (): Promise<number> => {
    const run = chain.then(() => (stopped ? 0 : deliver()));
    chain = run.catch(() => 0);
    return run;
  };
  const safeFlush = () => {
    flush().catch((error) => log.error({ err: error }, 'mail worker run failed'));
  };
  const timer = setInterval(safeFlush, options.intervalMs ?? 2000);
  timer.unref();

  return {
    flush,
    kick: () => setImmediate(safeFlush),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await chain;
      transport?.close();
    },
  };
}
