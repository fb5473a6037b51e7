import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

// fetch is stubbed: the client's reading of error bodies, no server involved.
describe('API errors', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.unstubAllGlobals());

  const failWith = async (body: unknown) => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 400 }));
    return apiRequest('/x/', { busy: false }).catch((error: unknown) => error as ApiError);
  };

  it('reads code, message and field messages of the usual shape', async () => {
    const error = await failWith({
      error: { code: 'VALIDATION_FAILED', message: 'vgm: is too large', fields: { vgm: 'is too large' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { vgm: 'is too large' } });
  });

  it('keeps the field messages of the sign-up shape ({ error: "<text>", code, fields })', async () => {
    const error = await failWith({
      error: 'This password is too common.',
      code: 'VALIDATION_FAILED',
      fields: { password: 'This password is too common.' },
    });
    expect(error).toMatchObject({
      message: 'This password is too common.',
      code: 'VALIDATION_FAILED',
      fields: { password: 'This password is too common.' },
    });
  });
});
