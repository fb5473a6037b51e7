// Bills of lading: server time to read one bill (GET cp/bill-of-ladings/{id}) and to save it
// (PUT cp/bill-of-ladings/{id}/) through the full app (app.inject: auth hook, zod validation and serialisation),
// against the same service calls made directly (no HTTP layer), measured alternately in the same run, on the
// four-container demo bill.
import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { createPrincipal } from '../apps/server/src/lib/principal';
import { findPrincipalData } from '../apps/server/src/modules/access/access.repository';
import { createBillsOfLadingService } from '../apps/server/src/modules/bills-of-lading/bills-of-lading.service';
import { signInAs } from '../apps/server/src/test/auth';
import { createTestApp } from '../apps/server/src/test/test-app';
import { type Timing, timing } from './lib';

export type BlSaveResult = {
  engine: string;
  reads: number;
  saves: number;
  readDirect: Timing;
  readApp: Timing;
  saveDirect: Timing;
  saveApp: Timing;
};

export async function benchBlSave(iterations = 200): Promise<BlSaveResult> {
  const t = await createTestApp();
  try {
    const { headers, userId } = await signInAs(t, 'customer');
    // The same principal the auth hook builds for this user.
    const caller = createPrincipal((await findPrincipalData(t.database.db, userId))!, { requestId: 'bench' });
    const service = createBillsOfLadingService({ db: t.database.db });
    const { results } = await service.findBills(caller, {
      bl_number: 'LDG26110004',
      skip: 0,
      limit: 1,
      sort: 'number',
      order: 'asc',
    });
    const id = results[0]!.id;
    const readDirect: number[] = [];
    const readApp: number[] = [];
    const saveDirect: number[] = [];
    const saveApp: number[] = [];
    for (let i = 0; i < iterations + 10; i++) {
      const warm = i < 10;
      let start = performance.now();
      const bill = await service.getBill(caller, id);
      if (!warm) readDirect.push(performance.now() - start);
      start = performance.now();
      const res = await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers });
      if (!warm) readApp.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`GET failed: ${res.statusCode}`);

      const body = toUpdatePayload(bill, prefillBillForm(bill));
      body.marksAndNos = `BENCH ${i}`;
      start = performance.now();
      const saved = await service.updateBill(caller, id, body, undefined);
      if (!warm) saveDirect.push(performance.now() - start);
      const next = toUpdatePayload(saved, prefillBillForm(saved));
      next.marksAndNos = `BENCH APP ${i}`;
      start = performance.now();
      const put = await t.app.inject({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${id}/`,
        headers,
        payload: next,
      });
      if (!warm) saveApp.push(performance.now() - start);
      if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
    }
    return {
      engine: t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)',
      reads: iterations,
      saves: iterations,
      readDirect: timing(readDirect),
      readApp: timing(readApp),
      saveDirect: timing(saveDirect),
      saveApp: timing(saveApp),
    };
  } finally {
    await t.close();
  }
}
