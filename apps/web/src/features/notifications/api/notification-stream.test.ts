import { describe, expect, it } from 'vitest';
import { parseEventNames } from './notification-stream';

describe('parseEventNames', () => {
  it('reads complete events and keeps a partial one for the next chunk', () => {
    const first = parseEventNames('retry: 3000\n\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: notif');
    expect(first).toEqual({ names: ['ready'], rest: 'event: notif' });
    const second = parseEventNames(`${first.rest}ications\ndata: {}\n\n`);
    expect(second).toEqual({ names: ['notifications'], rest: '' });
  });

  it('accepts CRLF line ends', () => {
    expect(parseEventNames('event: notifications\r\ndata: {}\r\n\r\n').names).toEqual(['notifications']);
  });
});
