import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type SignUpBody,
  type UpdateProfileBody,
  type User,
  type UserProfile,
} from '@lading/contract/accounts';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { AppError, notFound } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/database-errors';
import { publishEvent } from '../../lib/domain-events';
import { consumeLinkToken, issueLinkToken } from '../../lib/link-tokens';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { hashToken } from '../../lib/secret-tokens';
import type { CompaniesService } from '../companies';
import { accountExistsMail, enqueueMail, resetPasswordMail, verifyEmailMail } from '../mail';
import { toUser, type UsersService } from '../users';
import * as repo from './accounts.repository';
import { checkPasswordPolicy } from './password-policy';
import { createSession, findActiveSession } from './sessions';

countries.registerLocale(english);

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const LOGIN_WINDOW_MINUTES = 15;
const LOGIN_MAX_FAILURES = 10;

/** A hash that no password matches, verified for unknown users so that they cost the same time as known ones. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/** Sign-up answers `{ error: "<text>" }` (specification section 8: "the text in the response's error field"). */
const signUpError = (
  message: string,
  field: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) => new AppError(code, message, { fields: { [field]: message }, flat: true });

function toUserProfile(row: repo.UserRow): UserProfile {
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

export function createAccountsService(deps: {
  db: Db;
  env: Env;
  kickMail: () => void;
  companies: CompaniesService;
  users: Pick<UsersService, 'createCustomerAccount' | 'updateAccount'>;
}) {
  const { db, env, companies, users } = deps;

  async function sendVerification(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    user: { id: number; email: string; firstName: string },
  ) {
    const token = await issueLinkToken(tx, {
      userId: user.id,
      purpose: 'verify-email',
      ttlMs: VERIFY_TTL_MS,
    });
    const link = `${env.publicUrl}/app-verify-email?token=${token}`;
    await enqueueMail(tx, { to: [user.email], ...verifyEmailMail({ firstName: user.firstName, link }) });
  }

  return {
    /**
     * Creates an unverified customer and mails the verification link. An address (or username) that already has an
     * account gets the same answer, so sign-up cannot tell anyone which addresses are registered (ASVS 6.3.x): its
     * owner is mailed instead (a new verification link while unverified, otherwise a notice with sign-in and reset
     * links). The password is hashed first on every path so both cost the same; concurrent sign-ups with one address
     * meet the unique index, and the losers take the same path.
     */
    async signUp(body: SignUpBody): Promise<void> {
      const email = body.email.trim();
      const username = body.username.trim();
      const policy = checkPasswordPolicy(body.password, {
        email,
        username,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      if (policy) throw signUpError(policy, 'password');
      const passwordHash = await hashPassword(body.password);
      const existing = await repo.findAccountsByEmailOrUsername(db, email, username);
      if (existing.length === 0) {
        try {
          await db.transaction(async (tx) => {
            const userId = await users.createCustomerAccount(tx, {
              email,
              username,
              firstName: body.first_name,
              lastName: body.last_name,
              passwordHash,
            });
            await sendVerification(tx, { id: userId, email, firstName: body.first_name });
          });
          deps.kickMail();
          return;
        } catch (error) {
          if (uniqueViolationOf(error) === null) throw error;
        }
      }
      const owners = existing.length
        ? existing
        : await repo.findAccountsByEmailOrUsername(db, email, username);
      await db.transaction(async (tx) => {
        for (const owner of owners) {
          if (!owner.emailVerifiedAt) await sendVerification(tx, owner);
          else
            await enqueueMail(tx, {
              to: [owner.email],
              ...accountExistsMail({
                firstName: owner.firstName,
                loginLink: `${env.publicUrl}/app-login`,
                resetLink: `${env.publicUrl}/app-forgot-password`,
              }),
            });
        }
      });
      deps.kickMail();
    },

    /**
     * Verifies the address with a live link. A link of an account that is already verified (used, replaced by a newer
     * one, or expired since) says so, so its owner is sent to sign in rather than told to ask for a new link.
     */
    async verifyEmail(token: string): Promise<'verified' | 'already-verified'> {
      return db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, token, 'verify-email');
        if (userId) {
          await users.updateAccount(tx, userId, { emailVerifiedAt: new Date() });
          return 'verified';
        }
        if (await repo.isEmailTokenOfVerifiedUser(tx, hashToken(token))) return 'already-verified';
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid, {
          fields: { token: ACCOUNT_MESSAGES.linkInvalid },
        });
      });
    },

    /** Carrier staff resend the verification link of an unverified account (admin workspace), in their transaction. */
    async sendVerificationTo(tx: Tx, user: { id: number; email: string; firstName: string }): Promise<void> {
      await sendVerification(tx, user);
    },

    /** A deactivated account: every session ends and every token the user was issued is revoked. */
    endSessionsOf(tx: Tx, userId: number): Promise<void> {
      return repo.endAllSessions(tx, userId);
    },

    /** Same answer whether or not the address exists or is verified. */
    async resendVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.emailVerifiedAt) return;
      await db.transaction((tx) => sendVerification(tx, user));
      deps.kickMail();
    },

    async login(
      form: { username: string; password: string },
      userAgent: string | undefined,
    ): Promise<{ user: User; sessionCookie: string }> {
      const login = form.username.trim();
      const row = await repo.findUserByLogin(db, login);
      const key = accountKeyOf(row, login);
      await throttlePasswordCheck(key);
      const matches = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), form.password);
      if (!row || !matches) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
      await repo.clearLoginFailures(db, key);
      if (!row.isActive) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDeactivated);
      if (!row.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
      const sessionCookie = await createSession(db, row.id, userAgent);
      return { user: toUser(row), sessionCookie };
    },

    /** Ends the browser's portal session and revokes what was issued under it and under the caller's token. */
    async logout(
      sessionCookie: string | undefined,
      grantId: string | undefined,
      revokeGrant: (grantId: string) => Promise<void>,
    ) {
      const session = await findActiveSession(db, sessionCookie);
      const grants = new Set<string>();
      if (grantId) grants.add(grantId);
      if (session) {
        const ended = await repo.endSession(db, session.idHash);
        for (const id of ended?.grantIds ?? []) grants.add(id);
      }
      for (const grant of grants) await revokeGrant(grant);
    },

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

    /** Same answer whether or not the address exists. */
    /**
     * Forgot password: the request itself only records the ask (one insert, the same for any address), so neither
     * the answer nor its timing tells whether the address has an account. The domain-event dispatcher then mails a
     * link if it does (sendResetLink), in its own transaction, exactly once.
     */
    async forgotPassword(email: string): Promise<void> {
      await db.transaction((tx) =>
        publishEvent(tx, null, {
          type: 'PASSWORD_RESET_REQUESTED',
          recordType: 'ACCOUNT',
          recordId: 0,
          payload: { email: email.trim() },
        }),
      );
      deps.kickMail();
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

    async resetPassword(token: string, password: string): Promise<void> {
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
        await repo.clearLoginFailures(tx, user!.username);
        await repo.endAllSessions(tx, userId);
      });
    },

    async changePassword(
      caller: Principal,
      id: number,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      if (caller.userId !== id) throw notFound('User');
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound('User');
      // The same per-account throttle as sign-in: a stolen session cannot guess the current password.
      const key = accountKeyOf(row, row.email);
      await throttlePasswordCheck(key);
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentPasswordWrong, {
          fields: { current_password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      }
      await repo.clearLoginFailures(db, key);
      const policy = checkPasswordPolicy(newPassword, {
        email: row.email,
        username: row.username,
        firstName: row.firstName,
        lastName: row.lastName,
      });
      if (policy) throw new AppError('VALIDATION_FAILED', policy, { fields: { new_password: policy } });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.updateAccount(tx, id, { passwordHash });
        // Other devices are signed out; this one keeps its session.
        await repo.endAllSessions(tx, id, caller.grantId);
      });
    },
  };

  /**
   * Records the password check before it happens (repo.reserveLoginAttempt) and refuses with 429 + Retry-After once
   * the account has had LOGIN_MAX_FAILURES in the sliding window. A refused attempt is withdrawn (it checked nothing);
   * a failed one stays as the failure; a successful check clears the account's failures.
   */
  async function throttlePasswordCheck(key: string): Promise<void> {
    const attempt = await repo.reserveLoginAttempt(db, key, LOGIN_WINDOW_MINUTES);
    if (attempt.attempts <= LOGIN_MAX_FAILURES) return;
    await repo.withdrawLoginAttempt(db, attempt.id);
    const retryAfter = attempt.oldest
      ? Math.max(1, Math.ceil((attempt.oldest.getTime() + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 1000))
      : 60;
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyAttempts, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  /** Anyone sees their own user; other users only staff with ADMIN.USER.VIEW. Otherwise 404, to reveal nothing. */
  async function getVisibleUser(caller: Principal, id: number) {
    if (caller.userId !== id && !caller.can({ module: 'ADMIN', resource: 'USER', operation: 'VIEW' }))
      throw notFound('User');
    const row = await repo.findUserById(db, id);
    if (!row) throw notFound('User');
    return row;
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** The throttle's key: the account, whichever identifier named it; an unknown identifier, folded, otherwise. */
function accountKeyOf(row: { id: number } | null, login: string): string {
  return row ? `user:${row.id}` : `login:${login.toLowerCase()}`;
}
