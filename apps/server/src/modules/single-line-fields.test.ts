import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { signInAs } from '../test/auth';
import { createTestApp, type TestApp } from '../test/test-app';
import { enqueueMail } from './mail';

/**
 * Issue 27, findings 4 and 5: company names, user names and reasons kept CR/LF (a mail subject carried them, and the
 * local outbox file showed forged `Bcc:` lines) and bidi overrides ("Invoice\u202etxt.exe" reads spoofed on the
 * admin screens). One-line fields refuse both with a 400 naming the field; nothing is written.
 */
describe('one-line fields refuse control and bidi characters', () => {
  let t: TestApp;
  let customer: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
  });
  afterAll(() => t.close());

  const expectFieldError = (response: LightMyRequestResponse, field: string, message: RegExp) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields[field]).toMatch(message);
  };

  it('sign-up: a first name with CR/LF and a Bcc line is refused, and no account is created', async () => {
    const email = `crlf-${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/users/create-cp-users/',
      payload: {
        username: email,
        email,
        password: 'Lading-test-2026!',
        first_name: 'Eve\r\nBcc: victim@example.com',
        last_name: 'Mallory',
      },
    });
    // Sign-up answers the specification's flat error shape.
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields.first_name).toMatch(/one line of text/);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = ${email}`,
    );
    expect(row!.n).toBe(0);
  });

  it('a company request whose name carries a right-to-left override is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cp/companies/',
      headers: customer,
      payload: {
        name: 'Invoice\u202etxt.exe Traders',
        address: 'Dock Road 1',
        country: 'India',
        taxId: 'GST 27AAAAA0000A1Z5',
      },
    });
    expectFieldError(response, 'name', /bidirectional/);
  });

  it('a reason with a line break is refused (quotation rejection)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cp/quotations/1/reject/',
      headers: { ...customer, 'content-type': 'application/json' },
      payload: { reason: 'too dear\nBcc: victim@example.com' },
    });
    expectFieldError(response, 'reason', /one line of text/);
  });

  it('accepts names in any script, accents and spaces included', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cp/companies/',
      headers: customer,
      payload: {
        name: 'Companhia São Paulo — شركة النقل',
        address: 'Dock Road 1',
        country: 'India',
        taxId: 'GST 27AAAAA0000A1Z5',
      },
    });
    expect(response.statusCode).toBe(201);
  });

  it('a mail subject is one line whatever reaches the outbox', async () => {
    const id = await enqueueMail(t.database.db, {
      to: ['someone@example.com'],
      subject: 'Bill returned\r\nBcc: victim@example.com',
      text: 'body',
    });
    const [row] = await queryRows<{ subject: string }>(
      t.database.db,
      sql`select subject from outbox_mails where id = ${id}`,
    );
    expect(row!.subject).toBe('Bill returned Bcc: victim@example.com');
  });
});
