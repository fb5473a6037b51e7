import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@lading/contract/accounts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts's maintained list, ~49,000 entries), lower-cased. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));

/** Words anyone would try first against this portal (ASVS 6.2.11: the documented context-specific words). */
export const PRODUCT_WORDS = [
  'lading',
  'ladingportal',
  'billoflading',
  'portal',
  'shipping',
  'freight',
  'cargo',
];

/** What is left to guess once the context words are taken out: at least this many letters or digits. */
const MIN_REMAINDER = 5;
const MIN_DISTINCT = 3;

export type PasswordContext = { email?: string; username?: string; firstName?: string; lastName?: string };

/**
 * OWASP ASVS 5.0 V6: at least 8 characters (counted as Unicode code points), up to 128 accepted exactly as typed
 * (spaces and any Unicode kept, nothing truncated), no composition rules; refused: one of the ~49,000 most common
 * passwords, a password of fewer than 3 different characters (`aaaaaaaa`, eight spaces, `abababab`), and one that is
 * little more than context words — the user's names, e-mail, username and the product's words (`ladinglading`,
 * `Mira2026`). Returns the message to show, or null when the password is acceptable.
 */
export function checkPasswordPolicy(password: string, context: PasswordContext = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordTooLong;
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return ACCOUNT_MESSAGES.passwordTooCommon;
  if (new Set(lowered).size < MIN_DISTINCT) return ACCOUNT_MESSAGES.passwordTooSimple;
  const words = contextWords(context);
  let remainder = lowered.replace(/[^\p{L}\p{N}]/gu, '');
  // Longest first, so "ladingportal" goes before "lading" would leave "portal".
  for (const word of words) remainder = remainder.replaceAll(word, '');
  if ([...remainder].length < MIN_REMAINDER || COMMON.has(remainder))
    return ACCOUNT_MESSAGES.passwordTooSimple;
  return null;
}

function contextWords(context: PasswordContext): string[] {
  const [local = '', domain = ''] = (context.email ?? '').toLowerCase().split('@');
  const raw = [
    ...PRODUCT_WORDS,
    context.username,
    local,
    ...local.split(/[._+-]/),
    domain.split('.')[0],
    context.firstName,
    context.lastName,
  ];
  const words = raw
    .map((word) => (word ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length >= 3);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}
