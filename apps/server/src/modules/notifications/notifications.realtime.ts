import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listener } from '../../db/client';
import { NOTIFICATION_CHANNEL } from './notifications.repository';

/** How long one stream lives before the server ends it and the client reconnects with its current token. */
export const STREAM_LIFETIME_MS = 5 * 60_000;
const HEARTBEAT_MS = 25_000;

type Stream = { stream: PassThrough; end(): void };

/**
 * Live notification streams (server-sent events) of this instance, woken by the database: every instance LISTENs
 * on one channel and the notification handlers NOTIFY the user ids they wrote to (delivered at commit, so a
 * stream never hears of a notice before it can be read). Each event carries no data of its own: the client reads
 * its list again, through the same scoped endpoint. PostgreSQL carries the signal across instances; PGlite is
 * in-process.
 */
export function createNotificationStreams(options: {
  database: Database;
  log: FastifyBaseLogger;
  lifetimeMs?: number;
}) {
  const byUser = new Map<number, Set<Stream>>();
  let listener: Listener | null = null;
  let closing = false;

  const send = (target: Stream, event: string, data: string) => {
    target.stream.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  const wake = (userIds: number[] | 'all') => {
    const groups = userIds === 'all' ? [...byUser.values()] : userIds.map((id) => byUser.get(id));
    for (const group of groups) for (const target of group ?? []) send(target, 'notifications', '{}');
  };

  return {
    async start(): Promise<void> {
      listener = await options.database.listen(NOTIFICATION_CHANNEL, (payload) => {
        if (payload === null) return wake('all');
        const userId = Number(payload);
        if (Number.isInteger(userId)) wake([userId]);
      });
    },

    /** Opens a stream for this user: the body of the SSE response. Ends by itself after its lifetime. */
    open(userId: number): PassThrough {
      const stream = new PassThrough();
      if (closing) {
        stream.end();
        return stream;
      }
      let heartbeat: NodeJS.Timeout | undefined;
      let lifetime: NodeJS.Timeout | undefined;
      const target: Stream = {
        stream,
        end: () => {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          const group = byUser.get(userId);
          group?.delete(target);
          if (group?.size === 0) byUser.delete(userId);
          if (!stream.writableEnded) stream.end();
        },
      };
      const group = byUser.get(userId) ?? new Set<Stream>();
      group.add(target);
      byUser.set(userId, group);
      // The client waits this long before reconnecting after the stream ends.
      stream.write('retry: 3000\n\n');
      send(target, 'ready', '{}');
      heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS).unref();
      lifetime = setTimeout(target.end, options.lifetimeMs ?? STREAM_LIFETIME_MS).unref();
      stream.on('close', target.end);
      stream.on('error', target.end);
      return stream;
    },

    /** Ends every stream (graceful shutdown: an open stream must not hold the server's close) and stops listening. */
    async close(): Promise<void> {
      closing = true;
      for (const group of [...byUser.values()]) for (const target of [...group]) target.end();
      await listener?.close().catch((error) => options.log.warn({ err: error }, 'unlisten failed'));
      listener = null;
    },
  };
}

export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
