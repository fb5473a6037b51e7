import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCOUNT_MESSAGES, PORTAL_CLIENT_ID, type User } from '@lading/contract/accounts';
import type {
  MfaAnswer,
  MfaMethod,
  MfaStatus,
  Passkey,
  PasskeyAdded,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationBody,
  PasskeyRegistrationOptions,
  WebAuthnAssertion,
} from '@lading/contract/second-factor';
import { describeUserAgent } from '@lading/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import { enqueueMail, newDeviceSignInMail, secondFactorChangedMail, secondFactorResetMail } from '../mail';
import { toUser } from '../users';
import * as repo from './identity.repository';
import type { OAuthProvider } from './oauth-provider';
import { purgeExpiredOidcPayloads, revokeGrant } from './oidc-adapter';
import { createPasskeys, PASSKEY_MESSAGES, toPasskey } from './passkeys';
import * as passkeysRepo from './passkeys.repository';
import { createSecondFactor, MFA_MESSAGES } from './second-factor';
import * as secondRepo from './second-factor.repository';
import {
  createSession,
  findActiveSession,
  ipPrefixOf,
  longestSessionMs,
  type SessionPolicy,
} from './sessions';

/** Why a session ended, kept on its row (`ended_reason`). */
export type SessionEndReason =
  | 'signed-out'
  | 'ended-by-user'
  | 'ended-by-admin'
  | 'password-changed'
  | 'password-reset'
  | 'deactivated'
  | 'replaced'
  | 'second-factor-reset';

/** One of a user's live sessions, as the sessions lists show it. */
export type SessionView = {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipPrefix: string | null;
  createdAt: string;
  lastActiveAt: string;
};

const LOGIN_WINDOW_MINUTES = 15;
/** How long a session that may only set up a second factor lives (decision 023). */
const ENROLMENT_SESSION_MS = 15 * 60_000;

/** A time as the security mails write it: "2026-11-27 14:05 UTC". */
const nowForMail = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const LOGIN_MAX_FAILURES = 10;

/** A hash that no password matches, verified for unknown users so that they cost the same time as known ones. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/** The throttle's key: the account, whichever identifier named it; an unknown identifier, folded, otherwise. */
function accountKeyOf(row: { id: number } | null, login: string): string {
  return row ? `user:${row.id}` : `login:${login.toLowerCase()}`;
}

/**
 * Who is signed in: the portal session (sign-in, sign-out), the authorization server's side of it (the interaction
 * the provider asks about, grants), and the per-account throttle on password checks that sign-in and
 * change-password share.
 */
export function createIdentityService(deps: {
  db: Db;
  provider: OAuthProvider;
  policy: SessionPolicy;
  /** Whether the account holds any ADMIN permission (carrier staff): its sessions get the staff lifetime. */
  isStaffAccount: (userId: number) => Promise<boolean>;
  /** The second-factor policy (access): whether any of the account's roles requires a second factor. */
  requiresSecondFactor: (userId: number) => Promise<boolean>;
  /** The portal's address, for the links in the new-device mail. */
  publicUrl: string;
  /** Wakes the mail worker after a mail was queued. */
  kickMail: () => void;
  /** Seals the authenticator apps' secrets. */
  sessionSecret: string;
}) {
  const { db, provider, policy } = deps;
  const idle = policy.idleMinutes;
  const secondFactor = createSecondFactor({ db, sessionSecret: deps.sessionSecret });
  const passkeys = createPasskeys({ db, sessionSecret: deps.sessionSecret, publicUrl: deps.publicUrl });
  const CHALLENGE_TTL_MS = 5 * 60_000;

  type Browser = {
    userAgent: string | undefined;
    sessionCookie: string | undefined;
    ip: string | undefined;
    /** The browser's long-lived device cookie, if it has one (a new one is made otherwise). */
    deviceCookie: string | undefined;
  };
  type SignedIn = {
    kind: 'session';
    user: User;
    sessionCookie: string;
    lifetimeMs: number;
    deviceCookie: string;
  };
  type SecondStepDue = { kind: 'mfa'; methods: MfaMethod[]; challengeCookie: string };
  /** The account must set up a second factor first: a session that may only do that (decision 023). */
  type EnrolmentDue = { kind: 'enrol'; userId: number; sessionCookie: string; lifetimeMs: number };
  type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserByLogin>>>;

  /**
   * Starts the portal session of a user who proved who they are (password, and the second factor when they have
   * one): ends the browser's older session, remembers the browser and mails the user about one not seen before.
   */
  async function startSession(row: UserRow, browser: Browser): Promise<SignedIn> {
    const lifetimeMs =
      ((await deps.isStaffAccount(row.id)) ? policy.maxHoursStaff : policy.maxHoursCustomer) * 3_600_000;
    const sessionCookie = await createSession(db, row.id, browser, lifetimeMs);
    if (browser.sessionCookie) await endSession(browser.sessionCookie, undefined, 'replaced');
    const deviceCookie =
      browser.deviceCookie && /^[A-Za-z0-9_-]{20,100}$/.test(browser.deviceCookie)
        ? browser.deviceCookie
        : randomBytes(32).toString('base64url');
    const mailed = await db.transaction(async (tx) => {
      const device = await repo.rememberDevice(tx, row.id, hashToken(deviceCookie));
      if (!device.isNew || device.firstDevice) return false;
      await enqueueMail(tx, {
        to: [row.email],
        ...newDeviceSignInMail({
          firstName: row.firstName,
          at: nowForMail(),
          device: describeUserAgent(browser.userAgent),
          place: ipPrefixOf(browser.ip) ?? 'unknown',
          sessionsLink: `${deps.publicUrl}/app-profile#sessions`,
        }),
      });
      return true;
    });
    if (mailed) deps.kickMail();
    return { kind: 'session', user: toUser(row), sessionCookie, lifetimeMs, deviceCookie };
  }

  /**
   * Removes every second factor of the user and its recovery codes, in the caller's transaction, and answers what was
   * there (an enrolment not yet confirmed goes too, uncounted): the authenticator app, the passkeys, the codes.
   */
  async function removeSecondFactors(
    tx: Tx,
    userId: number,
  ): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
    const factor = await secondRepo.findTotpFactor(tx, userId);
    const recoveryCodes = await secondRepo.countUnusedRecoveryCodes(tx, userId);
    await secondFactor.remove(tx, userId);
    const removedPasskeys = await passkeys.removeAll(tx, userId);
    await secondRepo.deleteChallengesOf(tx, userId);
    return { totp: Boolean(factor?.confirmedAt), passkeys: removedPasskeys, recoveryCodes };
  }

  /**
   * The password (and the second factor, if any) was right, but the account's roles require a second factor and it has
   * none: a short session that may only set one up. The browser's older session ends. No token is issued under it.
   */
  async function startEnrolmentSession(row: UserRow, browser: Browser): Promise<EnrolmentDue> {
    const sessionCookie = await createSession(db, row.id, browser, ENROLMENT_SESSION_MS, true);
    if (browser.sessionCookie) await endSession(browser.sessionCookie, undefined, 'replaced');
    return { kind: 'enrol', userId: row.id, sessionCookie, lifetimeMs: ENROLMENT_SESSION_MS };
  }

  /**
   * Mails the user that a second factor was added or removed (in the caller's transaction): which one, and after a
   * removal whether another still asks for a second step.
   */
  async function tellFactorChanged(
    tx: Tx,
    caller: Principal,
    change: 'added' | 'removed',
    factor: { kind: 'totp' } | { kind: 'passkey'; name: string },
  ) {
    const row = await repo.findUserById(tx, caller.userId);
    if (!row) return;
    await enqueueMail(tx, {
      to: [row.email],
      ...secondFactorChangedMail({
        firstName: row.firstName,
        change,
        factor,
        stillProtected: change === 'removed' && (await factorsOf(caller.userId, tx)).length > 0,
        at: nowForMail(),
        profileLink: `${deps.publicUrl}/app-profile`,
      }),
    });
  }

  /** The second steps the user has: an authenticator app, passkeys (recovery codes come with either). */
  async function factorsOf(userId: number, conn: Db | Tx = db): Promise<('totp' | 'webauthn')[]> {
    const [totp, keys] = await Promise.all([
      secondRepo.findTotpFactor(conn, userId),
      passkeysRepo.countCredentials(conn, userId),
    ]);
    return [...(totp?.confirmedAt ? (['totp'] as const) : []), ...(keys > 0 ? (['webauthn'] as const) : [])];
  }

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

  /**
   * Checks a password under the per-account throttle: `account` is the account `login` names, or null when it
   * names none (then a dummy hash is verified, so both cost the same). True only for an account and its password;
   * a success clears the account's failures.
   */
  async function checkPassword(
    account: { id: number; passwordHash: string } | null,
    login: string,
    password: string,
  ): Promise<boolean> {
    const key = accountKeyOf(account, login);
    await throttlePasswordCheck(key);
    const matches = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), password);
    if (!account || !matches) return false;
    await repo.clearLoginFailures(db, key);
    return true;
  }

  /** Ends the browser's portal session and revokes what was issued under it and under the caller's grant. */
  async function endSession(
    sessionCookie: string | undefined,
    grantId: string | undefined,
    reason: SessionEndReason,
  ): Promise<void> {
    const session = await findActiveSession(db, sessionCookie, idle, 'any');
    const grants = new Set<string>();
    if (grantId) grants.add(grantId);
    if (session) {
      const ended = await repo.endSession(db, session.idHash, reason);
      for (const id of ended?.grantIds ?? []) grants.add(id);
    }
    for (const grant of grants) await revokeGrant(db, grant);
  }

  /** Ends the user's sessions that `which` selects and revokes every token issued under them, in one transaction. */
  async function endSessionsWhere(
    tx: Tx,
    userId: number,
    which: { publicId: string } | { exceptGrantId: string | undefined },
    reason: SessionEndReason,
  ): Promise<number> {
    const ended = await repo.endSessionsWhere(tx, userId, which, reason);
    for (const grant of ended.flatMap((session) => session.grantIds)) await revokeGrant(tx, grant);
    return ended.length;
  }

  /**
   * A passkey as a sign-in's second step: the assertion must be made with one of the user's own passkeys, for the
   * challenge handed to this half-done sign-in (taken: it is answered once).
   */
  async function secondStepPasskey(
    userId: number,
    challengeHash: string,
    assertion: WebAuthnAssertion,
  ): Promise<boolean> {
    const challenges = await passkeys.takeChallenges('second-step', challengeHash, userId);
    const credential = await passkeys.findByCredentialId(assertion.id);
    if (challenges.length === 0 || credential?.userId !== userId) return false;
    return passkeys.checkAssertion(credential, assertion, challenges, false);
  }

  /** The half-done sign-in the challenge cookie names, or a 401 (unknown or expired: sign in again). */
  async function liveChallenge(challengeCookie: string | undefined) {
    const challenge = challengeCookie
      ? await secondRepo.findLiveChallenge(db, hashToken(challengeCookie))
      : null;
    if (!challenge) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.signInAgain);
    return challenge;
  }

  return {
    /**
     * POST authenticate/oauth/login/: checks the password and starts a new portal session (the caller sets its
     * cookie). A session the browser already had ends, with every grant it was given.
     */
    async signIn(
      form: { username: string; password: string; client_id: string },
      browser: Browser,
    ): Promise<SignedIn | SecondStepDue | EnrolmentDue> {
      if (form.client_id !== PORTAL_CLIENT_ID)
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
      const login = form.username.trim();
      const row = await repo.findUserByLogin(db, login);
      if (!(await checkPassword(row, login, form.password)) || !row)
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
      if (!row.isActive) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDeactivated);
      if (!row.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
      const factors = await factorsOf(row.id);
      if (factors.length > 0) {
        // The password was right: the second step is due, and no session starts until it is done.
        const challengeCookie = newSecretToken();
        await secondRepo.insertChallenge(db, {
          idHash: hashToken(challengeCookie),
          userId: row.id,
          expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        });
        return { kind: 'mfa', methods: [...factors, 'recovery'], challengeCookie };
      }
      if (await deps.requiresSecondFactor(row.id)) return startEnrolmentSession(row, browser);
      return startSession(row, browser);
    },

    /**
     * POST authenticate/oauth/login/mfa/: the second step of a sign-in whose password was right (the challenge
     * cookie names it). A wrong code counts toward the account's throttle like a wrong password; a right one starts
     * the session exactly as a sign-in without a second factor does. An unknown or expired challenge is a 401.
     */
    async finishSecondStep(
      challengeCookie: string | undefined,
      answer: MfaAnswer,
      browser: Browser,
    ): Promise<SignedIn> {
      const challenge = await liveChallenge(challengeCookie);
      const key = accountKeyOf({ id: challenge.userId }, '');
      await throttlePasswordCheck(key);
      const right =
        answer.webauthn !== undefined
          ? await secondStepPasskey(challenge.userId, challenge.idHash, answer.webauthn)
          : await secondFactor.verify(challenge.userId, answer);
      if (!right) {
        const field =
          answer.webauthn !== undefined
            ? 'webauthn'
            : answer.recoveryCode !== undefined
              ? 'recoveryCode'
              : 'code';
        const message = {
          code: MFA_MESSAGES.invalidCode,
          recoveryCode: MFA_MESSAGES.invalidRecoveryCode,
          webauthn: PASSKEY_MESSAGES.notAccepted,
        }[field];
        throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
      }
      await repo.clearLoginFailures(db, key);
      if (!(await secondRepo.takeChallenge(db, challenge.idHash)))
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.signInAgain);
      const row = await repo.findUserById(db, challenge.userId);
      if (!row?.isActive) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDeactivated);
      return startSession(row, browser);
    },

    /**
     * The session of a cookie that may only set up a second factor (the auth hook admits it to the routes marked
     * `enrolment`), or null: no such cookie, or a full, ended or expired session.
     */
    async enrolmentSessionOf(sessionCookie: string | undefined) {
      const session = await findActiveSession(db, sessionCookie, idle, 'enrolment');
      return session ? { userId: session.userId, sessionId: session.publicId } : null;
    },

    /**
     * The factor of a session that had to set one up is confirmed: the sign-in completes with a new, full session in
     * place of the enrolment one (a new cookie, as at any sign-in), and answers the user as the login does.
     */
    async finishEnrolment(caller: Principal, browser: Browser): Promise<SignedIn> {
      const row = await repo.findUserById(db, caller.userId);
      if (!row?.isActive) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDeactivated);
      return startSession(row, browser);
    },

    /**
     * An administrator's reset of a lost second factor (the users module's DELETE cp/admin/users/{id}/mfa/, injected
     * by app.ts), in the caller's transaction: every factor and recovery code goes, every session ends (its tokens
     * revoked), half-done sign-ins are dropped, and the user is mailed with the reason. A staff account so reset must
     * set up a factor again at its next sign-in.
     */
    async resetSecondFactor(
      tx: Tx,
      userId: number,
      reason: string,
    ): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number; sessionsEnded: number }> {
      const removed = await removeSecondFactors(tx, userId);
      if (!removed.totp && removed.passkeys === 0 && removed.recoveryCodes === 0)
        return { ...removed, sessionsEnded: 0 };
      const sessionsEnded = await endSessionsWhere(
        tx,
        userId,
        { exceptGrantId: undefined },
        'second-factor-reset',
      );
      const row = await repo.findUserById(tx, userId);
      if (row)
        await enqueueMail(tx, {
          to: [row.email],
          ...secondFactorResetMail({
            firstName: row.firstName,
            at: nowForMail(),
            reason,
            signInLink: `${deps.publicUrl}/app-login`,
          }),
        });
      return { ...removed, sessionsEnded };
    },

    /** GET authenticate/oauth/mfa/: the caller's second factors. */
    async secondFactorStatus(caller: Principal): Promise<MfaStatus> {
      return {
        totp: await secondFactor.isEnrolled(caller.userId),
        passkeys: await passkeys.count(caller.userId),
        recoveryCodesLeft: await secondFactor.unusedRecoveryCodes(caller.userId),
      };
    },

    /** POST authenticate/oauth/mfa/totp/: a new secret to scan; nothing changes at sign-in until it is confirmed. */
    startTotp: (caller: Principal) => secondFactor.start(caller.userId, caller.email),

    /**
     * POST authenticate/oauth/mfa/totp/confirm/: the first code confirms the app (wrong codes count toward the
     * account's throttle); answers ten recovery codes, shown once. Audited, and the user is mailed.
     */
    async confirmTotp(caller: Principal, code: string): Promise<{ recoveryCodes: string[] }> {
      const key = accountKeyOf({ id: caller.userId }, '');
      await throttlePasswordCheck(key);
      const recoveryCodes = await db.transaction(async (tx) => {
        const codes = await secondFactor.confirm(tx, caller.userId, code);
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'USER',
          recordId: caller.userId,
          action: 'SECOND_FACTOR_ADDED',
          comment: 'authenticator app (TOTP)',
        });
        await tellFactorChanged(tx, caller, 'added', { kind: 'totp' });
        return codes;
      });
      await repo.clearLoginFailures(db, key);
      deps.kickMail();
      return { recoveryCodes };
    },

    /** DELETE authenticate/oauth/mfa/totp/: needs the password and a current code. Audited, and the user is mailed. */
    async disableTotp(caller: Principal, body: { password: string; code: string }): Promise<void> {
      const row = await repo.findUserById(db, caller.userId);
      if (!row || !(await checkPassword(row, row.email, body.password)))
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentPasswordWrong, {
          fields: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      if (!(await secondFactor.isEnrolled(caller.userId)))
        throw new AppError('CONFLICT', MFA_MESSAGES.notEnrolled);
      const key = accountKeyOf({ id: caller.userId }, '');
      await throttlePasswordCheck(key);
      if (!(await secondFactor.verify(caller.userId, { code: body.code })))
        throw new AppError('VALIDATION_FAILED', MFA_MESSAGES.invalidCode, {
          fields: { code: MFA_MESSAGES.invalidCode },
        });
      await repo.clearLoginFailures(db, key);
      await db.transaction(async (tx) => {
        // Passkeys still ask for a second step: the recovery codes stay with them.
        await secondFactor.remove(
          tx,
          caller.userId,
          (await passkeysRepo.countCredentials(tx, caller.userId)) > 0,
        );
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'USER',
          recordId: caller.userId,
          action: 'SECOND_FACTOR_REMOVED',
          comment: 'authenticator app (TOTP)',
        });
        await tellFactorChanged(tx, caller, 'removed', { kind: 'totp' });
      });
      deps.kickMail();
    },

    /** GET authenticate/oauth/mfa/webauthn/: the caller's passkeys, oldest first. */
    listPasskeys: (caller: Principal): Promise<Passkey[]> => passkeys.list(caller.userId),

    /** POST authenticate/oauth/mfa/webauthn/registration-options/: what the browser needs to create a passkey. */
    async passkeyRegistrationOptions(caller: Principal): Promise<PasskeyRegistrationOptions> {
      const row = await repo.findUserById(db, caller.userId);
      if (!row) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.signInAgain);
      return passkeys.registrationOptions({
        id: row.id,
        email: row.email,
        displayName: `${row.firstName} ${row.lastName}`.trim() || row.email,
      });
    },

    /**
     * POST authenticate/oauth/mfa/webauthn/: checks the browser's answer and stores the passkey. From now on sign-in
     * asks for a second step; an account without recovery codes left gets ten (shown once). Audited, and mailed.
     */
    async addPasskey(caller: Principal, body: PasskeyRegistrationBody): Promise<PasskeyAdded> {
      const verified = await passkeys.verifyRegistration(caller.userId, body.name, body.response);
      const added = await db.transaction(async (tx) => {
        const row = await passkeys.store(tx, verified);
        const recoveryCodes =
          (await secondRepo.countUnusedRecoveryCodes(tx, caller.userId)) === 0
            ? await secondFactor.issueRecoveryCodes(tx, caller.userId)
            : [];
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'USER',
          recordId: caller.userId,
          action: 'SECOND_FACTOR_ADDED',
          comment: `passkey "${row.name}"`,
        });
        await tellFactorChanged(tx, caller, 'added', { kind: 'passkey', name: row.name });
        return { passkey: toPasskey(row), recoveryCodes };
      });
      deps.kickMail();
      return added;
    },

    /** PATCH authenticate/oauth/mfa/webauthn/{id}/: a new name; null when the caller has no such passkey. */
    async renamePasskey(caller: Principal, id: number, name: string): Promise<Passkey | null> {
      const row = await passkeys.rename(caller.userId, id, name);
      return row ? toPasskey(row) : null;
    },

    /**
     * DELETE authenticate/oauth/mfa/webauthn/{id}/: needs the password (the passkey itself may be lost). The last
     * second factor takes the recovery codes with it. Audited, and mailed. False: the caller has no such passkey.
     */
    async removePasskey(caller: Principal, id: number, password: string): Promise<boolean> {
      if (!(await passkeys.find(caller.userId, id))) return false;
      const row = await repo.findUserById(db, caller.userId);
      if (!row || !(await checkPassword(row, row.email, password)))
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentPasswordWrong, {
          fields: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      const removed = await db.transaction(async (tx) => {
        const gone = await passkeys.remove(tx, caller.userId, id);
        if (!gone) return false;
        if ((await factorsOf(caller.userId, tx)).length === 0)
          await secondFactor.removeRecoveryCodes(tx, caller.userId);
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: 'USER',
          recordId: caller.userId,
          action: 'SECOND_FACTOR_REMOVED',
          comment: `passkey "${gone.name}"`,
        });
        await tellFactorChanged(tx, caller, 'removed', { kind: 'passkey', name: gone.name });
        return true;
      });
      if (removed) deps.kickMail();
      return removed;
    },

    /**
     * Removes every passkey of a user, in the caller's transaction (an administrator resetting a lost second
     * factor); answers how many there were. Recovery codes and the authenticator app are the caller's to remove.
     */
    removeAllPasskeys: (tx: Tx, userId: number): Promise<number> => passkeys.removeAll(tx, userId),

    /**
     * POST authenticate/oauth/login/mfa/webauthn-options/: for the half-done sign-in the challenge cookie names, the
     * options to sign with one of the account's passkeys (its challenge bound to that sign-in).
     */
    async secondStepPasskeyOptions(
      challengeCookie: string | undefined,
    ): Promise<PasskeyAuthenticationOptions> {
      const challenge = await liveChallenge(challengeCookie);
      if ((await passkeys.count(challenge.userId)) === 0)
        throw new AppError('CONFLICT', PASSKEY_MESSAGES.noneRegistered);
      return passkeys.authenticationOptions('second-step', challenge.idHash, challenge.userId);
    },

    /**
     * POST authenticate/oauth/login/passkey-options/: a sign-in with a passkey in place of the password starts with a
     * challenge bound to a new 5-minute cookie (the caller sets it).
     */
    async passkeySignInOptions(): Promise<{ options: PasskeyAuthenticationOptions; passkeyCookie: string }> {
      const passkeyCookie = newSecretToken();
      const options = await passkeys.authenticationOptions('passwordless', hashToken(passkeyCookie), null);
      return { options, passkeyCookie };
    },

    /**
     * POST authenticate/oauth/login/passkey/: a discoverable passkey, with user verification, signs in without the
     * password (possession and verification in one: no second step follows). The challenge is the one the browser's
     * cookie holds (taken: answered once); a wrong assertion counts toward the account's throttle like a wrong
     * password. Answers exactly as the password sign-in does.
     */
    async signInWithPasskey(
      passkeyCookie: string | undefined,
      assertion: WebAuthnAssertion,
      browser: Browser,
    ): Promise<SignedIn> {
      const challenges = passkeyCookie
        ? await passkeys.takeChallenges('passwordless', hashToken(passkeyCookie), null)
        : [];
      if (challenges.length === 0) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.signInAgain);
      const refused = (message: string) =>
        new AppError('VALIDATION_FAILED', message, { fields: { webauthn: message } });
      const credential = await passkeys.findByCredentialId(assertion.id);
      if (!credential) throw refused(PASSKEY_MESSAGES.unknown);
      const key = accountKeyOf({ id: credential.userId }, '');
      await throttlePasswordCheck(key);
      if (!(await passkeys.checkAssertion(credential, assertion, challenges, true)))
        throw refused(PASSKEY_MESSAGES.notAccepted);
      await repo.clearLoginFailures(db, key);
      const row = await repo.findUserById(db, credential.userId);
      if (!row?.isActive) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDeactivated);
      if (!row.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified);
      return startSession(row, browser);
    },

    /**
     * POST authenticate/oauth/logout/: ends the browser's session and revokes every grant it was given, and the grant
     * of the bearer token sent along (read with the one parser, lib/request.ts), if any.
     */
    async signOut(sessionCookie: string | undefined, bearerToken: string | null): Promise<void> {
      const grantId = bearerToken ? (await provider.AccessToken.find(bearerToken))?.grantId : undefined;
      await endSession(sessionCookie, grantId, 'signed-out');
    },

    /**
     * The provider asks who is signing in (GET authenticate/interaction/<uid>/): the portal session answers, or
     * `login_required`. Returns where the browser goes on (the provider's authorization endpoint); an unknown or
     * expired interaction is a 400 naming the uid.
     */
    async finishInteraction(
      http: { req: IncomingMessage; res: ServerResponse },
      sessionCookie: string | undefined,
      log: FastifyBaseLogger,
    ): Promise<string> {
      try {
        await provider.interactionDetails(http.req, http.res);
        const session = await findActiveSession(db, sessionCookie, idle, 'any');
        // A session that may only set up a second factor gets no authorization (decision 023).
        const result =
          session && !session.enrolmentOnly
            ? { login: { accountId: String(session.userId) } }
            : {
                error: 'login_required',
                error_description: session
                  ? 'Set up a second sign-in step first'
                  : 'Sign in to the portal first',
              };
        return await provider.interactionResult(http.req, http.res, result, {
          mergeWithLastSubmission: false,
        });
      } catch (error) {
        log.warn({ err: error }, 'interaction failed');
        throw new AppError('VALIDATION_FAILED', 'This sign-in request has expired. Please sign in again.', {
          fields: { uid: 'is unknown or has expired' },
        });
      }
    },

    checkPassword,

    /**
     * Clears the recorded password-check failures of an account (the throttle counts them under the account, whichever
     * identifier named it), in the caller's transaction.
     */
    async clearPasswordFailures(tx: Tx, userId: number): Promise<void> {
      await repo.clearLoginFailures(tx, accountKeyOf({ id: userId }, ''));
    },

    /**
     * Ends every session of the user and revokes every token issued to them (a deactivated account, a password reset),
     * in the caller's transaction; `keepGrantId` keeps the caller's own device signed in (a password change).
     */
    async endSessionsOf(
      tx: Tx,
      userId: number,
      reason: SessionEndReason,
      keepGrantId?: string,
    ): Promise<void> {
      await repo.endAllSessions(tx, userId, reason, keepGrantId);
    },

    /** The user's live sessions, the most recently active first; `currentSessionId` marks the caller's own. */
    async sessionsOf(userId: number, currentSessionId?: string): Promise<SessionView[]> {
      const rows = await repo.listLiveSessions(db, userId, idle);
      return rows.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        userAgent: row.userAgent,
        ipPrefix: row.ipPrefix,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastActiveAt.toISOString(),
      }));
    },

    /**
     * Ends one of the user's live sessions (by its public id), or every one but the session holding `exceptGrantId`,
     * and revokes the tokens issued under them at once, in the caller's transaction. Answers how many ended.
     */
    endSessions: endSessionsWhere,

    /** DELETE authenticate/oauth/sessions/{id}/: ends one of the caller's own sessions (audited); false: none such. */
    async endOwnSession(caller: Principal, sessionId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ended = await endSessionsWhere(tx, caller.userId, { publicId: sessionId }, 'ended-by-user');
        if (ended)
          await recordAudit(tx, caller, {
            module: 'CP',
            recordType: 'USER',
            recordId: caller.userId,
            action: 'SESSION_ENDED',
            comment: sessionId === caller.sessionId ? 'this session' : `session ${sessionId}`,
          });
        return ended > 0;
      });
    },

    /** POST authenticate/oauth/sessions/end-others/: every session of the caller but this one (audited). */
    async endOtherSessions(caller: Principal): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        const ended = await endSessionsWhere(
          tx,
          caller.userId,
          { exceptGrantId: caller.grantId },
          'ended-by-user',
        );
        if (ended)
          await recordAudit(tx, caller, {
            module: 'CP',
            recordType: 'USER',
            recordId: caller.userId,
            action: 'SESSIONS_ENDED',
            comment: `${ended} other session${ended === 1 ? '' : 's'}`,
          });
        return { ended };
      });
    },

    /** What the auth hook needs to end idle sessions (lib/request.ts SessionActivity). */
    sessionActivity: {
      idleMinutes: idle,
      /** Records an API call made for the user (the auth hook calls it at most once a minute per session). */
      touch: async (sessionId: string, ip: string) => repo.touchSession(db, sessionId, ipPrefixOf(ip)),
      lastActiveOf: (sessionId: string) => repo.lastActiveOf(db, sessionId, idle),
    },

    /** The session cookie's Max-Age: the longest a session can live. */
    cookieMaxAgeSeconds: Math.floor(longestSessionMs(policy) / 1000),

    /** Hourly housekeeping: the provider's expired artifacts, ended or expired sessions, old sign-in failures. */
    async purgeExpired(): Promise<void> {
      await Promise.all([
        purgeExpiredOidcPayloads(db),
        repo.purgeExpiredAccountData(db),
        secondRepo.purgeExpiredChallenges(db),
        passkeysRepo.purgeExpiredChallenges(db),
      ]);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
