import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaMatch } from './phone-layout';

/** A MediaQueryList the test switches, counting what the hook asks of the browser. */
function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const calls = { matchMedia: 0, added: 0, removed: 0 };
  const list = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => {
      calls.added += 1;
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: () => void) => {
      calls.removed += 1;
      listeners.delete(listener);
    },
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => {
    calls.matchMedia += 1;
    return list as unknown as MediaQueryList;
  });
  const change = (matches: boolean) =>
    act(() => {
      list.matches = matches;
      for (const listener of listeners) listener();
    });
  return { calls, change, listeners };
}

let renders = 0;
function Probe({ query, name }: { query: string; name: string }) {
  renders += 1;
  return <span data-testid={name}>{useMediaMatch(query) ? 'match' : 'no match'}</span>;
}

afterEach(() => {
  vi.restoreAllMocks();
  renders = 0;
});

describe('useMediaMatch', () => {
  it('answers on the first render, rendering each component once', () => {
    fakeMedia(true);
    render(<Probe query="(max-width: 1px)" name="a" />);
    expect(screen.getByTestId('a').textContent).toBe('match');
    expect(renders).toBe(1);
  });

  it('asks the browser once per query, with one listener, however many components use it', () => {
    const media = fakeMedia(false);
    const query = '(max-width: 2px)';
    const { unmount } = render(
      <>
        <Probe query={query} name="a" />
        <Probe query={query} name="b" />
        <Probe query={query} name="c" />
      </>,
    );
    expect(media.calls.matchMedia).toBe(1);
    expect(media.calls.added).toBe(1);
    expect(renders).toBe(3);

    media.change(true);
    for (const name of ['a', 'b', 'c']) expect(screen.getByTestId(name).textContent).toBe('match');
    media.change(false);
    expect(screen.getByTestId('b').textContent).toBe('no match');

    unmount();
    expect(media.calls.removed).toBe(1);
    expect(media.listeners.size).toBe(0);
  });
});
