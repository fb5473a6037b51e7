import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRouted } from '../../../test/render-routed';
import { VerifyEmailPage } from './verify-email';

function renderPage(token: string | undefined) {
  renderRouted(() => <VerifyEmailPage token={token} />);
}

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('VerifyEmailPage (issue 28)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "This link is not valid" for a malformed token, never the validator’s text', async () => {
    // What the server answered before it checked the token's shape itself.
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'token: Too small: expected string to have >=16 characters',
          fields: { token: 'Too small: expected string to have >=16 characters' },
        },
      }),
    );
    renderPage('abc');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(ACCOUNT_MESSAGES.linkMalformed);
    expect(status.textContent).toMatch(/^This link is not valid/);
    expect(status.textContent).not.toMatch(/Too small|expected string/);
  });

  it('says so for the server’s own answer to a malformed token too, and for a link without a token', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: ACCOUNT_MESSAGES.linkMalformed,
          fields: { token: ACCOUNT_MESSAGES.linkMalformed },
        },
      }),
    );
    renderPage('AbCdEfGhIjKlMnOpQrStUv');
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.linkMalformed);
  });

  it('tells a spent or expired link apart: ask for a new one', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: ACCOUNT_MESSAGES.linkInvalid,
          fields: { token: ACCOUNT_MESSAGES.linkInvalid },
        },
      }),
    );
    renderPage('x'.repeat(43));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('without a token says the link is not valid, asking nothing of the server', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    renderPage(undefined);
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.linkMalformed);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
