import { ACCOUNT_MESSAGES, type SignUpBody, type VerifyEmailResponse } from '@lading/contract/accounts';
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/database-errors';
import { consumeLinkToken, issueLinkToken, LINK_TOKEN_PATTERN, voidLinkTokens } from '../../lib/link-tokens';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/secret-tokens';
import { accountExistsMail, enqueueMail, verifyEmailMail } from '../mail';
import { checkPasswordPolicy } from '../profile';
import type { UsersService } from '../users';
import * as repo from './registration.repository';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** A schema validation issue of the sign-up body, as Fastify reports it (`/email`, `/first_name`, …). */
type SchemaIssue = { instancePath: string; message?: string };

/** Sign-up answers `{ error: "<text>" }` (specification section 8: "the text in the response's error field"). */
const signUpError = (message: string, fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', message, { fields, flat: true });

/** Section 8: an invalid e-mail says "Invalid Email"; anything else missing says "Please fill all required fields". */
function invalidSignUp(issues: readonly SchemaIssue[]): AppError {
  const emailIssue = issues.some((issue) => issue.instancePath === '/email');
  const message = emailIssue ? ACCOUNT_MESSAGES.invalidEmail : ACCOUNT_MESSAGES.signUpRequired;
  const fields = Object.fromEntries(
    issues.map((issue) => [
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
      issue.message ?? 'is invalid',
    ]),
  );
  return signUpError(message, fields);
}

/** Sign-up, e-mail verification and its resending: how an account comes to exist and proves its address. */
export function createRegistrationService(deps: {
  db: Db;
  env: Env;
  kickMail: () => void;
  users: Pick<UsersService, 'createCustomerAccount' | 'updateAccount'>;
}) {
  const { db, env, users } = deps;

  /**
   * A new verification link, mailed through the outbox in the caller's transaction. The links sent before stay good
   * until they expire (24 h) or one of them verifies the address: a second sign-up with the address, or a resend,
   * never breaks the link of the first mail (issue 28).
   */
  async function sendVerification(tx: Tx, user: { id: number; email: string; firstName: string }) {
    const token = await issueLinkToken(tx, {
      userId: user.id,
      purpose: 'verify-email',
      ttlMs: VERIFY_TTL_MS,
      keepOlder: true,
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
     * meet the unique index, and the losers take the same path. `schemaIssues`: the body failed its schema.
     */
    async signUp(body: SignUpBody, schemaIssues?: readonly SchemaIssue[]): Promise<{ message: string }> {
      if (schemaIssues) throw invalidSignUp(schemaIssues);
      const done = { message: ACCOUNT_MESSAGES.signUpSuccess };
      const email = body.email.trim();
      const username = body.username.trim();
      const policy = checkPasswordPolicy(body.password, {
        email,
        username,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      if (policy) throw signUpError(policy, { password: policy });
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
          return done;
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
      return done;
    },

    /**
     * Verifies the address with a live link; the account's other links are spent with it. A link of an account that
     * is already verified (used, spent by another, or expired since) says so, so its owner is sent to sign in rather
     * than told to ask for a new link. A token that is not one the portal sends (cut short when copied) is 400 with
     * its own message, never the validator's text.
     */
    async verifyEmail(token: string): Promise<VerifyEmailResponse> {
      if (!LINK_TOKEN_PATTERN.test(token))
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkMalformed, {
          fields: { token: ACCOUNT_MESSAGES.linkMalformed },
        });
      return db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, token, 'verify-email');
        if (userId) {
          await voidLinkTokens(tx, userId, 'verify-email');
          await users.updateAccount(tx, userId, { emailVerifiedAt: new Date() });
          return { message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false };
        }
        if (await repo.isEmailTokenOfVerifiedUser(tx, hashToken(token)))
          return { message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true };
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid, {
          fields: { token: ACCOUNT_MESSAGES.linkInvalid },
        });
      });
    },

    /** Same answer whether or not the address exists or is verified. */
    async resendVerification(email: string): Promise<{ message: string }> {
      const done = { message: ACCOUNT_MESSAGES.verificationSent };
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.emailVerifiedAt) return done;
      await db.transaction((tx) => sendVerification(tx, user));
      deps.kickMail();
      return done;
    },

    /** Carrier staff resend the verification link of an unverified account (admin workspace), in their transaction. */
    sendVerificationTo(tx: Tx, user: { id: number; email: string; firstName: string }): Promise<void> {
      return sendVerification(tx, user);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
