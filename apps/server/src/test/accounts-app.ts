import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemoData } from '../seed/demo';
import { linkIn, startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

export const SIGN_UP = '/authenticate/oauth/users/create-cp-users/';
/** A password the policy accepts. */
export const STRONG = 'harbour crane at dusk';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * The set-up the account modules' tests share (identity, registration, profile): an app with demo data sending its
 * mail to a real SMTP receiver, started before the file's tests and closed after them. `onReady` hands the app and the
 * receiver to the file; the helpers sign up, verify and post as a browser would.
 */
export function useAccountsApp(onReady: (app: TestApp, smtp: Smtp) => void) {
  let t: TestApp;
  let smtp: Smtp;
  let seq = 0;
  const newEmail = () => `user${++seq}.${Date.now()}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { demo: true });
    await seedDemoData(t.database.db, { sessionSecret: t.app.ctx.env.sessionSecret });
    onReady(t, smtp);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signUp = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: SIGN_UP, payload: body });
  const validBody = (email = newEmail()) => ({
    username: email,
    password: STRONG,
    first_name: 'Mira',
    last_name: 'Nair',
    email,
    party: null,
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  /** A new customer, signed up and verified through the link of the mail the SMTP receiver got. */
  async function signUpAndVerify(email = newEmail()) {
    expect((await signUp(validBody(email))).statusCode).toBe(201);
    await t.app.ctx.mail.flush();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Verify'));
    const token = linkIn(mail, '/app-verify-email').searchParams.get('token')!;
    expect((await post('/authenticate/oauth/users/verify-email/', { token })).statusCode).toBe(200);
    return email;
  }

  return { newEmail, signUp, validBody, post, signUpAndVerify };
}
