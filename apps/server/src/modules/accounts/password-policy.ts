import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@lading/contract/accounts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts's maintained list, ~49,000 entries), lower-cased. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));

/**
 * OWASP ASVS 5.0 V6: at least 8 characters (counted as Unicode code points), up to 128 accepted exactly as typed
 * (spaces and any Unicode kept, nothing truncated), no composition rules, common and context-specific passwords
 * refused. Returns the message to show, or null when the password is acceptable.
 */
export function checkPasswordPolicy(
  password: string,
  context: { email?: string; username?: string } = {},
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordTooLong;
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return ACCOUNT_MESSAGES.passwordTooCommon;
  const contextual = [context.email, context.username, context.email?.split('@')[0]].filter(
    (value): value is string => Boolean(value && value.length >= 4),
  );
  if (contextual.some((value) => lowered === value.toLowerCase())) return ACCOUNT_MESSAGES.passwordTooCommon;
  return null;
}
