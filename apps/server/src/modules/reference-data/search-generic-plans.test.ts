// The typeahead and list searches as prepared statements after their sixth run (issue 29). PostgreSQL plans a
// prepared statement with its values five times, then may switch to one generic plan made without them (and
// node-postgres sends the port typeahead as a named prepared statement). In a generic plan nothing is folded
// at planning time: a search term folded in SQL by `translate()` over ~500 accented letters was then folded
// again for every row the scan read, and the port typeahead went from about 1 ms to 15–26 ms on the seeded
// 1,662 ports. Here each search's statement, as the app sends it (captured from a real request), is PREPAREd,
// run six times, then EXPLAINed with the plan PostgreSQL chose and with the generic plan forced: neither may
// evaluate `translate()` — the term arrives folded (db/text-search.ts, `foldedTerm`). A plan shape, not a time,
// so the test holds on a loaded machine.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { parties } from '../../db/schema/companies';
import { foldedSql, foldedTerm } from '../../db/text-search';
import { signInAs } from '../../test/auth';
import { captureStatements, type Statement } from '../../test/sql-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A parameter as an SQL literal for EXECUTE (text, numbers and booleans are all the searches bind). */
function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`unexpected parameter ${JSON.stringify(value)}`);
}

/**
 * The plans of `statement` as a prepared statement after six runs: the one PostgreSQL chooses for the seventh run
 * (`plan_cache_mode` auto) and the generic one. One connection (a transaction), deallocated afterwards.
 */
async function plansAfterSixRuns(database: Database, statement: Statement) {
  const args = statement.params.length ? `(${statement.params.map(literal).join(', ')})` : '';
  return database.db.transaction(async (tx) => {
    const run = (text: string) => queryRows<Record<string, string>>(tx, sql.raw(text));
    const explain = async () =>
      (await run(`explain (verbose, costs off) execute lading_search_plan${args}`))
        .map((row) => Object.values(row)[0]!)
        .join('\n');
    await run(`prepare lading_search_plan as ${statement.text}`);
    const first = await run(`execute lading_search_plan${args}`);
    for (let i = 0; i < 5; i++) await run(`execute lading_search_plan${args}`);
    const chosen = await explain();
    await run('set local plan_cache_mode = force_generic_plan');
    const generic = await explain();
    const seventh = await run(`execute lading_search_plan${args}`);
    await run('deallocate lading_search_plan');
    return { chosen, generic, first, seventh };
  });
}

/** The plan lines that fold text per execution of the node (long literals shortened). */
const translateLines = (plan: string) =>
  plan
    .split('\n')
    .filter((line) => /translate\(/.test(line))
    .map((line) => line.trim().replace(/'[^']{40,}'::text/g, "'…'::text"));

describe('searches as prepared statements after five runs (generic plans)', () => {
  let t: TestApp;
  let customer: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    await t.database.db
      .insert(parties)
      .values([{ code: 'SAOPAULO', name: 'Companhia São Paulo Exportação', roles: ['CN'] }]);
  });
  afterAll(async () => t?.close());

  const SEARCHES: { name: string; url: string; as: 'customer' | 'admin'; table: RegExp }[] = [
    {
      name: 'port typeahead, substring term',
      url: '/core/base/v1/ports/?limit=5&name=rotterdam&portType=SP,DP',
      as: 'customer',
      table: /from "ports"/,
    },
    {
      name: 'port typeahead, two-letter prefix',
      url: '/core/base/v1/ports/?limit=5&name=ch&portType=SP,DP',
      as: 'customer',
      table: /from "ports"/,
    },
    {
      name: 'country search',
      url: '/core/base/v1/countries/?query=indi',
      as: 'customer',
      table: /from "countries"/,
    },
    {
      name: 'party typeahead',
      url: '/core/base/v1/parties/?name=são',
      as: 'customer',
      table: /from "parties"/,
    },
    {
      name: 'HS code search',
      url: '/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=live',
      as: 'customer',
      table: /from "hs_codes"/,
    },
    {
      name: 'company list search',
      url: '/cp/admin/companies/?search=sao',
      as: 'admin',
      table: /from parties p/,
    },
    {
      name: 'carrier desk search by company',
      url: '/cp/dashboard-admin/search/?query=paulo',
      as: 'admin',
      table: /search_name/,
    },
  ];

  it.each(SEARCHES)('$name: no per-row fold of the term in the plan after six runs', async (search) => {
    const { statements, result } = await captureStatements(t.database, () =>
      t.app.inject({ method: 'GET', url: search.url, headers: search.as === 'admin' ? admin : customer }),
    );
    expect(result.statusCode, result.body).toBe(200);
    const searches = statements.filter((s) => search.table.test(s.text) && /search_/.test(s.text));
    expect(searches.length).toBeGreaterThan(0);
    for (const statement of searches) {
      const { chosen, generic, first, seventh } = await plansAfterSixRuns(t.database, statement);
      expect(translateLines(chosen)).toEqual([]);
      expect(translateLines(generic)).toEqual([]);
      // The generic plan answers what the first run answered.
      expect(seventh).toEqual(first);
    }
  });

  it('a term folded by foldedTerm equals the same term folded by translate() in the database', async () => {
    let letters = 'Москва ÆSTHETIC Łódź ß İstanbul ';
    for (const [from, to] of [
      [0xa0, 0x2ff],
      [0x1e00, 0x1eff],
    ] as const)
      for (let codePoint = from; codePoint <= to; codePoint++) letters += String.fromCodePoint(codePoint);
    const [row] = await queryRows<{ inDatabase: string; here: string }>(
      t.database.db,
      sql`select ${foldedSql(sql`${letters}`)} as "inDatabase", ${foldedTerm(letters)} as here`,
    );
    expect(row!.here).toBe(row!.inDatabase);
    expect(row!.here).toContain('lodz');
  });

  it('the searches find what they should with a generic plan (accents, case)', async () => {
    const { statements } = await captureStatements(t.database, () =>
      t.app.inject({ method: 'GET', url: '/core/base/v1/parties/?name=SÃO', headers: customer }),
    );
    const [statement] = statements.filter((s) => /from "parties"/.test(s.text));
    const { seventh } = await plansAfterSixRuns(t.database, statement!);
    expect(seventh.map((row) => row.code)).toEqual(['SAOPAULO']);
  });
});
