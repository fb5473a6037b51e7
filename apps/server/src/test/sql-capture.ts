import type { Database } from '../db/client';

export type Statement = { text: string; params: unknown[] };
type QueryClient = { query(...args: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The SQL statements sent to the database's driver (pg pool or PGlite) while `work` runs, in order, as text and
 * parameters. Used to EXPLAIN what the app really sends and to replay it in benchmarks.
 */
export async function captureStatements<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<{ statements: Statement[]; result: T }> {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    // Both drivers: query(text, params, options) or query({ text, … }, params).
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    statements.push(
      typeof first === 'string'
        ? { text: first, params: second ?? [] }
        : { text: first.text, params: second ?? first.values ?? [] },
    );
    return original.apply(this, args);
  } as QueryClient['query'];
  try {
    return { statements, result: await work() };
  } finally {
    client.query = original;
  }
}

/** Runs `explain (format json)` on a captured statement and returns the plan's nodes, flattened. */
export async function planNodes(database: Database, statement: Statement): Promise<PlanNode[]> {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.params);
  const raw = (rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const [root] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  return nodes;
}

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
