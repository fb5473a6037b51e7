import { createHash, randomBytes } from 'node:crypto';

/** A new random secret for a cookie or an e-mailed link: 256 bits, base64url. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret token: its SHA-256, so a leaked table opens no session and no link. */
export const hashToken = (value: string): string => createHash('sha256').update(value).digest('base64url');
