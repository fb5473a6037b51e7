import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { DCSA_TNT_API_VERSION } from '@lading/contract/dcsa-tnt';
import type { FastifyBaseLogger } from 'fastify';
import { unseal } from '../../lib/sealing';
import {
  DEFAULT_RETRY,
  type DeliveryAttempt,
  type DueDelivery,
  type RetryPolicy,
  type TrackingService,
} from '../tracking';
import { type CallbackPolicy, guardedLookup, literalAddressProblem } from './callback-url';
import { toDcsaEvent } from './event-documents';

/** What a subscription's secret is sealed for (lib/sealing.ts: its own key from SESSION_SECRET). */
export const WEBHOOK_SECRET_PURPOSE = 'lading-tnt-subscription-secret';

/** The `Notification-Signature` of a body: `sha256=` and the hex HMAC-SHA256 of its bytes, keyed by the secret's bytes. */
export function notificationSignature(body: string, secretBase64: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body, 'utf8').digest('hex')}`;
}

/** The most pushes one pass sends (the timer's next pass goes on). */
const BATCH = 50;

/**
 * POSTs a body and settles with the answer's status (the body is read and dropped). Never throws: a refused
 * connection, a special address, a timeout are failures with their reason.
 */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; policy: CallbackPolicy },
): Promise<DeliveryAttempt> {
  return new Promise((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const settle = (attempt: DeliveryAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(attempt);
    };
    const refused = literalAddressProblem(url, options.policy);
    if (refused) {
      settle({ ok: false, status: null, error: refused });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own, resolved (and checked) for this delivery; redirects are not followed.
        agent: false,
        lookup: guardedLookup(options.policy),
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('error', () => {});
        const status = response.statusCode ?? 0;
        settle(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: `the receiver answered ${status}` },
        );
      },
    );
    deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => settle({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}

export type WebhookWorker = {
  /** Sends what is due now (also runs on a timer); resolves with the number of pushes tried. */
  flush(): Promise<number>;
  kick(): void;
  stop(): Promise<void>;
};

/**
 * The DCSA Track & Trace push (decision 029): sends the tracking module's queued deliveries, one event per POST (the
 * standard's callback body, an array of one `event`), signed with the subscription's secret
 * (`Notification-Signature: sha256=<hex>`), with `Subscription-ID`, `API-Version` and `Idempotency-Key: <eventID>`.
 * Each delivery is claimed and marked in one transaction of the tracking module (`deliverNext`), so two instances
 * never send the same one; a 2xx marks it delivered, anything else retries with back-off.
 */
export function startWebhookWorker(options: {
  tracking: Pick<TrackingService, 'deliverNext'>;
  sessionSecret: string;
  policy: CallbackPolicy;
  log: FastifyBaseLogger;
  intervalMs?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}): WebhookWorker {
  const { tracking, log } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  let stopped = false;

  const send = async (delivery: DueDelivery): Promise<DeliveryAttempt> => {
    const { subscription } = delivery;
    const secret = unseal(subscription.secretSealed, options.sessionSecret, WEBHOOK_SECRET_PURPOSE);
    if (secret === null)
      return {
        ok: false,
        status: null,
        error: 'the secret cannot be read (SESSION_SECRET changed): rotate it with PUT …/secret',
      };
    const event = toDcsaEvent(delivery.event);
    const body = JSON.stringify([event]);
    const attempt = await post(
      new URL(subscription.callbackUrl),
      body,
      {
        'content-type': 'application/json',
        'api-version': DCSA_TNT_API_VERSION,
        'subscription-id': subscription.subscriptionId,
        'notification-signature': notificationSignature(body, secret),
        // The same on every attempt: a receiver that saw this event (a resend after a crash) recognises it.
        'idempotency-key': event.metadata.eventID,
        'user-agent': 'Lading-TNT-Webhook/1',
      },
      { timeoutMs, policy: options.policy },
    );
    if (!attempt.ok)
      log.warn(
        {
          deliveryId: delivery.id,
          subscriptionId: subscription.subscriptionId,
          attempts: delivery.attempts + 1,
          status: attempt.status,
          reason: attempt.error,
        },
        'webhook delivery failed; will retry',
      );
    return attempt;
  };

  // A pass tries each due delivery at most once: one failing again within the pass waits for the next.
  const deliver = async (): Promise<number> => {
    const tried: number[] = [];
    while (tried.length < BATCH && !stopped) {
      const id = await tracking.deliverNext(send, retry, tried);
      if (id === null) break;
      tried.push(id);
    }
    return tried.length;
  };

  // One pass at a time, as the mail worker: when a flush resolves, everything due then has been tried.
  let chain: Promise<unknown> = Promise.resolve();
  const flush = (): Promise<number> => {
    const run = chain.then(() => (stopped ? 0 : deliver()));
    chain = run.catch(() => 0);
    return run;
  };
  const safeFlush = () => {
    flush().catch((error) => log.error({ err: error }, 'webhook worker run failed'));
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
    },
  };
}
