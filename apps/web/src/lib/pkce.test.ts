import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier } from './pkce';

describe('PKCE', () => {
  it('makes 128-character verifiers of unreserved characters, different every time', () => {
    const a = createCodeVerifier();
    const b = createCodeVerifier();
    expect(a).toHaveLength(128);
    expect(a).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(a).not.toBe(b);
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
