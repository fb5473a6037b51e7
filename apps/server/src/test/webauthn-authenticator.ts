import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
  WebAuthnAssertion,
  WebAuthnAttestation,
} from '@lading/contract/second-factor';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn Level 3, section 6.1). */
const FLAG = { UP: 0x01, UV: 0x04, AT: 0x40 } as const;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** What the authenticator keeps for one credential: its key pair, the site, the user handle, the counter. */
type Credential = {
  id: Buffer;
  privateKey: KeyObject;
  /** The public key as a COSE_Key (EC2, ES256, P-256). */
  cosePublicKey: Uint8Array;
  rpId: string;
  userHandle: string;
  counter: number;
};

/** How a test bends one ceremony: flags left out, another origin, a counter of its choice, another challenge. */
type Bend = {
  userVerified?: boolean;
  origin?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  challenge?: string;
  /** The credential to sign with (default: the first one for the site, or the one the options allow). */
  credentialId?: string;
  /** Leave the user handle out of the assertion. */
  withoutUserHandle?: boolean;
};

/**
 * A software authenticator for tests, written from the WebAuthn specification: an EC P-256 key pair per credential
 * (node:crypto), attestation "none", authenticator data built byte by byte, CBOR by the encoder @simplewebauthn/server
 * uses itself. It answers registration and authentication options as a browser with a platform authenticator
 * (user verified, discoverable credentials) would, unless a test bends a ceremony.
 */
export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  /** Counters start at 0 and grow by one per assertion, as most security keys do (platform ones often stay at 0). */
  constructor(
    private readonly origin: string,
    private readonly options: { countsUses: boolean } = { countsUses: true },
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new credential for the options' site and user. */
  register(options: PasskeyRegistrationOptions, bend: Bend = {}): WebAuthnAttestation {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      cosePublicKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    const flags = FLAG.UP | (bend.userVerified === false ? 0 : FLAG.UV) | FLAG.AT;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([flags]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: zeros, as most authenticators send with attestation "none"
      length,
      credential.id,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get: an assertion with a credential the options allow (any of its own for the site). */
  assert(options: PasskeyAuthenticationOptions, bend: Bend = {}): WebAuthnAssertion {
    const allowed = options.allowCredentials?.map((descriptor) => descriptor.id);
    const credential = this.credentials.find((candidate) => {
      const id = b64url(candidate.id);
      if (bend.credentialId) return id === bend.credentialId;
      return candidate.rpId === options.rpId && (!allowed?.length || allowed.includes(id));
    });
    if (!credential) throw new Error('the authenticator has no credential for these options');
    if (this.options.countsUses) credential.counter += 1;
    const counter = bend.counter ?? credential.counter;
    const flags = FLAG.UP | (bend.userVerified === false ? 0 : FLAG.UV);
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([flags]), uint32(counter)]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(bend.withoutUserHandle ? {} : { userHandle: credential.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
