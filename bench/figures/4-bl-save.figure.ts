// Figure 4: BL save (PUT /cp/bill-of-ladings/{id}/, a four-container bill) p99 at 50 connections, each connection
// saving its own bill over and over, PostgreSQL, through the full app (the HTTP client in a child process of its
// own, save-load-child.ts, so the app's process does only the app's work); the baseline replays the same save's
// statements (captured from the app's own save of that bill: the reads before BEGIN each on a pooled connection, the
// transaction on one) through pg with a pool of the app's size, 50 workers each on its own bill. The replay writes
// what the app writes: the save was captured at a sentinel version, and each replayed save binds the bill's current
// version where the capture had the sentinel (and the next one where it had sentinel + 1); every replayed save must
// write the bill (its write statement answers the bill's id), and after each replay round the bills' versions must
// have moved on by exactly the saves replayed. Alternating rounds, median of the rounds' p99.
// BENCH_CPU_PROFILE=<folder> writes a CPU profile of this process during each app round there (open it in
// Chromium's performance panel or `node --cpu-prof`'s viewers): where the app's time per save goes.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
import { budgetOf } from '../budgets';
import { alternate, type FigureModule, figure, quantile } from '../figure';
import { benchApp } from '../lib';
import { forkChild } from '../load';
import type { SaveRound, SaveRoundAnswer } from '../save-load-child';

const CONNECTIONS = 50;
const SECONDS = 5;
const ROUNDS = 3;
/** The version a bill is set to before its save is captured: no other parameter of a save holds this number. */
const SENTINEL = 987_654_321;

type Template = { text: string; params: (version: number) => unknown[]; isWrite: boolean };

/** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux); null once it has exited. */
function cpuTimeOf(pid: number): number | null {
  try {
    // Fields 14 and 15 (utime, stime), counted after the command's closing parenthesis; USER_HZ is 100 on Linux.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const PROFILES = process.env.BENCH_CPU_PROFILE;
let profileCount = 0;

/** `work`, with this process's CPU profiled meanwhile when BENCH_CPU_PROFILE names a folder. */
async function profiled<T>(side: 'app' | 'replay', work: () => Promise<T>): Promise<T> {
  if (!PROFILES) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILES, { recursive: true });
    writeFileSync(`${PROFILES}/4-${side}-round-${++profileCount}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * A captured statement whose parameters follow the bill's version: the sentinel becomes the version the save is
 * based on, sentinel + 1 the version it writes. Counts the parameters it replaces.
 */
function template(statement: Statement, replaced: { count: number }): Template {
  const slots = statement.params.map((param) => {
    if (param === SENTINEL || param === String(SENTINEL)) return 0;
    if (param === SENTINEL + 1 || param === String(SENTINEL + 1)) return 1;
    if (typeof param === 'string' && param.includes(String(SENTINEL).slice(0, 6)))
      throw new Error(`a captured parameter carries the version inside a text: ${param.slice(0, 120)}`);
    return null;
  });
  replaced.count += slots.filter((slot) => slot !== null).length;
  return {
    text: statement.text,
    params: (version) =>
      statement.params.map((param, i) => {
        const slot = slots[i];
        if (slot === null || slot === undefined) return param;
        const value = version + slot;
        return typeof param === 'string' ? String(value) : value;
      }),
    isWrite: /^\s*with bill as \(\s*update bills_of_lading\b/i.test(statement.text),
  };
}

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
  let saver: Awaited<ReturnType<typeof forkChild<SaveRound, SaveRoundAnswer>>> | undefined;
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

    // Each bill saved through the service (the app's own code path) with the body the rounds will send, so it
    // holds that body as it will in the rounds; then, at the sentinel version, saved again with its statements
    // captured: the save the rounds repeat.
    const caller = createPrincipal((await findPrincipalData(db, userId))!, { requestId: randomUUID() });
    const service = createBillsOfLadingService({ db, voyages: createVoyagesService({ db }) });
    const bodies: Record<number, ReturnType<typeof toUpdatePayload>> = {};
    const transactions: { id: number; statements: Template[] }[] = [];
    const replaced = { count: 0 };
    for (const id of ids) {
      const bill = await service.getBill(caller, id);
      const body = toUpdatePayload(bill, prefillBillForm(bill));
      body.marksAndNos = `BENCH SAVE ${id}`;
      await service.updateBill(caller, id, body, undefined);
      await db.execute(sql`update bills_of_lading set version = ${SENTINEL} where id = ${id}`);
      const captured = await captureClientStatements(() =>
        service.updateBill(caller, id, { ...body, version: SENTINEL }, undefined),
      );
      const statements = captured.map((statement) => template(statement, replaced));
      if (statements.filter((statement) => statement.isWrite).length !== 1)
        throw new Error(`expected one write of the bill among the captured statements of bill ${id}`);
      transactions.push({ id, statements });
      bodies[id] = body;
    }
    const statementsPerSave = transactions[0]!.statements.length;
    const inTransaction =
      statementsPerSave -
      transactions[0]!.statements.findIndex((statement) => /^\s*begin\b/i.test(statement.text));
    // Where each side's CPU goes per save: this process (the app, or the replay's client), the HTTP client's child
    // process (app rounds), and the database's backends (PostgreSQL on this machine).
    const backends = async () =>
      (
        await queryRows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).map((row) => row.pid);
    type Cpu = { self: number; system: number; child: number; database: number; saves: number };
    const cpu = {
      app: { self: 0, system: 0, child: 0, database: 0, saves: 0 },
      replay: { self: 0, system: 0, child: 0, database: 0, saves: 0 },
    };
    // Each backend's CPU time when last read: a backend the pools opened since counts from 0, one that closed (the
    // pools close idle connections) keeps what was read before it did.
    const lastRead = new Map<number, number>();
    const readBackends = async () => {
      let moved = 0;
      for (const pid of new Set([...lastRead.keys(), ...(await backends())])) {
        const now = cpuTimeOf(pid);
        if (now === null) {
          lastRead.delete(pid);
          continue;
        }
        moved += now - (lastRead.get(pid) ?? 0);
        lastRead.set(pid, now);
      }
      return moved;
    };
    const measured = async <T>(into: Cpu, work: () => Promise<{ result: T; saves: number }>): Promise<T> => {
      await readBackends();
      const self = process.cpuUsage();
      const child = into === cpu.app && saver ? (cpuTimeOf(saver.pid) ?? 0) : 0;
      const { result, saves } = await work();
      const used = process.cpuUsage(self);
      into.self += (used.user + used.system) / 1000;
      into.system += used.system / 1000;
      if (into === cpu.app && saver) into.child += (cpuTimeOf(saver.pid) ?? child) - child;
      into.database += await readBackends();
      into.saves += saves;
      return result;
    };
    const perSave = (side: Cpu) =>
      `${((side.self + side.child + side.database) / side.saves).toFixed(2)} ms (process ${(side.self / side.saves).toFixed(2)}, ${(side.system / side.saves).toFixed(2)} of it in the kernel${side.child ? `, HTTP client ${(side.child / side.saves).toFixed(2)}` : ''}, database ${(side.database / side.saves).toFixed(2)})`;
    const readVersions = async () =>
      new Map(
        (
          await queryRows<{ id: number; version: number }>(
            db,
            sql`select id, version from bills_of_lading where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((row) => [row.id, row.version]),
      );

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // The HTTP side runs in a child process (save-load-child.ts): 50 keep-alive connections, each saving its own
    // bill again as soon as the last save answered, off this process, where the app serves them.
    saver = await forkChild<SaveRound, SaveRoundAnswer>('save-load-child.ts');
    let appSaves = 0;
    const appP99 = async () => {
      // The replay rounds move the versions on too.
      const current = await readVersions();
      const answer = await measured(cpu.app, async () => {
        const result = await profiled('app', () =>
          saver!.ask({
            base,
            headers: headers as Record<string, string>,
            seconds: SECONDS,
            bills: ids.map((id) => ({ id, version: current.get(id)!, body: bodies[id]! })),
          }),
        );
        return { result, saves: 'samples' in result ? result.samples.length : 0 };
      });
      if ('error' in answer) throw new Error(`the app's save: ${answer.error}`);
      const after = await readVersions();
      const moved = ids.reduce((sum, id) => sum + (after.get(id)! - current.get(id)!), 0);
      if (moved !== answer.samples.length)
        throw new Error(`the app saved ${answer.samples.length} times but the versions moved ${moved}`);
      appSaves += answer.samples.length;
      return quantile(answer.samples, 0.99);
    };

    pool = new pg.Pool({ connectionString: t.database.url, max: t.app.ctx.env.DB_POOL_SIZE });
    let replayedSaves = 0;
    const replayP99 = async () => {
      const samples: number[] = [];
      const before = await readVersions();
      let saves = 0;
      const until = performance.now() + SECONDS * 1000;
      await measured(cpu.replay, async () => {
        await profiled('replay', () =>
          Promise.all(
            transactions.map(async ({ id, statements }) => {
              let version = before.get(id)!;
              const begin = statements.findIndex((statement) => /^\s*begin\b/i.test(statement.text));
              while (performance.now() < until) {
                const start = performance.now();
                // As the app sent them: the reads before BEGIN each on a pooled connection, the transaction on one.
                for (const statement of statements.slice(0, Math.max(begin, 0)))
                  await pool!.query(statement.text, statement.params(version));
                const client = await pool!.connect();
                try {
                  for (const statement of statements.slice(Math.max(begin, 0))) {
                    const result = await client.query(statement.text, statement.params(version));
                    if (
                      statement.isWrite &&
                      (result.rows[0] as { id: number | null } | undefined)?.id == null
                    )
                      throw new Error(`the replayed save of bill ${id} at version ${version} wrote nothing`);
                  }
                } finally {
                  client.release();
                }
                version += 1;
                saves += 1;
                samples.push(performance.now() - start);
              }
            }),
          ),
        );
        return { result: undefined, saves };
      });
      const after = await readVersions();
      const moved = ids.reduce((sum, id) => sum + (after.get(id)! - before.get(id)!), 0);
      if (moved !== saves) throw new Error(`the replay saved ${saves} times but the versions moved ${moved}`);
      replayedSaves += saves;
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
        budget: budgetOf('4'),
        note: `${statementsPerSave} statements per save (${inTransaction} of them begin … commit); the replay writes: ${replayedSaves} replayed saves each wrote the bill (${replaced.count / ids.length} version parameters per save rebound, versions checked after each round); the app's ${appSaves} saves from a client in a child process; pool ${t.app.ctx.env.DB_POOL_SIZE} both sides; ${ROUNDS} alternating rounds of ${SECONDS} s, app ${result.as.map((v) => v.toFixed(1)).join('/')} vs replay ${result.bs.map((v) => v.toFixed(1)).join('/')} ms; CPU per save, all rounds: app ${perSave(cpu.app)} vs replay ${perSave(cpu.replay)}`,
      }),
    ];
  } finally {
    await pool?.end();
    await saver?.close();
    await t.close();
  }
};
export default blSave;
