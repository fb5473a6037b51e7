import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openApiStream } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** Splits a server-sent-events text into complete events' names; returns the names and what is left over. */
export function parseEventNames(buffer: string): { names: string[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const names = blocks.flatMap((block) => {
    const line = block.split(/\r?\n/).find((l) => l.startsWith('event:'));
    return line ? [line.slice(6).trim()] : [];
  });
  return { names, rest };
}

/**
 * Keeps GET cp/notifications/stream/ open while `enabled` (see docs/decisions/004): every `notifications` event
 * refreshes the bell's query. Reconnects after the server ends the stream (every 5 minutes) or after a failure,
 * waiting longer after each failure (up to 30 s). Answers whether the stream is up, so polling can slow down.
 */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      try {
        const response = await openApiStream('/cp/notifications/stream/', controller.signal);
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEventNames(buffer + value);
          buffer = parsed.rest;
          for (const name of parsed.names) {
            if (name === 'ready') {
              failures = 0;
              setLive(true);
              // Anything that happened while the stream was down.
              void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
            } else if (name === 'notifications') {
              void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
            }
          }
        }
      } catch {
        failures += 1;
      }
      if (controller.signal.aborted) return;
      setLive(false);
      retry = setTimeout(() => void connect(), failures === 0 ? 500 : Math.min(30_000, 2000 * 2 ** failures));
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
      setLive(false);
    };
  }, [enabled, queryClient]);

  return isLive;
}
