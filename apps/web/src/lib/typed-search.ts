/**
 * A route's `validateSearch` that only types the search for links and screens (`typedSearch<ScheduleSearch>`): the
 * screen checks what it reads with its own parser (`searchParser`), in its lazy module, so the checking code stays
 * out of every first load (the router is in all of them; issue 11's first-load budget).
 */
export function typedSearch<T>(search: Record<string, unknown>): T {
  return search as T;
}
