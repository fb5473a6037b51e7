import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApiClient, openApiStream } from './api-client';

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

describe('calls made as a signed-out visitor (the sign-in calls)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const refresh = vi.fn(async () => true);
  const unauthenticated = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // A token is still stored: a sign-out cut short, or a session revoked elsewhere.
    configureApiClient({
      getAccessToken: () => 'stale-token',
      refreshAccessToken: refresh,
      onUnauthenticated: unauthenticated,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    refresh.mockClear();
    unauthenticated.mockClear();
    configureApiClient({
      getAccessToken: () => null,
      refreshAccessToken: async () => false,
      onUnauthenticated: () => {},
    });
  });
  const authorizationOf = (call: number) =>
    new Headers(fetchMock.mock.calls[call]![1]!.headers).get('authorization');

  it('leave the stored token out, where other calls send it', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    await apiRequest('/authenticate/oauth/token/', {
      method: 'POST',
      form: { a: 'b' },
      busy: false,
      signedOut: true,
    });
    await apiRequest('/cp/notifications/', { busy: false });
    expect(authorizationOf(0)).toBeNull();
    expect(authorizationOf(1)).toBe('Bearer stale-token');
  });

  it('take a 401 as the answer: no token refresh, no trip to the login page', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Invalid credentials' } }), {
        status: 401,
      }),
    );
    const error = await apiRequest('/authenticate/oauth/login/', {
      method: 'POST',
      form: { username: 'x', password: 'y' },
      busy: false,
      signedOut: true,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Invalid credentials' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(unauthenticated).not.toHaveBeenCalled();
  });
});

describe('a refused call, the live stream included', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const unauthenticated = vi.fn();
  const refused = () =>
    new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Session ended' } }), {
      status: 401,
    });
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // The session was ended elsewhere: its token and its refresh token are refused.
    configureApiClient({
      getAccessToken: () => 'revoked-token',
      refreshAccessToken: async () => false,
      onUnauthenticated: unauthenticated,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    unauthenticated.mockClear();
    configureApiClient({
      getAccessToken: () => null,
      refreshAccessToken: async () => false,
      onUnauthenticated: () => {},
    });
  });

  it('ends the session (back to app-login) when a call is refused and the token cannot be renewed', async () => {
    fetchMock.mockImplementation(async () => refused());
    await expect(apiRequest('/cp/quotations/', { busy: false })).rejects.toMatchObject({ status: 401 });
    expect(unauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does the same when the notification stream is refused', async () => {
    fetchMock.mockImplementation(async () => refused());
    await expect(
      openApiStream('/cp/notifications/stream/', new AbortController().signal),
    ).rejects.toMatchObject({ status: 401 });
    expect(unauthenticated).toHaveBeenCalledTimes(1);
  });
});
