import type { User } from '@lading/contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { roles, userRoles } from '../../db/schema/access';
import { companyMemberships, parties } from '../../db/schema/companies';
import { users } from '../../db/schema/users';

/** The company of a pending membership request (only its name is shown until it is approved). */
const requestedParty = alias(parties, 'requested_party');

const userWithParty = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  /** Holds a carrier-staff role: `is_admin` in the user read (specification section 3). */
  isStaff: sql<boolean>`coalesce((select bool_or(r.is_staff) from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}), false)`,
  emailVerifiedAt: users.emailVerifiedAt,
  partyId: users.partyId,
  contactNumber: users.contactNumber,
  address: users.address,
  country: users.country,
  profileCompletedAt: users.profileCompletedAt,
  partyName: parties.name,
  partyCode: parties.code,
  partyExternalId: parties.externalId,
  membershipStatus: companyMemberships.status,
  requestedPartyId: companyMemberships.partyId,
  requestedPartyName: requestedParty.name,
};

/**
 * The read fragment the users module lends for the user read of section 3 (sign-in's answer, the profile): the
 * account with its company, its pending membership request and whether it is carrier staff. Callers add the `where`.
 */
export const selectUserRead = (db: Db | Tx) =>
  db
    .select(userWithParty)
    .from(users)
    .leftJoin(parties, eq(parties.id, users.partyId))
    .leftJoin(companyMemberships, eq(companyMemberships.userId, users.id))
    .leftJoin(requestedParty, eq(requestedParty.id, companyMemberships.partyId));

type UserReadRow = Awaited<ReturnType<typeof selectUserRead>>[number];

/**
 * The user read (section 3). An approved member gets the company's id, name and code; a pending member only the
 * id and name of the company they asked for; `companyStatus` says which.
 */
export function toUser(row: UserReadRow): User {
  const pending = row.membershipStatus === 'PENDING';
  return {
    id: row.id,
    is_admin: row.isStaff,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    party: pending ? row.requestedPartyId : row.partyId,
    party_name: pending ? row.requestedPartyName : row.partyName,
    party_code: pending ? null : row.partyCode,
    companyStatus: pending ? 'PENDING' : row.partyId !== null ? 'APPROVED' : null,
  };
}
