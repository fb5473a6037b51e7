// Figure 4: BL save (PUT /cp/bill-of-ladings/{id}/, a four-container bill) p99 at 50 connections, each connection
// saving its own bill over and over, PostgreSQL, through the full app; the baseline replays the same save's
// statements (captured from the app's own save of that bill: the reads before BEGIN each on a pooled connection, the
// transaction on one) through pg with a pool of the app's size, 50 workers each on its own bill. Alternating rounds,
// median of the rounds' p99.
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../apps/server/src/db/client';
import { createPrincipal } from '../../apps/server/src/lib/principal';
import { findPrincipalData } from '../../apps/server/src/modules/access/access.repository';
import { createBillsOfLadingService } from '../../apps/server/src/modules/bills-of-lading/bills-of-lading.service';
import { createVoyagesService } from '../../apps/server/src/modules/voyages';
import { signInAs } from '../../apps/server/src/test/auth';
import type { Statement } from '../../apps/server/src/test/sql-capture';
import { alternate, type FigureModule, figure, quantile } from '../figure';
import { benchApp } from '../lib';

const CONNECTIONS = 50;
const SECONDS = 5;
const ROUNDS = 3;

/** Every statement any pg client sends while `work` runs (a transaction's statements go through its own client). */
async function captureClientStatements(work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    statements.push(
      typeof first === 'string'
        ? { text: first, params: second ?? [] }
        : { text: first.text, params: second ?? first.values ?? [] },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements;
}

const blSave: FigureModule = async (context) => {
  const t = await benchApp('postgres', context.postgresUrl);
  let pool: pg.Pool | undefined;
  let agent: Agent | undefined;
  try {
    const { headers, userId } = await signInAs(t, 'customer');
    const db = t.database.db;
    // 50 copies of the demo's four-container bill, each with its notify parties, containers and cargo rows.
    const [source] = await queryRows<{ id: number }>(
      db,
      sql`select bl_id as id from bl_containers bc join bills_of_lading b on b.id = bc.bl_id
        where b.created_by_id = ${userId} group by bl_id having count(*) = 4 limit 1`,
    );
    const columns = async (table: string, skip: string[]) =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select column_name as name from information_schema.columns where table_name = ${table} order by ordinal_position`,
        )
      )
        .map((c) => `"${c.name}"`)
        .filter((c) => !skip.includes(c))
        .join(', ');
    const billColumns = await columns('bills_of_lading', ['"id"', '"number"']);
    const ids: number[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const [copy] = await queryRows<{ id: number }>(
        db,
        sql.raw(`insert into bills_of_lading (number, ${billColumns}) select 'BENCHSAVE${i}', ${billColumns}
          from bills_of_lading where id = ${source!.id} returning id`),
      );
      for (const table of ['bl_notify_parties', 'bl_containers', 'bl_cargo_details']) {
        const rest = await columns(table, ['"id"', '"bl_id"']);
        await db.execute(
          sql.raw(
            `insert into ${table} (bl_id, ${rest}) select ${copy!.id}, ${rest} from ${table} where bl_id = ${source!.id}`,
          ),
        );
      }
      ids.push(copy!.id);
    }

    // Each bill saved once through the service (the app's own code path) to capture its transaction.
    const caller = createPrincipal((await findPrincipalData(db, userId))!, { requestId: randomUUID() });
    const service = createBillsOfLadingService({ db, voyages: createVoyagesService({ db }) });
    const bodies: Record<number, ReturnType<typeof toUpdatePayload>> = {};
    const transactions: Statement[][] = [];
    for (const id of ids) {
      const bill = await service.getBill(caller, id);
      const body = toUpdatePayload(bill, prefillBillForm(bill));
      body.marksAndNos = `BENCH SAVE ${id}`;
      const statements = await captureClientStatements(() => service.updateBill(caller, id, body, undefined));
      transactions.push(statements);
      bodies[id] = body;
    }
    const statementsPerSave = transactions[0]!.length;
    const inTransaction =
      statementsPerSave - transactions[0]!.findIndex((statement) => /^\s*begin\b/i.test(statement.text));

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const versions = new Map<number, number>();
    // 50 keep-alive connections, each saving its own bill again as soon as the last save answered.
    agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const put = (id: number) =>
      new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify({ ...bodies[id], version: versions.get(id) });
        const request = httpRequest(
          `${base}/cp/bill-of-ladings/${id}/`,
          {
            method: 'PUT',
            agent,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const body = Buffer.concat(chunks).toString();
              if (response.statusCode !== 200)
                return reject(new Error(`${response.statusCode} ${body.slice(0, 200)}`));
              versions.set(id, (JSON.parse(body) as { version: number }).version);
              resolve();
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    const appP99 = async () => {
      // The replay rounds move the versions on too.
      for (const row of await queryRows<{ id: number; version: number }>(
        db,
        sql`select id, version from bills_of_lading where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ))
        versions.set(row.id, row.version);
      const samples: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        ids.map(async (id) => {
          while (performance.now() < until) {
            const start = performance.now();
            await put(id);
            samples.push(performance.now() - start);
          }
        }),
      );
      return quantile(samples, 0.99);
    };

    pool = new pg.Pool({ connectionString: t.database.url, max: t.app.ctx.env.DB_POOL_SIZE });
    const replayP99 = async () => {
      const samples: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        transactions.map(async (statements) => {
          while (performance.now() < until) {
            const start = performance.now();
            // As the app sent them: the reads before BEGIN each on a pooled connection, the transaction on one.
            const begin = statements.findIndex((statement) => /^\s*begin\b/i.test(statement.text));
            for (const statement of statements.slice(0, Math.max(begin, 0)))
              await pool!.query(statement.text, statement.params);
            const client = await pool!.connect();
            try {
              for (const statement of statements.slice(Math.max(begin, 0)))
                await client.query(statement.text, statement.params);
            } finally {
              client.release();
            }
            samples.push(performance.now() - start);
          }
        }),
      );
      return quantile(samples, 0.99);
    };
    await appP99();
    await replayP99();
    const result = await alternate(ROUNDS, appP99, replayP99);
    return [
      figure({
        id: '4',
        name: 'BL save (PUT, four containers) p99, 50 connections each on its own bill, PostgreSQL (ms)',
        value: result.a,
        baseline: result.b,
        budget: { op: '<=', limit: 1.3 },
        note: `${statementsPerSave} statements per save (${inTransaction} of them begin … commit); pool ${t.app.ctx.env.DB_POOL_SIZE} both sides; ${ROUNDS} alternating rounds of ${SECONDS} s, app ${result.as.map((v) => v.toFixed(1)).join('/')} vs replay ${result.bs.map((v) => v.toFixed(1)).join('/')} ms`,
      }),
    ];
  } finally {
    await pool?.end();
    agent?.destroy();
    await t.close();
  }
};
export default blSave;
