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
  const { created } = await seedDemoData(database.db);
  console.log(created ? 'Demo data seeded.' : 'Demo data was already there; nothing changed.');
} finally {
  await database.close();
}
