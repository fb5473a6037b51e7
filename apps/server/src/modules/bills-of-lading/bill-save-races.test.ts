import { type BillOfLading, prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
if (!onPostgres)
  console.warn('BL save races skipped (need DATABASE_URL=postgres://…; PGlite has one connection)');

/**
 * The save checks references before BEGIN (issue 11, figure 4). A notify company's active flag lives on its own row
 * and does not move the bill's version, so the transaction must check it again under a share lock.
 */
describe.skipIf(!onPostgres)('BL save racing a company deactivation (PostgreSQL)', () => {
  let t: TestApp;
  let customer: Headers;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
  });
  afterAll(async () => t.close());

  const get = async (id: number): Promise<BillOfLading> =>
    (await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers: customer })).json();
  const byNumber = async (n: string) =>
    get(
      (
        await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/?bl_number=${n}`, headers: customer })
      ).json().results[0].id,
    );

  it('a company deactivated while the save waits for the bill’s lock is refused (400 naming the field), not stored', async () => {
    const bill = await byNumber('LDG26110004');
    const [party] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from parties where is_active order by id limit 1`,
    );
    const body = toUpdatePayload(bill, prefillBillForm(bill));
    body.blNotifyPartyDetails = [
      {
        partyId: party!.id,
        isNonParty: false,
        nonParty: '',
        partyNameInBl: 'X',
        address: null,
        mobile: '',
        email: '',
      },
    ];
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      // Another transaction holds the bill's row (as printing a draft does) while the save passes its checks.
      await holder.query('begin');
      await holder.query(
        'update bills_of_lading set no_of_draft_printed = no_of_draft_printed + 1 where id = $1',
        [bill.id],
      );
      const pending = t.app.inject({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${bill.id}/`,
        headers: customer,
        payload: body as object,
      });
      await expect
        .poll(async () =>
          Number(
            (
              await holder.query(
                "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
              )
            ).rows[0].count,
          ),
        )
        .toBe(1);
      await t.database.db.execute(sql`update parties set is_active = false where id = ${party!.id}`);
      await holder.query('commit');
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({
        'blNotifyPartyDetails.0.partyId': 'is not a known, active company',
      });
      const stored = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bl_notify_parties where bl_id = ${bill.id} and party_id = ${party!.id}`,
      );
      expect(stored[0]!.n).toBe(0);
    } finally {
      await holder.end();
    }
  });
});
