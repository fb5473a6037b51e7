// Every figure's budget in one place (issue 29's table; issue 26's for the point-to-point search). A figure module
// looks its rows' budgets up here by id, so changing a budget is a change to this file only.
import type { Budget } from './figure';

const ratio = (op: Budget['op'], limit: number): Budget => ({ op, limit });
const value = (op: Budget['op'], limit: number): Budget => ({ op, limit, of: 'value' });

export const BUDGETS = {
  /** BL list req/s, PostgreSQL, the app as served vs the bare server in its own process (br, gzip; and identity). */
  '1': ratio('>=', 0.85),
  '1-identity': ratio('>=', 0.85),
  /** BL list req/s, PGlite, both in worker threads; the app's longest event-loop stall (ms). */
  '2': ratio('>=', 0.85),
  '2-identity': ratio('>=', 0.85),
  '2-stall': value('<=', 50),
  /** Page 1 p50 at 1M bills ÷ 10k, every list. */
  '3': ratio('<=', 1.3),
  /** BL save p99 at 50 connections vs a replay that writes, with the CPU-bound neighbour. */
  '4': ratio('<=', 1.3),
  /** Port typeahead p95 vs the same prepared SQL, both engines, with the neighbour. */
  '5': ratio('<=', 1.2),
  /** First-load JS+CSS ÷ React hello-world (built as the portal is). */
  '6-login': ratio('<=', 1.7),
  '6-bl-list': ratio('<=', 2.3),
  '6-bl-view': ratio('<=', 2.8),
  /** Lighthouse mobile score, median of the rounds, with the neighbour. */
  '7-login': value('>=', 100),
  '7-bl-list': value('>=', 95),
  '7-bl-view': value('>=', 95),
  /** Issue 26: point-to-point search p50 at 505 ÷ 20 voyages. */
  '8-point-to-point': ratio('<=', 1.5),
  '8-point-to-point-pglite': ratio('<=', 1.5),
  /** RSS of the served app on PGlite (MB): idle after start on an existing folder / after a first start; peak. */
  '8-rss-idle': value('<=', 350),
  '8-rss-idle-fresh': value('<=', 350),
  '8-rss-peak': value('<=', 600),
  /** Start to /healthz on PGlite (s): existing folder / fresh folder (first start, seeding included). */
  '9-start': value('<=', 2.5),
  '9-start-fresh': value('<=', 10),
} satisfies Record<string, Budget>;

/** The budget of a row id; rows that share one (`3-admin`, `5-pglite`) fall back to their figure's number. */
export function budgetOf(id: string): Budget {
  const exact = (BUDGETS as Record<string, Budget>)[id];
  if (exact) return exact;
  const figure = (BUDGETS as Record<string, Budget>)[id.split('-')[0]!];
  if (!figure) throw new Error(`bench/budgets.ts has no budget for figure ${id}`);
  return figure;
}
