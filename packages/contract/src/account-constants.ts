// The accounts screens' messages and the portal's OAuth redirect path, free of zod so a screen that needs only these
// does not load the schemas; accounts.ts re-exports them. The login page's own (sign-in-constants.ts) are a module of
// their own, so its first load does not carry the other screens' messages.
import { PORTAL_REDIRECT_PATH, SIGN_IN_MESSAGES } from './sign-in-constants';

export { PORTAL_REDIRECT_PATH };

/** Messages shown to users, word for word from the specification (section 8) where it gives them. */
export const ACCOUNT_MESSAGES = {
  ...SIGN_IN_MESSAGES,
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
  emailVerified: 'Your email address is verified. You can sign in now.',
  emailAlreadyVerified: 'Your email address is already verified. Please sign in.',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  /** A link whose token is not one the portal sends (cut short or changed when copied). */
  linkMalformed:
    'This link is not valid: it may have been cut short when it was copied. Please open it from the e-mail again, or request a new one.',
  resetRequested:
    'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.',
  passwordReset: 'Your password has been changed. Please sign in with the new password.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is not correct',
  signInAgain: 'This sign-in has expired. Please enter your password again.',
  accountDeactivated: 'This account has been deactivated. Please contact us.',
} as const;
