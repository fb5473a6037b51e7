import { z } from 'zod';
import { UserSchema } from './accounts';
import { reasonSchema } from './voyages';

/** The second steps a sign-in can take (passkeys, `webauthn`, come with their own issue part). */
export const MFA_METHODS = ['totp', 'recovery'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** POST authenticate/oauth/login/ for an account with a second factor: no session yet, the second step is due. */
export const MfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequired = z.infer<typeof MfaRequiredSchema>;

/**
 * POST authenticate/oauth/login/ for an account whose roles require a second factor and that has none: the session it
 * starts may only set one up (the enrolment routes) or sign out; every other route answers 403
 * MFA_ENROLMENT_REQUIRED, and no token is issued until the factor is confirmed (decision 023).
 */
export const MfaEnrolmentRequiredSchema = z.object({ mfaEnrolmentRequired: z.literal(true) });
export type MfaEnrolmentRequired = z.infer<typeof MfaEnrolmentRequiredSchema>;

/** What 403 MFA_ENROLMENT_REQUIRED says: a session that must set up a second factor before anything else. */
export const MFA_ENROLMENT_MESSAGE =
  'Your role requires a second sign-in step: set up an authenticator app before you continue.';

const totpCode = z
  .string({ message: 'is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** POST authenticate/oauth/login/mfa/: a current code, or one of the recovery codes (exactly one of the two). */
export const MfaAnswerSchema = z
  .object({
    code: totpCode.optional(),
    recoveryCode: z
      .string()
      .trim()
      .min(10, 'Enter a recovery code, like 7KQ4M-2XH9P')
      .max(20, 'Enter a recovery code, like 7KQ4M-2XH9P')
      .optional(),
  })
  .strict()
  .refine((answer) => (answer.code === undefined) !== (answer.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or one recovery code',
    path: ['code'],
  });
export type MfaAnswer = z.infer<typeof MfaAnswerSchema>;

/** GET authenticate/oauth/mfa/: the caller's second factors. */
export const MfaStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** POST authenticate/oauth/mfa/totp/: the new secret (base32, shown as text too) and its otpauth:// URI (the QR code). */
export const TotpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpConfirmBodySchema = z.object({ code: totpCode });
/**
 * The ten recovery codes, shown once. A confirmation made by a session that had to set up a factor first also
 * completes the sign-in: a new, full session starts (its cookie set) and `user` is the user, as the login answers it.
 */
export const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(10),
  user: UserSchema.optional(),
});

/** DELETE authenticate/oauth/mfa/totp/: the password and a current code. */
export const TotpDisableBodySchema = z.object({
  password: z.string({ message: 'is required' }).min(1, 'Enter your password').max(1024),
  code: totpCode,
});

/** DELETE cp/admin/users/{id}/mfa/: an administrator removes a user's lost second factor, saying why (audited). */
export const ResetSecondFactorBodySchema = z.object({ reason: reasonSchema });
export type ResetSecondFactorBody = z.infer<typeof ResetSecondFactorBodySchema>;

/** What the reset removed, and how many of the user's sessions it ended. */
export const SecondFactorResetSchema = z.object({
  totp: z.boolean(),
  recoveryCodes: z.number().int().min(0),
  sessionsEnded: z.number().int().min(0),
});
export type SecondFactorReset = z.infer<typeof SecondFactorResetSchema>;
