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
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { enqueueMail } from '../mail/mail.service';
import * as repo from './accounts.repository';
import { checkPasswordPolicy } from './password-policy';
import { createSession, findActiveSession, hashToken } from './sessions';

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

export function toUser(row: repo.UserRow): User {
  return {
    id: row.id,
    is_admin: row.isAdmin,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    party: row.partyId,
    party_name: row.partyName,
    party_code: row.partyCode,
  };
}

function toUserProfile(row: repo.UserRow): UserProfile {
  return {
    ...toUser(row),
    contactNumber: row.contactNumber,
    address: row.address,
    country: row.country,
    partyName: row.partyName,
    partyExternalId: row.partyExternalId,
    partyCode: row.partyCode,
  };
}

const newLinkToken = () => randomBytes(32).toString('base64url');

export function createAccountsService(deps: { db: Db; env: Env; kickMail: () => void }) {
  const { db, env } = deps;

  async function sendVerification(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    user: { id: number; email: string; firstName: string },
  ) {
    const token = newLinkToken();
    await repo.expireEmailTokens(tx, user.id, 'verify-email');
    await repo.insertEmailToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'verify-email',
      expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
    });
    const link = `${env.publicUrl}/app-verify-email?token=${token}`;
    await enqueueMail(tx, {
      to: [user.email],
      subject: 'Verify your email address for Lading',
      text: `Hello ${user.firstName},\n\nPlease verify your email address to start using the Lading portal:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.\n\nLading`,
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Please verify your email address to start using the Lading portal:</p><p><a href="${link}">Verify my email address</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p><p>Lading</p>`,
    });
  }

  return {
    async signUp(body: SignUpBody): Promise<{ id: number }> {
      const email = body.email.trim();
      const username = body.username.trim();
      const policy = checkPasswordPolicy(body.password, { email, username });
      if (policy) throw signUpError(policy, 'password');
      const taken = await repo.isEmailOrUsernameTaken(db, email, username);
      if (taken.emailTaken) throw signUpError(ACCOUNT_MESSAGES.emailTaken, 'email', 'CONFLICT');
      if (taken.usernameTaken) throw signUpError(ACCOUNT_MESSAGES.usernameTaken, 'username', 'CONFLICT');
      const passwordHash = await hashPassword(body.password);
      const id = await db.transaction(async (tx) => {
        const userId = await repo.insertUser(tx, {
          email,
          username,
          firstName: body.first_name,
          lastName: body.last_name,
          passwordHash,
        });
        await sendVerification(tx, { id: userId, email, firstName: body.first_name });
        return userId;
      });
      deps.kickMail();
      return { id };
    },

    async verifyEmail(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const userId = await repo.consumeEmailToken(tx, hashToken(token), 'verify-email');
        if (!userId)
          throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid, {
            fields: { token: ACCOUNT_MESSAGES.linkInvalid },
          });
        await repo.updateUser(tx, userId, { emailVerifiedAt: new Date() });
      });
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
      const recent = await repo.countRecentLoginFailures(db, login, LOGIN_WINDOW_MINUTES);
      if (recent.failures >= LOGIN_MAX_FAILURES) {
        const retryAfter = recent.oldest
          ? Math.max(
              1,
              Math.ceil((recent.oldest.getTime() + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 1000),
            )
          : 60;
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyAttempts, {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      const row = await repo.findUserByLogin(db, login);
      const matches = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), form.password);
      if (!row || !matches) {
        await repo.recordLoginFailure(db, login);
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
      }
      if (!row.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
      await repo.clearLoginFailures(db, login);
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
        if (ended?.grantId) grants.add(ended.grantId);
      }
      for (const grant of grants) await revokeGrant(grant);
    },

    async checkFirstLogin(caller: AuthUser, id: number): Promise<{ isFirstLogin: boolean }> {
      const row = await getVisibleUser(caller, id);
      return { isFirstLogin: !row.isAdmin && row.profileCompletedAt === null };
    },

    async getUserProfile(caller: AuthUser, id: number): Promise<UserProfile> {
      return toUserProfile(await getVisibleUser(caller, id));
    },

    async updateProfile(caller: AuthUser, id: number, body: UpdateProfileBody): Promise<UserProfile> {
      if (body.id !== id)
        throw new AppError('VALIDATION_FAILED', 'id: must match the user in the address', {
          fields: { id: 'must match the user in the address' },
        });
      if (caller.id !== id) throw forbidden('You may change only your own profile');
      const countryCode = countries.getAlpha2Code(body.country, 'en');
      if (!countryCode)
        throw new AppError('VALIDATION_FAILED', 'country: Please pick a country from the list', {
          fields: { country: 'Please pick a country from the list' },
        });
      const party = await repo.findPartyForProfile(db, body.party);
      if (!party?.isActive)
        throw new AppError('VALIDATION_FAILED', 'party: Please pick a company from the list', {
          fields: { party: 'Please pick a company from the list' },
        });
      await repo.updateUser(db, id, {
        partyId: body.party,
        country: countries.getName(countryCode, 'en') ?? body.country,
        contactNumber: body.contact_number,
        address: body.address,
        profileCompletedAt: new Date(),
      });
      return toUserProfile((await repo.findUserById(db, id))!);
    },

    /** Same answer whether or not the address exists. */
    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      const token = newLinkToken();
      await db.transaction(async (tx) => {
        await repo.expireEmailTokens(tx, user.id, 'reset-password');
        await repo.insertEmailToken(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: 'reset-password',
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        const link = `${env.publicUrl}/app-reset-password?token=${token}`;
        await enqueueMail(tx, {
          to: [user.email],
          subject: 'Reset your Lading password',
          text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Lading account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 30 minutes. If it was not you, ignore this message; your password stays as it is.\n\nLading`,
          html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Someone asked to reset the password of your Lading account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in 30 minutes. If it was not you, ignore this message; your password stays as it is.</p><p>Lading</p>`,
        });
      });
      deps.kickMail();
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await repo.consumeEmailToken(tx, hashToken(token), 'reset-password');
        if (!userId)
          throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid, {
            fields: { token: ACCOUNT_MESSAGES.linkInvalid },
          });
        const user = await repo.findUserById(tx, userId);
        const policy = checkPasswordPolicy(password, { email: user?.email, username: user?.username });
        if (policy) throw new AppError('VALIDATION_FAILED', policy, { fields: { password: policy } });
        // Following the link proves the address, too.
        await repo.updateUser(tx, userId, {
          passwordHash,
          emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
        });
        await repo.clearLoginFailures(tx, user!.username);
        await repo.endAllSessions(tx, userId);
      });
    },

    async changePassword(
      caller: AuthUser,
      id: number,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      if (caller.id !== id) throw forbidden('You may change only your own password');
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound('User');
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentPasswordWrong, {
          fields: { current_password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      }
      const policy = checkPasswordPolicy(newPassword, { email: row.email, username: row.username });
      if (policy) throw new AppError('VALIDATION_FAILED', policy, { fields: { new_password: policy } });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, id, { passwordHash });
        // Other devices are signed out; this one keeps its session.
        await repo.endAllSessions(tx, id, caller.grantId);
      });
    },
  };

  /** A customer sees only their own user; carrier staff see anyone. Another id is 404, not 403, to reveal nothing. */
  async function getVisibleUser(caller: AuthUser, id: number) {
    if (!caller.isAdmin && caller.id !== id) throw notFound('User');
    const row = await repo.findUserById(db, id);
    if (!row) throw notFound('User');
    return row;
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
