import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { seal, unseal } from '../../lib/sealing';
import { hashToken } from '../../lib/secret-tokens';
import * as repo from './second-factor.repository';

const PURPOSE = 'lading-totp';
const ISSUER = 'Lading';
const PERIOD_S = 30;
/** RFC 6238 section 5.2: one step either side of now, for clocks a little apart and the time it takes to type. */
const WINDOW = 1;
const RECOVERY_CODES = 10;

export const MFA_MESSAGES = {
  invalidCode: 'That code is not valid. Enter the current 6-digit code from your authenticator app.',
  invalidRecoveryCode: 'That recovery code is not valid or has been used.',
  alreadyEnrolled: 'An authenticator app is already set up. Turn it off first to set up another.',
  noEnrolment: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  notEnrolled: 'No authenticator app is set up for this account.',
} as const;

/** An authenticator app's secret (base32) as `totp_factors.secret_sealed` keeps it (the demo seed writes one). */
export const sealTotpSecret = (base32: string, sessionSecret: string) => seal(base32, sessionSecret, PURPOSE);

const totpOf = (secret: Secret, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });

/** A recovery code as shown: 10 characters in two groups ("7KQ4M-2XH9P"), from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the user typed, folded as the codes are stored (case, spaces and dashes do not matter). */
const foldRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * The authenticator-app second factor (TOTP) and its recovery codes. Secrets are sealed with SESSION_SECRET; a code's
 * 30-second step is accepted once (claimTotpStep); recovery codes are single-use and kept as SHA-256 only.
 */
export function createSecondFactor(deps: { db: Db; sessionSecret: string }) {
  const { db, sessionSecret } = deps;

  const secretOf = (sealed: { iv: string; tag: string; data: string }) => {
    const base32 = unseal(sealed, sessionSecret, PURPOSE);
    // Sealed under another SESSION_SECRET: the factor cannot be checked; the user recovers with a recovery code.
    return base32 === null ? null : Secret.fromBase32(base32);
  };

  /** The step a code is for, or null: within one step of now (RFC 6238 window). */
  function stepOf(secret: Secret, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = totpOf(secret, 'check').validate({ token: code, window: WINDOW });
    if (delta === null) return null;
    return Math.floor(Date.now() / 1000 / PERIOD_S) + delta;
  }

  /** Ten new recovery codes (shown once), replacing any the user had, in the caller's transaction. */
  async function issueRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashToken(foldRecoveryCode(c))),
    );
    return codes;
  }

  return {
    /** Whether the user has a confirmed authenticator app (then sign-in asks for a code). */
    async isEnrolled(userId: number): Promise<boolean> {
      return Boolean((await repo.findTotpFactor(db, userId))?.confirmedAt);
    },

    /** Starts an enrolment: a new secret (20 random bytes) and its otpauth:// URI for the QR code. */
    async start(userId: number, accountLabel: string): Promise<{ secret: string; otpauthUri: string }> {
      const secret = new Secret({ size: 20 });
      const stored = await repo.upsertUnconfirmedTotp(
        db,
        userId,
        sealTotpSecret(secret.base32, sessionSecret),
      );
      if (!stored) throw new AppError('CONFLICT', MFA_MESSAGES.alreadyEnrolled);
      return { secret: secret.base32, otpauthUri: totpOf(secret, accountLabel).toString() };
    },

    /**
     * Confirms the enrolment with a first code, in the caller's transaction, and answers ten new recovery codes
     * (shown once). A wrong code is a 400 naming `code`.
     */
    async confirm(tx: Tx, userId: number, code: string): Promise<string[]> {
      const factor = await repo.findTotpFactor(tx, userId);
      if (!factor || factor.confirmedAt) throw new AppError('CONFLICT', MFA_MESSAGES.noEnrolment);
      const secret = secretOf(factor.secretSealed);
      const step = secret ? stepOf(secret, code) : null;
      if (step === null || !(await repo.claimTotpStep(tx, userId, step, true)))
        throw new AppError('VALIDATION_FAILED', MFA_MESSAGES.invalidCode, {
          fields: { code: MFA_MESSAGES.invalidCode },
        });
      return issueRecoveryCodes(tx, userId);
    },

    issueRecoveryCodes,

    /**
     * Checks a sign-in's second step: a current code (its step not used before) or an unused recovery code (used
     * up). False for anything else; the caller counts it toward the account's throttle.
     */
    async verify(userId: number, answer: { code?: string; recoveryCode?: string }): Promise<boolean> {
      if (answer.recoveryCode !== undefined)
        return repo.consumeRecoveryCode(db, userId, hashToken(foldRecoveryCode(answer.recoveryCode)));
      const factor = await repo.findTotpFactor(db, userId);
      if (!factor?.confirmedAt || answer.code === undefined) return false;
      const secret = secretOf(factor.secretSealed);
      const step = secret ? stepOf(secret, answer.code) : null;
      return step !== null && repo.claimTotpStep(db, userId, step, false);
    },

    /**
     * Removes the factor, in the caller's transaction, and the recovery codes with it unless another factor (a
     * passkey) still asks for a second step: `keepRecoveryCodes`.
     */
    async remove(tx: Tx, userId: number, keepRecoveryCodes = false): Promise<void> {
      await repo.deleteTotp(tx, userId);
      if (!keepRecoveryCodes) await repo.deleteRecoveryCodes(tx, userId);
    },

    /** Removes the recovery codes (the last second factor went), in the caller's transaction. */
    removeRecoveryCodes: (tx: Tx, userId: number) => repo.deleteRecoveryCodes(tx, userId),

    /** How many recovery codes are left (the profile shows it). */
    unusedRecoveryCodes: (userId: number) => repo.countUnusedRecoveryCodes(db, userId),
  };
}
