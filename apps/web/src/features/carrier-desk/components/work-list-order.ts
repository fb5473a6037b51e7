/** A work list is worked from the oldest request (the API answers newest first): by creation time, then id. */
export function oldestFirst<T extends { createdAt: string; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1,
  );
}

/**
 * The oldest `limit` records of a newest-first list: the first page tells the count; when there are more than one
 * page holds, the last page (skip = count - limit) is the oldest. Answers them oldest first with the full count.
 */
export async function fetchOldestPage<T extends { createdAt: string; id: number }>(
  fetchPage: (skip: number) => Promise<{ count: number; results: T[] }>,
  limit: number,
): Promise<{ count: number; results: T[] }> {
  let page = await fetchPage(0);
  if (page.count > limit) page = await fetchPage(page.count - limit);
  return { count: page.count, results: oldestFirst(page.results) };
}
