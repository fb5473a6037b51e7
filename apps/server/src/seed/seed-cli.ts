// `npm run seed:demo`: adds the demo companies and accounts to the configured database (PostgreSQL included).

import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { seedAccessModel } from '../modules/access';
import { seedReferenceData } from '../modules/reference-data';
import { seedDemoData } from './demo';

const env = loadEnv();
const database = await openDatabase(env.database);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedAccessModel(database.db);
  if (env.database.kind === 'postgres' && !env.SESSION_SECRET)
    console.warn(
      "SESSION_SECRET is not set: the demo staff accounts' authenticator app is sealed with a throwaway secret, and the server will not read it. Set SESSION_SECRET for both.",
    );
  const { created } = await seedDemoData(database.db, { sessionSecret: env.sessionSecret });
  console.log(created ? 'Demo data seeded.' : 'Demo data was already there; nothing changed.');
} finally {
  await database.close();
}
