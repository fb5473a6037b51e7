import { ACCOUNT_MESSAGES, type UpdateProfileBody, type UserProfile } from '@lading/contract/accounts';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { publishEvent } from '../../lib/domain-events';
import { consumeLinkToken, issueLinkToken } from '../../lib/link-tokens';
import { hashPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import type { CompaniesService } from '../companies';
import type { IdentityService } from '../identity';
import { enqueueMail, passwordChangedMail, resetPasswordMail } from '../mail';
import { toUser, type UsersService } from '../users';
import { checkPasswordPolicy } from './password-policy';
import * as repo from './profile.repository';

countries.registerLocale(english);

const RESET_TTL_MS = 30 * 60 * 1000;

type ProfileRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

function toUserProfile(row: ProfileRow): UserProfile {
  const user = toUser(row);
  const approved = user.companyStatus === 'APPROVED';
  return {
    ...user,
    contactNumber: row.contactNumber,
    address: row.address,
    country: row.country,
    partyName: user.party_name,
    partyExternalId: approved ? row.partyExternalId : null,
    partyCode: approved ? row.partyCode : null,
  };
}

/** The user's own record: the profile (and whether it is still to be completed) and the password. */
export function createProfileService(deps: {
  db: Db;
  env: Env;
  kickMail: () => void;
  companies: Pick<CompaniesService, 'requestMembership'>;
  identity: Pick<IdentityService, 'checkPassword' | 'clearPasswordFailures' | 'endSessionsOf'>;
  users: Pick<UsersService, 'updateAccount'>;
}) {
  const { db, env, companies, identity, users } = deps;

  /** Anyone sees their own user; other users only staff with ADMIN.USER.VIEW. Otherwise 404, to reveal nothing. */
  async function getVisibleUser(caller: Principal, id: number) {
    if (caller.userId !== id && !caller.can({ module: 'ADMIN', resource: 'USER', operation: 'VIEW' }))
      throw notFound('User');
    const row = await repo.findUserById(db, id);
    if (!row) throw notFound('User');
    return row;
  }

  /** Mails the owner that their password changed, with a reset link in case it was not them (in the transaction). */
  async function tellPasswordChanged(tx: Tx, user: { email: string; firstName: string }) {
    await enqueueMail(tx, {
      to: [user.email],
      ...passwordChangedMail({
        firstName: user.firstName,
        at: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        resetLink: `${env.publicUrl}/app-forgot-password`,
      }),
    });
  }

  return {
    async checkFirstLogin(caller: Principal, id: number): Promise<{ isFirstLogin: boolean }> {
      const row = await getVisibleUser(caller, id);
      return { isFirstLogin: !row.isStaff && row.profileCompletedAt === null };
    },

    async getUserProfile(caller: Principal, id: number): Promise<UserProfile> {
      return toUserProfile(await getVisibleUser(caller, id));
    },

    /**
     * Completes or updates the profile. Picking another company than the current one makes the user its pending
     * member (companies service), in the same transaction as the rest of the profile.
     */
    async updateProfile(caller: Principal, id: number, body: UpdateProfileBody): Promise<UserProfile> {
      if (body.id !== id)
        throw new AppError('VALIDATION_FAILED', 'id: must match the user in the address', {
          fields: { id: 'must match the user in the address' },
        });
      // Another user's profile is out of the caller's scope: 404, as for any record, revealing nothing.
      if (caller.userId !== id) throw notFound('User');
      const countryCode = countries.getAlpha2Code(body.country, 'en');
      if (!countryCode)
        throw new AppError('VALIDATION_FAILED', 'country: Please pick a country from the list', {
          fields: { country: 'Please pick a country from the list' },
        });
      await db.transaction(async (tx) => {
        await companies.requestMembership(tx, caller, body.party);
        await users.updateAccount(tx, id, {
          country: countries.getName(countryCode, 'en') ?? body.country,
          contactNumber: body.contact_number,
          address: body.address,
          profileCompletedAt: new Date(),
        });
      });
      return toUserProfile((await repo.findUserById(db, id))!);
    },

    /**
     * Forgot password: the request itself only records the ask (one insert, the same for any address), so neither
     * the answer nor its timing tells whether the address has an account. The domain-event dispatcher then mails a
     * link if it does (sendResetLink), in its own transaction, exactly once.
     */
    async forgotPassword(email: string): Promise<{ message: string }> {
      await db.transaction((tx) =>
        publishEvent(tx, null, {
          type: 'PASSWORD_RESET_REQUESTED',
          recordType: 'ACCOUNT',
          recordId: 0,
          payload: { email: email.trim() },
        }),
      );
      deps.kickMail();
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },

    /** The PASSWORD_RESET_REQUESTED handler: a single-use, 30-minute link to an account's address, if there is one. */
    async sendResetLink(tx: Tx, email: string): Promise<void> {
      const user = await repo.findUserByEmail(tx, email);
      if (!user) return;
      const token = await issueLinkToken(tx, {
        userId: user.id,
        purpose: 'reset-password',
        ttlMs: RESET_TTL_MS,
      });
      const link = `${env.publicUrl}/app-reset-password?token=${token}`;
      await enqueueMail(tx, { to: [user.email], ...resetPasswordMail({ firstName: user.firstName, link }) });
    },

    /** A new password with a live reset link: the link proves the address too; every session ends. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, token, 'reset-password');
        if (!userId)
          throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid, {
            fields: { token: ACCOUNT_MESSAGES.linkInvalid },
          });
        const user = await repo.findUserById(tx, userId);
        const policy = checkPasswordPolicy(password, {
          email: user?.email,
          username: user?.username,
          firstName: user?.firstName,
          lastName: user?.lastName,
        });
        if (policy) throw new AppError('VALIDATION_FAILED', policy, { fields: { password: policy } });
        // Following the link proves the address, too.
        await users.updateAccount(tx, userId, {
          passwordHash,
          emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
        });
        await identity.clearPasswordFailures(tx, userId);
        await identity.endSessionsOf(tx, userId, 'password-reset');
        if (user) await tellPasswordChanged(tx, user);
        await recordAudit(tx, null, {
          module: 'CP',
          recordType: 'USER',
          recordId: userId,
          action: 'PASSWORD_RESET',
          comment: 'with a reset link; every session ended',
        });
      });
      deps.kickMail();
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },

    /** Needs the current password (under sign-in's per-account throttle); other devices are signed out. */
    async changePassword(
      caller: Principal,
      id: number,
      body: { current_password: string; new_password: string },
    ): Promise<{ message: string }> {
      if (caller.userId !== id) throw notFound('User');
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound('User');
      // The same per-account throttle as sign-in: a stolen session cannot guess the current password.
      if (!(await identity.checkPassword(row, row.email, body.current_password))) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentPasswordWrong, {
          fields: { current_password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      }
      const policy = checkPasswordPolicy(body.new_password, {
        email: row.email,
        username: row.username,
        firstName: row.firstName,
        lastName: row.lastName,
      });
      if (policy) throw new AppError('VALIDATION_FAILED', policy, { fields: { new_password: policy } });
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await users.updateAccount(tx, id, { passwordHash });
        // Other devices are signed out; this one keeps its session.
        await identity.endSessionsOf(tx, id, 'password-changed', caller.grantId);
        await tellPasswordChanged(tx, row);
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'USER',
          recordId: id,
          action: 'PASSWORD_CHANGED',
          comment: 'other sessions ended',
        });
      });
      deps.kickMail();
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
