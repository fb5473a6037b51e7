import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import type { Scope } from '../../lib/scopes';
import type { Sealed } from '../../lib/sealing';
import {
  type CallKey,
  type ClaimedDelivery,
  claimDelivery,
  countSubscriptions,
  deleteSubscription,
  type FeedEventRow,
  type FeedFilter,
  findCallId,
  findFeedEvent,
  findFeedEvents,
  findFeedEventsById,
  findSubscription,
  findSubscriptions,
  insertDeliveries,
  insertSubscription,
  matchSubscriptions,
  reachable,
  recordAttempt,
  type SubscriptionMatch,
  type SubscriptionRow,
  type SubscriptionValues,
  updateSubscription,
} from './tracking-feed.repository';

export type { CallKey, FeedEventRow, FeedFilter, SubscriptionRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most subscriptions one scope holds. */
const MAX_SUBSCRIPTIONS = 100;

/** A subscription's callback, filters and (for a new one) sealed secret, as the DCSA module hands them over. */
export type SubscriptionInput = {
  callbackUrl: string;
  filters: Omit<SubscriptionValues, 'callbackUrl' | 'transportCallReference' | 'transportCallId'>;
  /** The `transportCallReference` filter as written, and the call it names (null: none of ours). */
  transportCall?: { reference: string; key: CallKey | null };
};

/** A claimed delivery with its event, as the sender gets it. */
export type DueDelivery = ClaimedDelivery & { event: FeedEventRow };
/** What one POST came to: a 2xx, or a failure (an HTTP status, or none: refused, timed out, no connection). */
export type DeliveryAttempt =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string };

/** Retries: `baseMs` doubling to `maxMs` apart; a delivery still failing `giveUpAfterMs` after it was queued stops. */
export type RetryPolicy = { baseMs: number; maxMs: number; giveUpAfterMs: number };
export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: 10_000,
  maxMs: 3_600_000,
  giveUpAfterMs: 72 * 3_600_000,
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (policy: RetryPolicy, attempts: number) =>
  Math.min(policy.baseMs * 2 ** Math.max(0, attempts - 1), policy.maxMs);

/** What keeps a subscription's pushes in order: its container, its transport call, or its document. */
function orderingKeyOf(match: SubscriptionMatch): string {
  if (match.eventType === 'EQUIPMENT') return `EQ:${match.equipmentReference ?? ''}`;
  if (match.eventType === 'TRANSPORT') return `TC:${match.transportCallId ?? ''}`;
  return `DOC:${match.documentTypeCode ?? ''}:${match.documentReference ?? ''}`;
}

/**
 * Queues the pushes of events just appended, in the transaction that appends them: one delivery per event and
 * matching subscription whose scope may read the event (transport events: every subscription; equipment and
 * shipment events: the subscriptions whose scope reaches the event's booking, or bill). Nothing is sent here; the
 * webhook worker sends after this transaction commits.
 */
export async function queueDeliveries(tx: Tx, eventIds: number[]): Promise<void> {
  const matches = await matchSubscriptions(tx, eventIds);
  if (matches.length === 0) return;
  const byScope = new Map<string, SubscriptionMatch[]>();
  for (const match of matches) {
    const key = JSON.stringify(match.scope);
    byScope.set(key, [...(byScope.get(key) ?? []), match]);
  }
  const rows: { subscriptionId: number; eventId: number; orderingKey: string }[] = [];
  for (const group of byScope.values()) {
    const scope = group[0]!.scope;
    const owned = group.filter((m) => m.eventType !== 'TRANSPORT');
    const reach =
      scope.kind === 'all' || owned.length === 0
        ? null
        : await reachable(
            tx,
            scope,
            [...new Set(owned.flatMap((m) => (m.bookingId === null ? [] : [m.bookingId])))],
            [...new Set(owned.flatMap((m) => (m.bookingId === null && m.billId !== null ? [m.billId] : [])))],
          );
    for (const match of group) {
      const readable =
        match.eventType === 'TRANSPORT' ||
        reach === null ||
        (match.bookingId !== null
          ? reach.bookings.has(match.bookingId)
          : match.billId !== null && reach.bills.has(match.billId));
      if (readable)
        rows.push({
          subscriptionId: match.subscriptionId,
          eventId: match.eventId,
          orderingKey: orderingKeyOf(match),
        });
    }
  }
  await insertDeliveries(tx, rows);
}

/**
 * The DCSA Track & Trace side of tracking (decision 029): the feed's reads within the caller's scope, the
 * subscriptions of the caller's scope, and the delivery of queued pushes (claimed, sent by the DCSA module's sender,
 * marked in one transaction).
 */
export function createTrackingFeed(db: Db) {
  const ownSubscription = async (conn: Db | Tx, scope: Scope, subscriptionId: string, forUpdate = false) => {
    const row = UUID.test(subscriptionId)
      ? await findSubscription(conn, scope, subscriptionId, forUpdate)
      : null;
    if (!row) throw notFound('Subscription');
    return row;
  };

  const resolveCall = async (
    conn: Db | Tx,
    transportCall: SubscriptionInput['transportCall'],
  ): Promise<{ transportCallReference: string | null; transportCallId: number | null }> => {
    if (!transportCall) return { transportCallReference: null, transportCallId: null };
    const id = transportCall.key ? await findCallId(conn, transportCall.key) : null;
    if (id === null)
      throw new AppError('VALIDATION_FAILED', 'transportCallReference: is not a transport call of ours', {
        fields: { transportCallReference: 'is not a transport call of ours' },
      });
    return { transportCallReference: transportCall.reference, transportCallId: id };
  };

  return {
    /**
     * GET /dcsa/tnt/v3/events: a page of the events the scope may read, oldest first by `eventCreatedDateTime`, and
     * where the next page starts (null: this was the last).
     */
    async findDcsaEvents(
      scope: Scope,
      filter: FeedFilter,
      after: { createdAt: string; id: number } | null,
      limit: number,
    ): Promise<{ events: FeedEventRow[]; next: { createdAt: string; id: number } | null }> {
      const rows = await findFeedEvents(db, scope, filter, after, limit + 1);
      const events = rows.slice(0, limit);
      const last = events.at(-1);
      return {
        events,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },

    /** GET /dcsa/tnt/v3/events/{eventID}: one event the scope may read (404 otherwise, as for an unknown id). */
    async findDcsaEvent(scope: Scope, eventId: string): Promise<FeedEventRow> {
      const row = UUID.test(eventId) ? await findFeedEvent(db, scope, eventId) : null;
      if (!row) throw notFound('Event');
      return row;
    },

    /** The scope's subscriptions, oldest first, after the one with id `afterId`. */
    listSubscriptions: (scope: Scope, afterId: number, limit: number) =>
      findSubscriptions(db, scope, afterId, limit),

    getSubscription: (scope: Scope, subscriptionId: string) => ownSubscription(db, scope, subscriptionId),

    /** A new subscription of the caller's scope (at most MAX_SUBSCRIPTIONS per scope: 409 beyond). */
    createSubscription(
      caller: Principal,
      input: SubscriptionInput,
      secretSealed: Sealed,
    ): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        if ((await countSubscriptions(tx, caller.scope)) >= MAX_SUBSCRIPTIONS)
          throw new AppError(
            'CONFLICT',
            `You hold ${MAX_SUBSCRIPTIONS} subscriptions already: delete one before adding another`,
          );
        return insertSubscription(tx, {
          scope: caller.scope as unknown as Record<string, unknown>,
          createdById: caller.userId,
          callbackUrl: input.callbackUrl,
          secretSealed,
          ...input.filters,
          ...(await resolveCall(tx, input.transportCall)),
        });
      });
    },

    /** Replaces a subscription's callback and filters (its secret stays). */
    updateSubscription(
      scope: Scope,
      subscriptionId: string,
      input: SubscriptionInput,
    ): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        const row = await ownSubscription(tx, scope, subscriptionId, true);
        return updateSubscription(tx, row.id, {
          callbackUrl: input.callbackUrl,
          ...input.filters,
          ...(await resolveCall(tx, input.transportCall)),
        });
      });
    },

    /** PUT …/{subscriptionID}/secret: the pushes from now on are signed with the new secret. */
    rotateSecret(scope: Scope, subscriptionId: string, secretSealed: Sealed): Promise<void> {
      return db.transaction(async (tx) => {
        const row = await ownSubscription(tx, scope, subscriptionId, true);
        await updateSubscription(tx, row.id, { secretSealed });
      });
    },

    /** Stops a subscription: its pending pushes are dropped with it. */
    deleteSubscription(scope: Scope, subscriptionId: string): Promise<void> {
      return db.transaction(async (tx) => {
        const row = await ownSubscription(tx, scope, subscriptionId, true);
        await deleteSubscription(tx, row.id);
      });
    },

    /**
     * Sends one due push, if any: claims it (its row locked for this transaction), hands it to `send` (the POST),
     * and in the same transaction marks it delivered after a 2xx, or schedules the next attempt. Answers its id, or
     * null when none is due (besides `skipIds`: those this pass of the worker tried already). A crash between the POST and the commit leaves it pending: it is sent again (with the same
     * event id, for the receiver to recognise).
     */
    deliverNext(
      send: (delivery: DueDelivery) => Promise<DeliveryAttempt>,
      policy: RetryPolicy,
      skipIds: number[] = [],
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        const claimed = await claimDelivery(tx, skipIds);
        if (!claimed) return null;
        const [event] = await findFeedEventsById(tx, [claimed.eventId]);
        let attempt: DeliveryAttempt;
        try {
          attempt = event
            ? await send({ ...claimed, event })
            : { ok: false, status: null, error: 'the event is gone' };
        } catch (error) {
          attempt = { ok: false, status: null, error: (error as Error).message };
        }
        if (attempt.ok) {
          await recordAttempt(tx, claimed.id, { delivered: true, status: attempt.status });
          return claimed.id;
        }
        const attempts = claimed.attempts + 1;
        await recordAttempt(tx, claimed.id, {
          delivered: false,
          status: attempt.status,
          error: attempt.error,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(policy, attempts)),
          giveUp: Date.now() - claimed.createdAt.getTime() >= policy.giveUpAfterMs,
        });
        return claimed.id;
      });
    },
  };
}
