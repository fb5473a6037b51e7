// `npm run demo:advance`: makes the next expected step of every demo shipment happen now (issue 30), as the demo's
// carrier administrator, with the milestone notices a running server then delivers (bell, e-mail). On the embedded
// database (PGlite) stop the server first, or call POST /cp/admin/equipment-events/demo-advance/ as staff instead.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { loadEnv } from '../env';
import { createPrincipal } from '../lib/principal';
import { createAccessService } from '../modules/access';
import { createTrackingService } from '../modules/tracking';
import { DEMO_ACCOUNTS } from './demo';

const env = loadEnv();
const database = await openDatabase(env.database);
try {
  const [admin] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin));
  const data = admin ? await createAccessService({ db: database.db }).loadPrincipal(admin.id) : null;
  if (!data) throw new Error('No demo data here: run `npm run seed:demo` first.');
  const caller = createPrincipal(data, { requestId: randomUUID() });
  const { advanced } = await createTrackingService({ db: database.db }).advanceDemo(caller);
  console.log(`${advanced} demo container moves happened now.`);
} finally {
  await database.close();
}
