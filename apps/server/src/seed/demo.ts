import type { RoleCode } from '@lading/contract/access';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, userOffices, userRoles } from '../db/schema/access';
import { companyMemberships, parties } from '../db/schema/companies';
import { totpFactors } from '../db/schema/identity';
import { offices } from '../db/schema/offices';
import { ports } from '../db/schema/reference-data';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { sealTotpSecret } from '../modules/identity';
import { seedDemoEvents } from '../modules/tracking';
import { seedDemoBills } from './demo-bills';
import { seedDemoQuotations } from './demo-quotations';
import { pickDemoSailings, seedDemoSailingHistory } from './demo-sailings';
import { seedDemoInlandTariffs, seedDemoTariffs } from './demo-tariffs';
import { seedDemoVoyages } from './demo-voyages';

export const DEMO_PASSWORD = 'Lading-demo-2026';
/**
 * The demo staff accounts' authenticator-app secret (base32, RFC 6238: SHA-1, 6 digits, 30 s), published in the README
 * beside the demo password so a walkthrough can sign in with any authenticator app. Demo data only: staff must use a
 * second factor (decision 023); the demo customers have none.
 */
export const DEMO_TOTP_SECRET = 'LADINGDEMOSTAFFTOTPSECRETKEY2345';
export const DEMO_ACCOUNTS = {
  customer: 'customer@demo.lading.test',
  customer2: 'customer2@demo.lading.test',
  /** Carrier administrator at the corporate office (TSX); also works for the Chennai branch (office switcher). */
  admin: 'admin@demo.lading.test',
  /** Carrier staff of the Chennai branch (MAA) only: sees the Chennai bills and no others. */
  branchAdmin: 'branch.admin@demo.lading.test',
} as const;

/** The demo offices: the corporate office and one branch, each with the port it serves. */
const DEMO_OFFICES = [
  { code: 'TSX', name: 'Lading Corporate Office, Mumbai', isCorporate: true, port: 'INNSA' },
  { code: 'MAA', name: 'Lading Chennai Branch', isCorporate: false, port: 'INMAA' },
] as const;

/** Roles and offices of each demo account (the first office is the selected one). */
const DEMO_ACCESS: Record<keyof typeof DEMO_ACCOUNTS, { role: RoleCode; offices: string[] }> = {
  customer: { role: 'CUSTOMER', offices: [] },
  customer2: { role: 'CUSTOMER', offices: [] },
  admin: { role: 'CARRIER_ADMIN', offices: ['TSX', 'MAA'] },
  branchAdmin: { role: 'CARRIER_STAFF_BRANCH', offices: ['MAA'] },
};

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

/** Whether the demo accounts are in this database (seeded at an earlier start, or by `npm run seed:demo`). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin))
    .limit(1);
  return existing.length > 0;
}

/**
 * Seeds the demo companies and accounts. Idempotent: rows are keyed by natural keys (party code, e-mail), so a
 * second run inserts nothing. Returns whether this run created the demo accounts. Tariffs, sailings, bills and
 * quotations are dated from `now`, the seeding time (a test seeds as if earlier). With the `sessionSecret` the server
 * runs with, the staff accounts come with their authenticator app (DEMO_TOTP_SECRET, sealed with it); without it
 * they have none and set one up at their first sign-in (tests that seed before their app exists).
 */
export async function seedDemoData(
  db: Db,
  options: { now?: Date; sessionSecret?: string } = {},
): Promise<{ created: boolean }> {
  const now = options.now ?? new Date();
  if (await hasDemoData(db)) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx
      .insert(parties)
      .values(DEMO_PARTIES.map((party) => ({ ...party, roles: [...party.roles] })))
      .onConflictDoNothing({ target: parties.code });
    const partyRows = await tx.select({ id: parties.id, code: parties.code }).from(parties);
    const partyId = (code: string) => partyRows.find((row) => row.code === code)?.id ?? null;
    const portRows = await tx
      .select({ id: ports.id, code: ports.code })
      .from(ports)
      .where(
        inArray(
          ports.code,
          DEMO_OFFICES.map((o) => o.port),
        ),
      );
    for (const office of DEMO_OFFICES) {
      const portId = portRows.find((p) => p.code === office.port)?.id ?? null;
      await tx
        .insert(offices)
        .values({ code: office.code, name: office.name, isCorporate: office.isCorporate, portId })
        .onConflictDoUpdate({ target: offices.code, set: { portId } });
    }
    const officeRows = await tx.select({ id: offices.id, code: offices.code }).from(offices);
    const officeId = (code: string) => officeRows.find((o) => o.code === code)!.id;
    const inserted = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.admin,
          username: DEMO_ACCOUNTS.admin,
          firstName: 'Asha',
          lastName: 'Admin',
          passwordHash,
          emailVerifiedAt: now,
          profileCompletedAt: now,
          selectedOfficeId: officeId('TSX'),
        },
        {
          email: DEMO_ACCOUNTS.branchAdmin,
          username: DEMO_ACCOUNTS.branchAdmin,
          firstName: 'Bala',
          lastName: 'Branch',
          passwordHash,
          emailVerifiedAt: now,
          profileCompletedAt: now,
          selectedOfficeId: officeId('MAA'),
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
    const roleRows = await tx.select({ id: roles.id, code: roles.code }).from(roles);
    for (const [account, access] of Object.entries(DEMO_ACCESS)) {
      const userId = idOf(DEMO_ACCOUNTS[account as keyof typeof DEMO_ACCOUNTS]);
      if (!userId) continue;
      await tx.insert(userRoles).values({ userId, roleId: roleRows.find((r) => r.code === access.role)!.id });
      if (access.role !== 'CUSTOMER' && options.sessionSecret)
        await tx.insert(totpFactors).values({
          userId,
          secretSealed: sealTotpSecret(DEMO_TOTP_SECRET, options.sessionSecret),
          confirmedAt: now,
        });
      if (access.offices.length)
        await tx
          .insert(userOffices)
          .values(access.offices.map((code) => ({ userId, officeId: officeId(code) })));
    }
    // The demo customers are approved members of their companies.
    const members = await tx
      .select({ userId: users.id, partyId: users.partyId })
      .from(users)
      .where(
        inArray(
          users.id,
          inserted.map((row) => row.id),
        ),
      );
    const approved = members.filter((m): m is { userId: number; partyId: number } => m.partyId !== null);
    if (approved.length)
      await tx
        .insert(companyMemberships)
        .values(approved.map((m) => ({ ...m, status: 'APPROVED' as const, decidedAt: now })));
    const customer = idOf(DEMO_ACCOUNTS.customer);
    const customer2 = idOf(DEMO_ACCOUNTS.customer2);
    await seedDemoTariffs(tx, now);
    await seedDemoInlandTariffs(tx, now);
    await seedDemoVoyages(tx, now);
    const admin = idOf(DEMO_ACCOUNTS.admin);
    if (customer && customer2 && admin) {
      const { sailings, rolledFrom } = await pickDemoSailings(tx, now);
      const seeded = await seedDemoBills(tx, { customer, customer2 }, sailings, now);
      await seedDemoSailingHistory(tx, { adminId: admin, seeded, sailings, rolledFrom }, now);
      // Track and trace (issue 30): every demo shipment's container moves up to now, and what is expected next.
      await seedDemoEvents(tx, now);
      await seedDemoQuotations(tx, { customer, customer2 }, now);
    }
    return { created: inserted.length > 0 };
  });
}
