import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users';
import { DEMO_ACCOUNTS, seedDemoData } from '../db/seed/demo';
import { newToken, type TestApp } from './test-app';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/**
 * Signs a demo account in and returns the headers for API calls. Seeds the demo data on first use.
 * Callers depend only on this signature; how the token is obtained is this file's business.
 */
export async function signInAs(
  t: TestApp,
  who: DemoAccount,
): Promise<{ headers: { authorization: string }; userId: number; partyId: number | null }> {
  await seedDemoData(t.database.db);
  const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[who]));
  if (!user) throw new Error(`demo account ${who} is missing`);
  const token = newToken();
  t.tokens.set(token, { id: user.id, isAdmin: user.isAdmin, partyId: user.partyId, email: user.email });
  return { headers: { authorization: `Bearer ${token}` }, userId: user.id, partyId: user.partyId };
}
