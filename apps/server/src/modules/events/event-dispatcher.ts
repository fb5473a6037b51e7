import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema/events';
import type { DomainEvent, DomainEventType } from '../../lib/domain-events';

export type StoredEvent = typeof domainEvents.$inferSelect;
/** Handles one event inside the dispatcher's transaction; its writes commit together with the "dispatched" mark. */
export type EventHandler<T extends DomainEventType = DomainEventType> = (
  tx: Tx,
  event: StoredEvent & { type: T; payload: Extract<DomainEvent, { type: T }>['payload'] },
) => Promise<void>;
export type EventHandlers = { [T in DomainEventType]?: EventHandler<T>[] };

const BATCH = 20;
const MAX_ATTEMPTS = 5;

/**
 * Hands undispatched domain events to their handlers, oldest first. Each batch is claimed with
 * FOR UPDATE SKIP LOCKED, so two instances never take the same event; each event's handlers run in a savepoint and
 * the event is marked dispatched in the same transaction as what they wrote: exactly once. A handler that throws is
 * retried on later runs, up to MAX_ATTEMPTS, then the event is set aside (logged, `last_error` kept).
 */
export function createEventDispatcher(options: { db: Db; handlers: EventHandlers; log: FastifyBaseLogger }) {
  const { db, log } = options;
  const handlers: EventHandlers = { ...options.handlers };

  const runBatch = () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const event of rows) {
        const list = (handlers[event.type as DomainEventType] ?? []) as EventHandler[];
        try {
          await tx.transaction(async (savepoint) => {
            for (const handle of list) await handle(savepoint, event as Parameters<EventHandler>[1]);
          });
          await tx
            .update(domainEvents)
            .set({ dispatchedAt: sql`now()`, attempts: event.attempts + 1, lastError: null })
            .where(eq(domainEvents.id, event.id));
        } catch (error) {
          const attempts = event.attempts + 1;
          log.warn(
            { eventId: event.id, type: event.type, attempts, err: error },
            'domain event handler failed',
          );
          await tx
            .update(domainEvents)
            .set({
              attempts,
              lastError: (error as Error).message.slice(0, 500),
              ...(attempts >= MAX_ATTEMPTS ? { dispatchedAt: sql`now()` } : {}),
            })
            .where(eq(domainEvents.id, event.id));
        }
      }
      return rows.length;
    });

  return {
    /** Adds a handler for a type of event (modules built after the dispatcher subscribe this way). */
    subscribe<T extends DomainEventType>(type: T, handler: EventHandler<T>): void {
      handlers[type] = [...(handlers[type] ?? []), handler] as EventHandlers[T];
    },

    /** Dispatches everything pending now; resolves with the number of events looked at. */
    async dispatch(): Promise<number> {
      let total = 0;
      // Bounded, so a batch of events that keep failing cannot hold one run forever.
      for (let round = 0; round < 50; round++) {
        const count = await runBatch();
        total += count;
        if (count < BATCH) break;
      }
      return total;
    },
  };
}
