import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../client';
import { parties } from '../schema/parties';
import { users } from '../schema/users';
import { DEMO_ACCOUNTS, DEMO_PARTIES, DEMO_PASSWORD, seedDemoData } from './demo';

describe('demo seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the demo accounts once and nothing on a second run', async () => {
    expect(await seedDemoData(database.db)).toEqual({ created: true });
    expect(await seedDemoData(database.db)).toEqual({ created: false });
    const userRows = await database.db.select().from(users);
    expect(userRows.map((u) => u.email).sort()).toEqual(Object.values(DEMO_ACCOUNTS).sort());
    expect(await database.db.select().from(parties)).toHaveLength(DEMO_PARTIES.length);
  });

  it('links the two customers to two different companies with completed profiles', async () => {
    const rows = await database.db.select().from(users);
    const customers = rows.filter((u) => u.partyId !== null);
    expect(customers).toHaveLength(2);
    expect(new Set(customers.map((c) => c.partyId)).size).toBe(2);
    for (const customer of customers) {
      expect(customer.profileCompletedAt).not.toBeNull();
      expect(customer.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(customer.passwordHash, DEMO_PASSWORD)).toBe(true);
      expect(customer.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });
});
