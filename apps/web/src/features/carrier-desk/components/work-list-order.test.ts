import { describe, expect, it } from 'vitest';
import { fetchOldestPage, oldestFirst } from './work-list-order';

const item = (id: number, createdAt: string) => ({ id, createdAt });

describe('work list order', () => {
  it('sorts oldest first, ties by id', () => {
    const sorted = oldestFirst([item(3, '2026-11-02'), item(2, '2026-11-01'), item(1, '2026-11-02')]);
    expect(sorted.map((entry) => entry.id)).toEqual([2, 1, 3]);
  });

  it('fetches the last page of a newest-first list when it holds more than one page', async () => {
    const all = Array.from({ length: 5 }, (_, i) => item(5 - i, `2026-11-0${5 - i}`)); // newest first
    const skips: number[] = [];
    const page = await fetchOldestPage(async (skip) => {
      skips.push(skip);
      return { count: all.length, results: all.slice(skip, skip + 2) };
    }, 2);
    expect(skips).toEqual([0, 3]);
    expect(page).toEqual({ count: 5, results: [item(1, '2026-11-01'), item(2, '2026-11-02')] });
  });

  it('fetches once when everything fits', async () => {
    let calls = 0;
    await fetchOldestPage(async () => {
      calls += 1;
      return { count: 1, results: [item(1, '2026-11-01')] };
    }, 2);
    expect(calls).toBe(1);
  });
});
