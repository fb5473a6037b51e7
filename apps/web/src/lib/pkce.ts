/** RFC 7636 unreserved characters. */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** A code verifier of `length` random unreserved characters (the portal uses 128, the maximum). */
export function createCodeVerifier(length = 128): string {
  // 66 characters: reject bytes >= 198 (3 × 66) so every character is equally likely.
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 198 && out.length < length) out.push(UNRESERVED[byte % 66]!);
    }
  }
  return out.join('');
}

export function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** S256 challenge: BASE64URL(SHA-256(ASCII(verifier))). */
export async function createCodeChallenge(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}
