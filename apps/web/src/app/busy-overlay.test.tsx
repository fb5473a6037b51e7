import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedBusy } from './busy-overlay';

describe('busy overlay delays', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 200 ms before showing and 200 ms before hiding by default', () => {
    const delays = { start: 200, stop: 200 };
    const { result, rerender } = renderHook(({ busy }) => useDelayedBusy(busy, delays), {
      initialProps: { busy: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('never shows for a call shorter than the start delay', () => {
    const delays = { start: 200, stop: 200 };
    const { result, rerender } = renderHook(({ busy }) => useDelayedBusy(busy, delays), {
      initialProps: { busy: true },
    });
    act(() => vi.advanceTimersByTime(150));
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });

  it('shows at once and lingers 300 ms on the BL screen', () => {
    const delays = { start: 0, stop: 300 };
    const { result, rerender } = renderHook(({ busy }) => useDelayedBusy(busy, delays), {
      initialProps: { busy: true },
    });
    expect(result.current).toBe(true);
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
