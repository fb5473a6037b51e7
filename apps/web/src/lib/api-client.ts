import type { ErrorBody } from '@lading/contract/errors';
import { BACKGROUND_HEADER } from '@lading/contract/session-headers';
import { trackBusy } from './busy';

/** A failed API call: status, the server's error code and message, and per-field messages when it named fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly body: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

type TokenSource = () => string | null;
let getAccessToken: TokenSource = () => null;
let refreshAccessToken: () => Promise<boolean> = async () => false;
let onUnauthenticated: () => void = () => {};
let refreshing: Promise<boolean> | null = null;

/**
 * Wires the signed-in user's token into every call; how to renew it once when the server answers 401; and what
 * to do when it cannot be renewed (back to the login page).
 */
export function configureApiClient(options: {
  getAccessToken: TokenSource;
  refreshAccessToken: () => Promise<boolean>;
  onUnauthenticated: () => void;
}) {
  getAccessToken = options.getAccessToken;
  refreshAccessToken = options.refreshAccessToken;
  onUnauthenticated = options.onUnauthenticated;
}

/** One refresh at a time, however many calls found their token expired together. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshAccessToken()
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Calls that should not block the screen (typeahead searches) pass false. */
  busy?: boolean;
  /**
   * A call the app makes on its own (a poll), not for something the user did: the server does not count it as
   * activity, so it never keeps an idle session alive.
   */
  background?: boolean;
  /**
   * Sent as a signed-out visitor: without the stored token, and a 401 is the answer itself (no refresh, no trip to
   * the login page). The sign-in calls pass it: a session the browser still holds (its sign-out cut short by leaving
   * the page, or revoked elsewhere) must not ride along, and the token endpoint refuses any bearer header.
   */
  signedOut?: boolean;
};

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ErrorBody> | null)?.error as unknown;
  if (error && typeof error === 'object') {
    const { code, message, fields } = error as ErrorBody['error'];
    return new ApiError(status, code, message, fields ?? {}, body);
  }
  // Sign-up's flat shape (specification section 8): `{ error: "<text>", code, fields }`.
  if (typeof error === 'string') {
    const flat = body as { code?: unknown; fields?: unknown };
    const fields =
      flat.fields && typeof flat.fields === 'object' ? (flat.fields as Record<string, string>) : {};
    return new ApiError(status, typeof flat.code === 'string' ? flat.code : 'ERROR', error, fields, body);
  }
  return new ApiError(status, 'HTTP_ERROR', `Request failed (${status})`, {}, body);
}

/** GET calls started before anyone asked (`callEarly`), by path: the first ask of that path takes the call. */
const early = new Map<string, Promise<unknown>>();

/**
 * Starts a GET of `path` (no query) now, for a screen whose code has not run yet (lib/early-calls.ts): the first
 * apiRequest of the same path and method then answers with this call instead of sending its own; later ones send.
 */
export function callEarly(path: string, options?: RequestOptions): Promise<unknown> {
  // A call started before for the same path is left to whoever took it, not answered with.
  early.delete(path);
  const call = apiRequest(path, options);
  early.set(path, call);
  // The ask that takes the call gets its failure; untaken, it is nobody's.
  call.catch(() => {});
  return call;
}

/** The one API client: same-origin paths as the specification writes them, bearer token, JSON or form bodies. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const started =
    !url.search && !options.method && options.json === undefined && !options.form && early.get(path);
  if (started) {
    early.delete(path);
    return started as Promise<T>;
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.background ? { [BACKGROUND_HEADER]: '1' } : {}),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  const send = (token: string | null) =>
    fetch(url, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  const run = async () => {
    const token = options.signedOut ? null : getAccessToken();
    let response = await send(token);
    if (response.status === 401 && token) {
      if (await refreshOnce()) response = await send(getAccessToken());
      if (response.status === 401) onUnauthenticated();
    }
    answerWatcher?.(response);
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : null;
    if (!response.ok) throw toApiError(response.status, parsed);
    return parsed as T;
  };
  return options.busy === false ? run() : trackBusy(run());
}

let answerWatcher: ((response: Response) => void) | undefined;
/** Hears every API answer's headers (the idle warning reads how long the session has left: idle-warning.tsx). */
export function watchAnswers(watcher: typeof answerWatcher): void {
  answerWatcher = watcher;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Opens a long-lived response (server-sent events) with the bearer token in the header, renewing an expired token
 * once and ending a session the server no longer knows, as apiRequest does; never counted as busy. Resolves with
 * the open response or throws an ApiError.
 */
export async function openApiStream(path: string, signal: AbortSignal): Promise<Response> {
  const send = (token: string | null) =>
    fetch(path, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  const token = getAccessToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    if (await refreshOnce()) response = await send(getAccessToken());
    if (response.status === 401) onUnauthenticated();
  }
  if (!response.ok || !response.body) {
    throw toApiError(response.status, safeJson(await response.text().catch(() => '')));
  }
  return response;
}
