import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { parties } from '../schema/parties';
import { users } from '../schema/users';
import { seedDemoBills } from './demo-bills';

export const DEMO_PASSWORD = 'Lading-demo-2026';
export const DEMO_ACCOUNTS = {
  customer: 'customer@demo.lading.test',
  customer2: 'customer2@demo.lading.test',
  admin: 'admin@demo.lading.test',
} as const;

/** Demo companies. The first two are the demo customers' own; the rest appear as shippers, consignees and notify parties. */
export const DEMO_PARTIES = [
  {
    code: 'DEMOEXP',
    externalId: 'P-100001',
    name: 'Demo Exports Pvt Ltd',
    roles: ['CO', 'OS'],
    mobile: '+912266001100',
    emailId: 'docs@demoexports.example',
    address: 'Plot 14, MIDC Andheri East, Mumbai 400093, India',
    countryCode: 'IN',
  },
  {
    code: 'HARBOUR',
    externalId: 'P-100002',
    name: 'Harbour Traders LLP',
    roles: ['CO', 'OS', 'CN'],
    mobile: '+914428550200',
    emailId: 'shipping@harbourtraders.example',
    address: '22 Rajaji Salai, Chennai 600001, India',
    countryCode: 'IN',
  },
  {
    code: 'GULFIMP',
    externalId: 'P-100003',
    name: 'Gulf Imports FZE',
    roles: ['CN', 'N'],
    mobile: '+97148830400',
    emailId: 'imports@gulfimports.example',
    address: 'Jebel Ali Free Zone, Dubai, United Arab Emirates',
    countryCode: 'AE',
  },
  {
    code: 'ROTTDIST',
    externalId: 'P-100004',
    name: 'Rotterdam Distribution BV',
    roles: ['CN', 'N'],
    mobile: '+31102140500',
    emailId: 'inbound@rotdist.example',
    address: 'Waalhaven Zuidzijde 19, 3089 JH Rotterdam, Netherlands',
    countryCode: 'NL',
  },
  {
    code: 'SWIFTCHA',
    externalId: 'P-100005',
    name: 'Swift Customs Brokers',
    roles: ['CHA'],
    mobile: '+912227570600',
    emailId: 'clearance@swiftcha.example',
    address: 'Nhava Sheva, Navi Mumbai 400707, India',
    countryCode: 'IN',
  },
  {
    code: 'BLUEFWD',
    externalId: 'P-100006',
    name: 'Blue Ocean Forwarding',
    roles: ['DDR', 'N'],
    mobile: '+6562250700',
    emailId: 'ops@blueocean.example',
    address: '1 Harbourfront Avenue, Singapore 098632',
    countryCode: 'SG',
  },
  {
    code: 'HAMBURGT',
    externalId: 'P-100007',
    name: 'Hamburg Trading GmbH',
    roles: ['CN'],
    mobile: '+494030080800',
    emailId: 'import@hhtrading.example',
    address: 'Am Sandtorkai 50, 20457 Hamburg, Germany',
    countryCode: 'DE',
  },
  {
    code: 'NEWCO',
    externalId: 'P-100008',
    name: 'Newco Logistics (pending approval)',
    roles: ['CO'],
    status: 'PENDING',
    mobile: '+918045000900',
    emailId: 'hello@newco.example',
    address: 'Whitefield, Bengaluru 560066, India',
    countryCode: 'IN',
  },
] as const;

/**
 * Seeds the demo companies and accounts. Idempotent: rows are keyed by natural keys (party code, e-mail), so a
 * second run inserts nothing. Returns whether this run created the demo accounts.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean }> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin))
    .limit(1);
  if (existing.length > 0) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx
      .insert(parties)
      .values(DEMO_PARTIES.map((party) => ({ ...party, roles: [...party.roles] })))
      .onConflictDoNothing({ target: parties.code });
    const partyRows = await tx.select({ id: parties.id, code: parties.code }).from(parties);
    const partyId = (code: string) => partyRows.find((row) => row.code === code)?.id ?? null;
    const now = new Date();
    const inserted = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.admin,
          username: DEMO_ACCOUNTS.admin,
          firstName: 'Asha',
          lastName: 'Admin',
          passwordHash,
          isAdmin: true,
          emailVerifiedAt: now,
          profileCompletedAt: now,
        },
        {
          email: DEMO_ACCOUNTS.customer,
          username: DEMO_ACCOUNTS.customer,
          firstName: 'Dev',
          lastName: 'Customer',
          passwordHash,
          emailVerifiedAt: now,
          partyId: partyId('DEMOEXP'),
          contactNumber: '+919820012345',
          address: 'Plot 14, MIDC Andheri East, Mumbai 400093',
          country: 'India',
          profileCompletedAt: now,
        },
        {
          email: DEMO_ACCOUNTS.customer2,
          username: DEMO_ACCOUNTS.customer2,
          firstName: 'Hema',
          lastName: 'Trader',
          passwordHash,
          emailVerifiedAt: now,
          partyId: partyId('HARBOUR'),
          contactNumber: '+919840054321',
          address: '22 Rajaji Salai, Chennai 600001',
          country: 'India',
          profileCompletedAt: now,
        },
      ])
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => inserted.find((row) => row.email === email)?.id;
    const customer = idOf(DEMO_ACCOUNTS.customer);
    const customer2 = idOf(DEMO_ACCOUNTS.customer2);
    if (customer && customer2) await seedDemoBills(tx, { customer, customer2 });
    return { created: inserted.length > 0 };
  });
}
