import { createHmac, hkdfSync } from 'node:crypto';
import type {
  Passkey,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
  WebAuthnAssertion,
  WebAuthnAttestation,
} from '@lading/contract/second-factor';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './passkeys.repository';

/** A challenge is good for 5 minutes (the browser's own prompt times out after 2). */
const CHALLENGE_TTL_MS = 5 * 60_000;
const PROMPT_TIMEOUT_MS = 120_000;
/** Enough for a phone, a laptop, two security keys and their spares; more is a mistake or an attack. */
const MAX_PASSKEYS = 10;
/** ES256 (every platform authenticator), EdDSA and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [COSEALG.ES256, COSEALG.EdDSA, COSEALG.RS256];

export const PASSKEY_MESSAGES = {
  notAccepted: 'The passkey could not be checked. Try again, or use another way to sign in.',
  unknown: 'That passkey is not registered here. Sign in with your password, or use another passkey.',
  registrationFailed:
    'The passkey could not be added: the browser’s answer did not match this request. Start again.',
  alreadyRegistered: 'That passkey is registered already.',
  noneRegistered: 'No passkey is registered for this account: use the authenticator app or a recovery code.',
  tooMany: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
} as const;

type NewPasskey = Parameters<typeof repo.insertCredential>[1];

export const toPasskey = (row: repo.CredentialRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration on app-profile, and the assertions of a sign-in (as
 * its second step, or in place of the password). The relying party is the portal's address (PUBLIC_URL): its host
 * name is the RP ID and its origin the only origin accepted. User verification is required in every ceremony; a
 * challenge is answered once; an assertion's signature counter must grow when it is not zero.
 */
export function createPasskeys(deps: { db: Db; sessionSecret: string; publicUrl: string }) {
  const { db } = deps;
  const url = new URL(deps.publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;
  // The user handle the authenticator keeps: an HMAC of the user id (stable, no personal data, not guessable).
  const handleKey = Buffer.from(hkdfSync('sha256', deps.sessionSecret, 'lading-webauthn-user', 'hmac', 32));
  const userHandleOf = (userId: number) => createHmac('sha256', handleKey).update(String(userId)).digest();

  const expires = () => new Date(Date.now() + CHALLENGE_TTL_MS);

  return {
    rpID,
    origin,

    list: async (userId: number): Promise<Passkey[]> =>
      (await repo.listCredentials(db, userId)).map(toPasskey),

    count: (userId: number) => repo.countCredentials(db, userId),

    /**
     * Options for navigator.credentials.create: a discoverable credential if the authenticator can keep one (it then
     * signs in without the password too), user verification required, the user's passkeys excluded.
     */
    async registrationOptions(user: {
      id: number;
      email: string;
      displayName: string;
    }): Promise<PasskeyRegistrationOptions> {
      const existing = await repo.listCredentials(db, user.id);
      if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', PASSKEY_MESSAGES.tooMany);
      const options = await generateRegistrationOptions({
        rpName: 'Lading',
        rpID,
        userName: user.email,
        userDisplayName: user.displayName,
        userID: new Uint8Array(userHandleOf(user.id)),
        timeout: PROMPT_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await repo.replaceChallenge(
        db,
        { purpose: 'registration', userId: user.id },
        options.challenge,
        expires(),
      );
      return options as PasskeyRegistrationOptions;
    },

    /**
     * Checks the browser's attestation against the user's open registration challenge (taken: used once, right or
     * wrong) and answers the passkey to store (`store`). A wrong answer is a 400 naming `response`.
     */
    async verifyRegistration(
      userId: number,
      name: string,
      response: WebAuthnAttestation,
    ): Promise<NewPasskey> {
      if ((await repo.countCredentials(db, userId)) >= MAX_PASSKEYS)
        throw new AppError('CONFLICT', PASSKEY_MESSAGES.tooMany);
      const refused = () =>
        new AppError('VALIDATION_FAILED', PASSKEY_MESSAGES.registrationFailed, {
          fields: { response: PASSKEY_MESSAGES.registrationFailed },
        });
      // The challenge the browser signed, taken (used up, right or wrong) if it is the user's open one.
      let signed: unknown;
      try {
        signed = decodeClientDataJSON(response.response.clientDataJSON).challenge;
      } catch {
        signed = undefined;
      }
      const taken =
        typeof signed === 'string'
          ? await repo.takeChallenges(db, { purpose: 'registration', userId }, signed)
          : [];
      if (taken.length === 0) throw refused();
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: taken[0]!,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch {
        verified = { verified: false };
      }
      if (!verified.verified) throw refused();
      const info = verified.registrationInfo;
      return {
        userId,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        userHandle: isoBase64URL.fromBuffer(new Uint8Array(userHandleOf(userId))),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        name,
      };
    },

    /** Stores a verified passkey in the caller's transaction (409 when its credential id is registered already). */
    async store(tx: Tx, passkey: NewPasskey): Promise<repo.CredentialRow> {
      const row = await repo.insertCredential(tx, passkey);
      if (!row) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
      return row;
    },

    rename: (userId: number, id: number, name: string) => repo.renameCredential(db, userId, id, name),
    find: (userId: number, id: number) => repo.findCredential(db, userId, id),
    remove: (tx: Tx, userId: number, id: number) => repo.deleteCredential(tx, userId, id),
    removeAll: (tx: Tx, userId: number) => repo.deleteAllCredentials(tx, userId),

    /**
     * Options for navigator.credentials.get. With a user (a sign-in's second step): their passkeys; without (a
     * sign-in in place of the password): none listed, the authenticator offers its discoverable ones. The challenge
     * is bound to the browser's cookie (its hash).
     */
    async authenticationOptions(
      purpose: 'second-step' | 'passwordless',
      browserHash: string,
      userId: number | null,
    ): Promise<PasskeyAuthenticationOptions> {
      const allowed = userId === null ? [] : await repo.listCredentials(db, userId);
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: PROMPT_TIMEOUT_MS,
        userVerification: 'required',
        ...(userId === null
          ? {}
          : {
              allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: row.transports })),
            }),
      });
      await repo.replaceChallenge(db, { purpose, userId, browserHash }, options.challenge, expires());
      return options as PasskeyAuthenticationOptions;
    },

    /** Takes the browser's open sign-in challenges (each answered once, right or wrong). */
    takeChallenges: (purpose: 'second-step' | 'passwordless', browserHash: string, userId: number | null) =>
      repo.takeChallenges(db, { purpose, userId, browserHash }),

    /** The passkey an assertion names, or null. */
    findByCredentialId: (credentialId: string) => repo.findByCredentialId(db, credentialId),

    /**
     * Checks an assertion made with `credential` against one of `challenges`: origin, RP ID, user presence and
     * verification, signature, and a counter that grew (when not zero). A user handle, when sent (always, in a
     * sign-in without the password: `requireUserHandle`), must be the credential owner's. On success records the use
     * (counter, last used, backed-up flag); false otherwise.
     */
    async checkAssertion(
      credential: repo.CredentialRow,
      assertion: WebAuthnAssertion,
      challenges: string[],
      requireUserHandle: boolean,
    ): Promise<boolean> {
      const handle = assertion.response.userHandle;
      if (handle === undefined ? requireUserHandle : handle !== credential.userHandle) return false;
      let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        result = await verifyAuthenticationResponse({
          response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
          expectedChallenge: (challenge) => challenges.includes(challenge),
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: credential.credentialId,
            publicKey: isoBase64URL.toBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports as never,
          },
          requireUserVerification: true,
        });
      } catch {
        return false;
      }
      if (!result.verified) return false;
      const info = result.authenticationInfo;
      return repo.recordUse(db, credential.id, info.newCounter, info.credentialBackedUp);
    },
  };
}
