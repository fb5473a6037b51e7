// After the whole end-to-end run: the portal's log (every request of every spec, at level info) must hold no secret.
// Tokens, authorization codes, link tokens and password hashes are recognised by shape, not by value, so this
// catches any that slipped through, whoever logged them.
import { existsSync, readFileSync } from 'node:fs';
import { SERVER_LOG } from './server-log';

const SECRET_SHAPES: [string, RegExp][] = [
  ['an argon2 password hash', /\$argon2(?:id|i|d)\$/],
  ['a bearer token', /Bearer\s+(?!\[redacted\])[A-Za-z0-9\-._~+/]{12,}/i],
  [
    'a secret in a query string',
    /[?&](?:code|token|code_verifier|access_token|refresh_token|id_token|id_token_hint|client_secret|password)=(?!\[redacted\])[^&\s"']+/i,
  ],
  [
    'a secret in JSON',
    /"(?:access_token|refresh_token|id_token|password|code_verifier|passwordHash|password_hash|clientSecret|client_secret|secret_hash|secretHash)"\s*:\s*"(?!\[redacted\])[^"]+/i,
  ],
];

export default function checkServerLog() {
  if (!existsSync(SERVER_LOG)) throw new Error(`the server log ${SERVER_LOG} was not written`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  const requests = lines.filter((line) => line.includes('"request completed"')).length;
  // The log really holds the run: many requests, and the OAuth callback with its code scrubbed.
  if (requests < 100) throw new Error(`the server log holds only ${requests} requests; was it captured?`);
  if (!lines.some((line) => line.includes('/oauth/callback?code=[redacted]')))
    throw new Error('the server log has no OAuth callback: the scrubbing could not be checked');
  const found = lines.flatMap((line, index) =>
    SECRET_SHAPES.filter(([, shape]) => shape.test(line)).map(([what]) => `line ${index + 1}: ${what}`),
  );
  if (found.length)
    throw new Error(`secrets in the server log (${SERVER_LOG}):\n${found.slice(0, 20).join('\n')}`);
  console.log(`server log: ${requests} requests, no token, code, link token or password hash`);
}
