import { type SignInForm, SignInFormSchema } from '@lading/contract/accounts';

/**
 * The login page fetches this module when the user reaches the form: zod and the schema, and the sign-in sequence
 * (with PKCE), stay off its first load.
 */
export { signIn } from '../api/sign-in';

/** The sign-in fields' messages (the first per field), by the contract's schema; empty when both are valid. */
export type SignInErrors = Partial<Record<keyof SignInForm, string>>;

/** The contract's check of the sign-in fields. */
export function checkSignIn(values: SignInForm): SignInErrors {
  const result = SignInFormSchema.safeParse(values);
  const errors: SignInErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof SignInForm;
    errors[field] ??= issue.message;
  }
  return errors;
}
