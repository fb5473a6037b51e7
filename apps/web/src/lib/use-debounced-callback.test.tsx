import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback } from './use-debounced-callback';

describe('useDebouncedCallback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, the delay after the last call, with the last call arguments', () => {
    const seen = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback((value: string) => seen(value), 300));
    act(() => {
      result.current('a');
      vi.advanceTimersByTime(200);
      result.current('ab');
      vi.advanceTimersByTime(299);
    });
    expect(seen).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith('ab');
  });

  it('keeps the same function across renders and calls the latest callback rendered', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ callback }) => useDebouncedCallback(callback, 300), {
      initialProps: { callback: first },
    });
    const debounced = result.current;
    act(() => {
      debounced();
    });
    rerender({ callback: second });
    expect(result.current).toBe(debounced);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('drops a call still waiting when the component unmounts', () => {
    const seen = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(seen, 300));
    act(() => {
      result.current();
    });
    unmount();
    vi.advanceTimersByTime(300);
    expect(seen).not.toHaveBeenCalled();
  });
});
