// What the login page's first load needs of the accounts' constants (account-constants.ts spreads and re-exports it):
// zod-free, and without the other screens' messages.

/** The login page's messages (ACCOUNT_MESSAGES has them too), word for word from the specification (section 8). */
export const SIGN_IN_MESSAGES = {
  loginRequired: 'Please fill the required fields',
  invalidCredentials: 'Invalid credentials',
  verificationSent: 'If an unverified account exists for this email, we have sent a new verification link.',
} as const;

export const PORTAL_REDIRECT_PATH = '/oauth/callback';
