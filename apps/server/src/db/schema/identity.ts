import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext } from './column-types';
import { users } from './users';

/** A signed-in browser: the HttpOnly cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** The id the sessions list and its end routes name (the cookie's hash is never shown). */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every OAuth grant issued under this session (one per authorization); all revoked with it on sign-out. */
    grantIds: text('grant_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end (12 h for staff, 7 days for customers by default): no activity extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last API call made for the user (background polls excluded); idle past SESSION_IDLE_MINUTES ends it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: signed-out, ended-by-user, ended-by-admin, password-changed, deactivated, replaced, second-factor-reset. */
    endedReason: text('ended_reason'),
    userAgent: text('user_agent'),
    /** The approximate place: the client address cut to its /24 (IPv4) or /48 (IPv6) network. */
    ipPrefix: text('ip_prefix'),
    /**
     * A session that may only set up a second factor (its account must have one and has none, decision 023): no
     * token is issued under it; confirming the factor replaces it with a full session.
     */
    enrolmentOnly: boolean('enrolment_only').notNull().default(false),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // The token lookups find the session that holds their grant.
    index('sessions_grant_ids_idx').using('gin', table.grantIds),
  ],
);

/** Single-use links sent by e-mail: address verification (24 h) and password reset (30 min). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId, table.purpose)],
);

/** Failed sign-ins per account, for the sliding-window throttle (no permanent lock-out). */
/**
 * Failed (and in-flight) password checks, per account: `user:<id>` for a known account, `login:<identifier>` for a
 * sign-in name that matches none (so unknown names are throttled alike and reveal nothing).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountKey: citext('account_key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_account_at_idx').on(table.accountKey, table.at)],
);

/** oidc-provider's artifacts (authorization codes, access and refresh tokens, grants, sessions, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.id] }),
    index('oidc_payloads_grant_idx').on(table.grantId).where(sql`${table.grantId} is not null`),
    index('oidc_payloads_uid_idx').on(table.uid).where(sql`${table.uid} is not null`),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Browsers a user has signed in from, by the SHA-256 of their long-lived device cookie: a sign-in from a browser not
 * in the list (after the first one) mails the user.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/**
 * A user's authenticator app (TOTP, RFC 6238: SHA-1, 30 s, 6 digits). The secret is sealed with SESSION_SECRET. Until
 * `confirmed_at` (the first code checked) it is an enrolment in progress and asks nothing at sign-in. `last_used_step`
 * is the newest 30-second step a code was accepted for: an older or the same step is refused (no replay).
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: jsonb('secret_sealed').$type<{ iv: string; tag: string; data: string }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Ten single-use recovery codes per confirmed factor, kept as SHA-256 only; shown to the user once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/**
 * A sign-in half done: the password was right and the account has a second factor. The browser holds the random id
 * (an HttpOnly cookie, 5 minutes); POST authenticate/oauth/login/mfa/ with a code finishes it and starts the session.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId)],
);

/**
 * A user's passkeys (WebAuthn credentials, registered with @simplewebauthn/server). Each is a second factor, and a
 * discoverable one also signs in without the password (it is possession and user verification in one). The public key
 * is the COSE key the authenticator gave (base64url); `counter` is the authenticator's signature counter, which must
 * grow from one use to the next when either side is non-zero (a cloned authenticator repeats it). `user_handle` is what
 * the authenticator keeps as the user's id (random-looking, no personal data): a sign-in without the password names
 * the account by it.
 */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose (base64url), unique across all users. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    userHandle: text('user_handle').notNull(),
    /** singleDevice or multiDevice (a synced passkey), and whether it is backed up now (as the last use said). */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The authenticator model's AAGUID (all zeros for most, which keep it private). */
    aaguid: text('aaguid').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('webauthn_credentials_user_idx').on(table.userId)],
);

/**
 * The challenges handed to the browser for a passkey ceremony (5 minutes, used once: the verification deletes the row
 * before it checks the signature). `registration` belongs to the signed-in user; `second-step` to the half-done
 * sign-in whose cookie hash is `browser_hash` (and its user); `passwordless` to the browser holding the passkey
 * cookie whose hash is `browser_hash`.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'second-step', 'passwordless'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_user_idx').on(table.userId)],
);
