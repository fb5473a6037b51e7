import { z } from 'zod';
import { idSchema } from './ids';

/** Messages shown to users, word for word from the specification (section 8) where it gives them. */
export const ACCOUNT_MESSAGES = {
  loginRequired: 'Please fill the required fields',
  invalidCredentials: 'Invalid credentials',
  signUpSuccess:
    'Account Created Successfully! Please verify the email account from the email to continue our portal services.',
  invalidEmail: 'Invalid Email',
  signUpRequired: 'Please fill all required fields',
  // The specification leaves these open; our wording:
  termsRequired: 'Please accept the Terms and Conditions to create an account',
  passwordMismatch: 'Password and Confirm Password do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  passwordTooSimple:
    'This password is too easy to guess: avoid repeated characters, your name or e-mail, and the portal’s name.',
  emailNotVerified:
    'Please verify your email address before signing in. Use the link we sent you, or request a new one with "Resend verification email".',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  verificationSent: 'If an unverified account exists for this email, we have sent a new verification link.',
  emailVerified: 'Your email address is verified. You can sign in now.',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  resetRequested:
    'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.',
  passwordReset: 'Your password has been changed. Please sign in with the new password.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is not correct',
  accountDeactivated: 'This account has been deactivated. Please contact us.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** RFC 5321 limits an address to 254 characters. */
const Email = z.email({ message: ACCOUNT_MESSAGES.invalidEmail }).max(254);

export const SignUpBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: Email,
  party: z.null().optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  client_id: z.string().min(1).max(100),
});

/** The user as login returns it and the web keeps it (specification section 3, "User"). */
export const UserSchema = z.object({
  id: z.number().int(),
  is_admin: z.boolean(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  party: z.number().int().nullable(),
  party_name: z.string().nullable(),
  party_code: z.string().nullable(),
  /** The company membership: PENDING until carrier staff approve it (only the company's name is shown until then). */
  companyStatus: z.enum(['PENDING', 'APPROVED']).nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** GET authenticate/oauth/users/{id}: the user plus the profile's read shape. */
export const UserProfileSchema = UserSchema.extend({
  contactNumber: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  partyName: z.string().nullable(),
  partyExternalId: z.string().nullable(),
  partyCode: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Digits with an optional leading +, 6 to 15 digits (E.164 allows at most 15). */
export const PHONE_PATTERN = /^\+?[0-9]{6,15}$/;

export const UpdateProfileBodySchema = z.object({
  id: idSchema(),
  party: idSchema('Please pick a company from the list'),
  country: z.string().trim().min(1, 'Please pick a country from the list').max(100),
  contact_number: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, 'Phone must be 6 to 15 digits, optionally starting with +'),
  address: z.string().trim().min(1, 'Address is required').max(500),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const PORTAL_CLIENT_ID = 'lading-portal';
export const PORTAL_REDIRECT_PATH = '/oauth/callback';

export type SignUpFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
};

/**
 * The sign-up screen's checks, in the order the specification gives (section 5): an invalid form with an invalid
 * e-mail says "Invalid Email", any other missing field "Please fill all required fields"; then the terms box and the
 * confirmation, which the specification leaves open. Returns the message to show, or null.
 */
export function checkSignUpForm(values: SignUpFormValues): string | null {
  const email = values.email.trim();
  const missing = [
    email,
    values.firstName.trim(),
    values.lastName.trim(),
    values.password,
    values.confirmPassword,
  ].some((v) => v === '');
  if (email !== '' && !z.email().safeParse(email).success) return ACCOUNT_MESSAGES.invalidEmail;
  if (missing) return ACCOUNT_MESSAGES.signUpRequired;
  if ([...values.password].length < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordTooShort;
  if ([...values.password].length > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordTooLong;
  if (values.password !== values.confirmPassword) return ACCOUNT_MESSAGES.passwordMismatch;
  if (!values.acceptTerms) return ACCOUNT_MESSAGES.termsRequired;
  return null;
}
