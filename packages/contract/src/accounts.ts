import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-constants';
import { idSchema } from './ids';
import { CountrySchema, PartySchema } from './reference-data';
import { singleLine } from './single-line';

export { ACCOUNT_MESSAGES, PORTAL_REDIRECT_PATH } from './account-constants';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** RFC 5321 limits an address to 254 characters. */
const Email = z.email({ message: ACCOUNT_MESSAGES.invalidEmail }).max(254);

export const SignUpBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  first_name: singleLine(z.string().trim().min(1).max(100)),
  last_name: singleLine(z.string().trim().min(1).max(100)),
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

const PROFILE_MESSAGES = {
  company: 'Please pick a company from the list',
  country: 'Please pick a country from the list',
  address: 'Address is required',
  phoneRequired: 'Phone is required',
  phone: 'Phone must be 6 to 15 digits, optionally starting with +',
} as const;

export const UpdateProfileBodySchema = z.object({
  id: idSchema(),
  party: idSchema(PROFILE_MESSAGES.company),
  country: z.string().trim().min(1, PROFILE_MESSAGES.country).max(100),
  contact_number: z.string().trim().regex(PHONE_PATTERN, PROFILE_MESSAGES.phone),
  address: z.string().trim().min(1, PROFILE_MESSAGES.address).max(500),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** POST verify-email: whether this call verified the address or it was verified before (a reused link). */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), alreadyVerified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export { PORTAL_CLIENT_ID } from './app-info';

// ---- the screens' forms (one rule set: the web drives its forms from these schemas through zodResolver) ---------

/** The message under an empty required field (the specification names only the forms' warnings, section 8). */
export const REQUIRED_MESSAGE = 'Required';

const requiredText = (max: number) =>
  z
    .string()
    .refine((value) => value.trim() !== '', REQUIRED_MESSAGE)
    .refine((value) => value.trim().length <= max, `At most ${max} characters`);
const codePoints = (value: string) => [...value].length;
/** A new password: required, then the length rule the server applies (8–128 code points as typed). */
const newPassword = z
  .string()
  .refine((value) => value !== '', REQUIRED_MESSAGE)
  .refine((value) => value === '' || codePoints(value) >= PASSWORD_MIN, ACCOUNT_MESSAGES.passwordTooShort)
  .refine((value) => codePoints(value) <= PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);
const confirmation = z.string().refine((value) => value !== '', REQUIRED_MESSAGE);
/** The server's own e-mail rule (z.email), with the specification's "Invalid Email". */
const emailField = z
  .string()
  .refine((value) => value.trim() !== '', REQUIRED_MESSAGE)
  .refine(
    (value) => value.trim() === '' || Email.safeParse(value.trim()).success,
    ACCOUNT_MESSAGES.invalidEmail,
  );

/** Login (section 5): username and password required; the screen warns "Please fill the required fields". */
export const SignInFormSchema = z.object({
  username: requiredText(254),
  password: z.string().refine((value) => value !== '', REQUIRED_MESSAGE),
});
export type SignInForm = z.input<typeof SignInFormSchema>;

/** Sign-up (section 5), plus the confirmation and the terms box the specification leaves open. */
export const SignUpFormSchema = z
  .object({
    email: emailField,
    firstName: singleLine(requiredText(100)),
    lastName: singleLine(requiredText(100)),
    password: newPassword,
    confirmPassword: confirmation,
    acceptTerms: z.boolean().refine((value) => value, ACCOUNT_MESSAGES.termsRequired),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== '' && form.password !== form.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordMismatch });
  });
export type SignUpFormValues = z.input<typeof SignUpFormSchema>;
/** The sign-up API's field names (flat error `fields`) on the form's cells. */
export const SIGN_UP_FORM_FIELDS: Record<string, keyof SignUpFormValues> = {
  email: 'email',
  username: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  password: 'password',
};

const SIGN_UP_ORDER: (keyof SignUpFormValues)[] = [
  'email',
  'firstName',
  'lastName',
  'password',
  'confirmPassword',
  'acceptTerms',
];

/**
 * The warning of an invalid sign-up form (sections 5 and 8) from its field messages: an invalid e-mail says
 * "Invalid Email" (whatever else is missing), any other missing field "Please fill all required fields"; otherwise
 * the first field's own message (password length, confirmation, terms). Null for a valid form.
 */
export function signUpFormMessage(
  fieldMessages: Partial<Record<keyof SignUpFormValues, string | undefined>>,
): string | null {
  if (fieldMessages.email === ACCOUNT_MESSAGES.invalidEmail) return ACCOUNT_MESSAGES.invalidEmail;
  const messages = SIGN_UP_ORDER.map((field) => fieldMessages[field]).filter((m): m is string => Boolean(m));
  if (messages.includes(REQUIRED_MESSAGE)) return ACCOUNT_MESSAGES.signUpRequired;
  return messages[0] ?? null;
}

/** The sign-up screen's checks as one message (signUpFormMessage over SignUpFormSchema), or null. */
export function checkSignUpForm(values: SignUpFormValues): string | null {
  const result = SignUpFormSchema.safeParse(values);
  if (result.success) return null;
  const fieldMessages: Partial<Record<keyof SignUpFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SignUpFormValues;
    fieldMessages[field] ??= issue.message;
  }
  return signUpFormMessage(fieldMessages);
}

/** Forgot password: the address to send the link to. */
export const ForgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.input<typeof ForgotPasswordFormSchema>;

const withConfirmation = <T extends z.ZodRawShape>(shape: T, passwordField: string) =>
  z.object(shape).superRefine((form, ctx) => {
    const values = form as Record<string, unknown>;
    if (values.confirmPassword !== '' && values[passwordField] !== values.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordMismatch });
  });

/** Reset password (from the mailed link): the new password twice. */
export const ResetPasswordFormSchema = withConfirmation(
  { password: newPassword, confirmPassword: confirmation },
  'password',
);
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

/** Change password (profile): the current one, the new one twice. */
export const ChangePasswordFormSchema = withConfirmation(
  {
    currentPassword: z.string().refine((value) => value !== '', REQUIRED_MESSAGE),
    newPassword,
    confirmPassword: confirmation,
  },
  'newPassword',
);
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;
/** The change-password API's field names on the form's cells. */
export const CHANGE_PASSWORD_FORM_FIELDS: Record<string, keyof ChangePasswordForm> = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
};

/**
 * Update Profile (section 5): company and country picked from the results (never free text), address and phone
 * required, phone numeric. The messages are those of UpdateProfileBodySchema, so the server says the same.
 */
export const ProfileFormSchema = z.object({
  company: PartySchema.nullable().refine((value) => value !== null, PROFILE_MESSAGES.company),
  address: z
    .string()
    .refine((value) => value.trim() !== '', PROFILE_MESSAGES.address)
    .refine((value) => value.trim().length <= 500, 'At most 500 characters'),
  country: CountrySchema.nullable().refine((value) => value !== null, PROFILE_MESSAGES.country),
  phone: z
    .string()
    .refine((value) => value.trim() !== '', PROFILE_MESSAGES.phoneRequired)
    .refine((value) => value.trim() === '' || PHONE_PATTERN.test(value.trim()), PROFILE_MESSAGES.phone),
});
export type ProfileFormValues = z.input<typeof ProfileFormSchema>;
/** The profile API's field names on the form's cells. */
export const PROFILE_FORM_FIELDS: Record<string, keyof ProfileFormValues> = {
  party: 'company',
  country: 'country',
  contact_number: 'phone',
  address: 'address',
};

/**
 * Choosing a country fills the phone from the calling code table (section 5): an empty phone becomes "+<code>"; a
 * phone that starts with the previous country's code gets the new code in its place, the digits after it kept
 * ("+919820012345", India -> Germany: "+499820012345"); any other number the user typed is left alone.
 */
export function replaceCallingCode(
  phone: string,
  previousCode: string | null | undefined,
  nextCode: string | null | undefined,
): string {
  if (!nextCode) return phone;
  const trimmed = phone.trim();
  if (trimmed === '' || trimmed === '+') return `+${nextCode}`;
  if (previousCode && trimmed.startsWith(`+${previousCode}`))
    return `+${nextCode}${trimmed.slice(previousCode.length + 1)}`;
  return phone;
}
