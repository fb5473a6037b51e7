import { z } from 'zod';
import { UserSchema } from './accounts';
import { singleLine } from './single-line';
import { reasonSchema } from './voyages';

/** The second steps a sign-in can take: an authenticator app's code, a passkey, a recovery code. */
export const MFA_METHODS = ['totp', 'webauthn', 'recovery'] as const;
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

/** Binary WebAuthn values travel as base64url (no padding), as @simplewebauthn/browser sends them. */
const base64url = (max: number) =>
  z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(max, 'is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const credentialFields = {
  /** The credential id (base64url), twice: `id` and `rawId` must be equal. */
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { message: 'must be public-key' }),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/**
 * A passkey's assertion (navigator.credentials.get, as @simplewebauthn/browser's startAuthentication answers it):
 * the second step of a sign-in, or a sign-in without the password.
 */
export const WebAuthnAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});
export type WebAuthnAssertion = z.infer<typeof WebAuthnAssertionSchema>;

/** A new passkey's attestation (navigator.credentials.create, as startRegistration answers it). */
export const WebAuthnAttestationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(4096).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(7)
      .optional(),
  }),
});
export type WebAuthnAttestation = z.infer<typeof WebAuthnAttestationSchema>;

/**
 * POST authenticate/oauth/login/mfa/: a current code, one of the recovery codes, or a passkey's assertion (exactly
 * one of the three).
 */
export const MfaAnswerSchema = z
  .object({
    code: totpCode.optional(),
    recoveryCode: z
      .string()
      .trim()
      .min(10, 'Enter a recovery code, like 7KQ4M-2XH9P')
      .max(20, 'Enter a recovery code, like 7KQ4M-2XH9P')
      .optional(),
    webauthn: WebAuthnAssertionSchema.optional(),
  })
  .strict()
  .refine(
    (answer) =>
      [answer.code, answer.recoveryCode, answer.webauthn].filter((given) => given !== undefined).length === 1,
    {
      message: 'Enter the code from your authenticator app, or one recovery code, or use a passkey',
      path: ['code'],
    },
  );
export type MfaAnswer = z.infer<typeof MfaAnswerSchema>;

/** GET authenticate/oauth/mfa/: the caller's second factors. */
export const MfaStatusSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys the caller has registered. */
  passkeys: z.number().int().min(0),
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

/** A passkey as app-profile lists it: GET authenticate/oauth/mfa/webauthn/. */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The last sign-in it took part in; null: never used since it was added. */
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  /** A synced passkey (multiDevice) that is backed up, as the authenticator last said. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** A passkey's name, chosen by the user ("Work laptop", "YubiKey 5C"). */
export const passkeyNameSchema = singleLine(
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'Give the passkey a name, like "Work laptop"')
    .max(60, 'must be at most 60 characters'),
);

/** POST authenticate/oauth/mfa/webauthn/: the new passkey's name and the browser's attestation. */
export const PasskeyRegistrationBodySchema = z.object({
  name: passkeyNameSchema,
  response: WebAuthnAttestationSchema,
});
export type PasskeyRegistrationBody = z.infer<typeof PasskeyRegistrationBodySchema>;

/**
 * The passkey just added, and ten recovery codes when the account had none left (shown once; empty when the account
 * keeps the codes it has).
 */
export const PasskeyAddedSchema = z.object({
  passkey: PasskeySchema,
  recoveryCodes: z.array(z.string()),
  /** From a session that had to set up a second factor first: the sign-in it completes, as the login answers it. */
  user: UserSchema.optional(),
});
export type PasskeyAdded = z.infer<typeof PasskeyAddedSchema>;

/** PATCH authenticate/oauth/mfa/webauthn/{id}/: a new name. */
export const PasskeyRenameBodySchema = z.object({ name: passkeyNameSchema });

/** DELETE authenticate/oauth/mfa/webauthn/{id}/: the password. */
export const PasskeyRemoveBodySchema = z.object({
  password: z.string({ message: 'is required' }).min(1, 'Enter your password').max(1024),
});

/** POST authenticate/oauth/login/passkey/: a sign-in with a passkey in place of the password. */
export const PasskeySignInBodySchema = z.object({ webauthn: WebAuthnAssertionSchema });

const descriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/**
 * What navigator.credentials.create needs (PublicKeyCredentialCreationOptionsJSON), for @simplewebauthn/browser's
 * startRegistration. The challenge is good for 5 minutes, once.
 */
export const PasskeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  attestation: z.enum(['none', 'direct', 'enterprise', 'indirect']).optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/**
 * What navigator.credentials.get needs (PublicKeyCredentialRequestOptionsJSON), for startAuthentication: the second
 * step lists the account's passkeys; a sign-in without the password lists none (the authenticator offers its own).
 */
export const PasskeyAuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type PasskeyAuthenticationOptions = z.infer<typeof PasskeyAuthenticationOptionsSchema>;

/** DELETE cp/admin/users/{id}/mfa/: an administrator removes a user's lost second factor, saying why (audited). */
export const ResetSecondFactorBodySchema = z.object({ reason: reasonSchema });
export type ResetSecondFactorBody = z.infer<typeof ResetSecondFactorBodySchema>;

/** What the reset removed, and how many of the user's sessions it ended. */
export const SecondFactorResetSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys were removed. */
  passkeys: z.number().int().min(0),
  recoveryCodes: z.number().int().min(0),
  sessionsEnded: z.number().int().min(0),
});
export type SecondFactorReset = z.infer<typeof SecondFactorResetSchema>;
