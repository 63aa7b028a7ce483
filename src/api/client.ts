import ky, { type KyInstance } from 'ky';
import { $config } from '../stores/config';
import { $path, hasHost, navigate } from '../stores/navigation';
import { requireSignIn, signInArrived } from '../stores/auth-required';
import { forgetEmbedToken, tokenFrom } from './embed-token';
import { $session, needsRefresh } from '../stores/session';
import { decide, type BadRequest } from './errors';
import { callStarted } from './first-view';
import { setGate } from '../elements/shared-root';
import { AuthGate } from '../elements/auth-gate';

export type { BadRequest } from './errors';

/** A failed call that was not passed on as a 400 body. `handled` means the client already navigated. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly handled: boolean,
  ) {
    super(message);
  }
}

export const isBadRequest = (value: unknown): value is BadRequest =>
  typeof value === 'object' && value !== null && (value as BadRequest).contain_error === true;

// An element whose call can be refused for want of a sign-in shows the sign-in state instead.
setGate(AuthGate);

let fetchImpl: typeof fetch = (input, init) => fetch(input, init);
/** Where requests go; the server tests point it at the app in-process (`app.request`). */
export function setFetch(impl: typeof fetch): void {
  fetchImpl = impl;
}

let lastClicked = '';
if (typeof document !== 'undefined') {
  // X-Ppm-MetaData: the last element the user clicked, described by tag, id and accessible name.
  document.addEventListener(
    'click',
    (event) => {
      const el = event.composedPath()[0] as Element | undefined;
      if (!el || !('localName' in el)) return;
      const name = el.getAttribute?.('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      lastClicked = `${el.localName}${el.id ? `#${el.id}` : ''}${name ? `:${name}` : ''}`.replace(/[^\x20-\x7e]/g, '');
    },
    { capture: true },
  );
}

// A session or a token arriving (a sign-in, configure()) lets every element waiting for one try again.
let lastAuth = { token: $config.get().token, getToken: $config.get().getToken };
$config.listen((config) => {
  if (config.token === lastAuth.token && config.getToken === lastAuth.getToken) return;
  lastAuth = { token: config.token, getToken: config.getToken };
  forgetEmbedToken();
  signInArrived();
});

// Calls made in a session end with it. Calls still in flight at a sign-out are aborted. Otherwise
// the server, which has just ended the session, would refuse them, and each refusal is a 401 in
// the console of a page that has already left.
let sessionCalls = new AbortController();
// Every end of a session in the host (a sign-out, a failed refresh) moves the page to the sign-in.
// An element still on screen meanwhile may call again (its filters go back to the defaults with the
// session): without a token the server could only refuse it, so it is not sent.
let endedHere = false;
$session.listen((session, before) => {
  endedHere = !session && (endedHere || !!before);
  if (session) signInArrived();
  else if (before) {
    sessionCalls.abort();
    sessionCalls = new AbortController();
  }
});

const http: KyInstance = ky.create({ throwHttpErrors: false, retry: 0, timeout: 30_000, fetch: (i, o) => fetchImpl(i as RequestInfo, o) });

type Refresher = () => Promise<boolean>;
let refresher: Refresher | undefined;
let refreshing: Promise<boolean> | undefined;
/** The session module registers how to refresh (it needs this client: kept apart to avoid a cycle). */
export function setRefresher(fn: Refresher): void {
  refresher = fn;
}

/** Refreshes the access token when it expires within 10 s (or is not in memory yet, after a reload); one refresh at a time. */
export async function ensureFreshToken(): Promise<void> {
  const session = $session.get();
  if (!session || !needsRefresh(session)) return;
  // An element used alone on a page (no host) has not loaded the identity module that registers the refresher.
  const refresh = refresher ?? (await import('./identity')).refreshSession;
  refreshing ??= refresh().finally(() => (refreshing = undefined));
  const end = callStarted(); // counted as a call: the first view waits for the refresh and what follows it
  try {
    await refreshing;
  } finally {
    end();
  }
}

/** Where an element's calls go: its own `api-base` (else the page's), and the element itself (told when a sign-in is needed). */
export interface ApiTarget {
  apiBase?: string;
  host?: Element;
  /** The element's language: the server writes what it names (tile titles, filter names) in it, not in the page's. */
  lang?: string;
}

export interface RequestOptions {
  /** The calling element; without it the page-wide settings apply. */
  target?: ApiTarget;
  json?: unknown;
  /** A raw body instead of JSON (a file to upload). */
  body?: BodyInit;
  /** Milliseconds before the call is given up (30 s by default; false: never, for a large upload). */
  timeout?: number | false;
  /** Settings, token and static calls go without the session headers. */
  anonymous?: boolean;
  /** The request loads a script: a 5xx is rejected quietly. */
  script?: boolean;
  /** The caller shows a 5xx itself (an ApiError): the page is not moved to /error (the builder's unsaved draft stays). */
  inline?: boolean;
  /** Aborts the call (a newer one replaced it). */
  signal?: AbortSignal;
  /** More headers (the CSRF token of a cookie refresh). */
  headers?: Record<string, string>;
  /** The call outlives the page (sent as the page is left). */
  keepalive?: boolean;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The bearer token for a call: `configure({ token })`, else `configure({ getToken })` (a partner's
 * embed request is exchanged for a scoped token), else the portal session, refreshed when due.
 */
async function bearer(apiBase: string, renew: boolean): Promise<string | undefined> {
  const { token, getToken } = $config.get();
  if (token) return token;
  if (getToken) return tokenFrom(getToken, apiBase, (input, init) => fetchImpl(input, init), renew);
  await ensureFreshToken();
  return $session.get()?.token || undefined;
}

/** One API call with the portal's headers and the error catalogue applied, counted until it ends (src/api/first-view.ts). */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T | BadRequest> {
  const end = callStarted();
  try {
    return await ask<T>(method, path, options);
  } finally {
    end();
  }
}

/**
 * Per API base, the token of the latest write an answer reported (X-Cx-Read-After): sent with every
 * later call there, so that a read after a write is answered from a copy that holds it (the server's
 * analytics replica; an embedded element on another site gets no cookie, so the header carries it).
 */
const READ_AFTER = 'X-Cx-Read-After';
const readAfter = new Map<string, string>();
function noteReadAfter(apiBase: string, res: Response): void {
  const token = res.headers.get(READ_AFTER);
  const known = readAfter.get(apiBase);
  if (token && /^\d{1,20}$/.test(token) && (!known || BigInt(token) > BigInt(known))) readAfter.set(apiBase, token);
}

async function ask<T>(method: string, path: string, options: RequestOptions): Promise<T | BadRequest> {
  const apiBase = options.target?.apiBase ?? $config.get().apiBase;
  const signedIn = !!$session.get();
  const signal = signedIn && !options.anonymous ? sessionCalls.signal : undefined;
  const send = async (renew: boolean) => {
    // The server answers in the calling element's language, else the page's (its messages, the names of its content).
    const headers: Record<string, string> = { 'Accept-Language': options.target?.lang ?? $config.get().locale, ...options.headers };
    const after = readAfter.get(apiBase);
    if (after) headers[READ_AFTER] = after;
    if (!options.anonymous) {
      const token = await bearer(apiBase, renew);
      // Signed out while this call waited for its token: it is dropped, not sent to be refused.
      signal?.throwIfAborted();
      if (token) headers.Authorization = `Bearer ${token}`;
      headers['X-Ppm-Access'] = 'Web';
      if (lastClicked) headers['X-Ppm-MetaData'] = lastClicked;
    }
    // Same-origin calls carry the refresh cookie to the token call; other origins never get credentials.
    const signals = [signal, options.signal].filter((s) => s !== undefined);
    return http(`${apiBase}${path}`, { method, json: options.json, body: options.body, ...(options.timeout === undefined ? {} : { timeout: options.timeout }), headers, credentials: 'same-origin', signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0], keepalive: options.keepalive });
  };
  // Outside the host portal with nothing to sign in with (no session, no token): the call could
  // only be refused, so the element asks for a sign-in without making it (no 401 in the console).
  if (!options.anonymous && !hasHost() && !signedIn && !$config.get().token && !$config.get().getToken) {
    requireSignIn(options.target?.host, { apiBase: apiBase || (typeof location === 'undefined' ? '' : location.origin) });
    throw new ApiError(401, 'Sign in to continue.', true);
  }
  if (!options.anonymous && options.target?.host && hasHost() && endedHere && !signedIn && !$config.get().token && !$config.get().getToken) {
    throw new ApiError(401, 'Signed out.', true);
  }
  const startedOn = $path.get();
  let res: Response;
  let body: unknown;
  try {
    res = await send(false);
    // A token from getToken may have ended early (revoked, a restart): ask for a new one once.
    if (res.status === 401 && !options.anonymous && $config.get().getToken && !$config.get().token) res = await send(true);
    noteReadAfter(apiBase, res);
    body = await parse(res);
  } catch (error) {
    if (signal?.aborted) throw new ApiError(401, 'Signed out.', true);
    throw error;
  }
  if (res.ok) return body as T;

  const message = typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${res.status}`;
  // Outside the host portal an element never moves the page: it asks for a sign-in instead.
  if (res.status === 401 && !hasHost()) {
    requireSignIn(options.target?.host, { apiBase: apiBase || (typeof location === 'undefined' ? '' : location.origin) });
    throw new ApiError(401, message, true);
  }
  const action = decide({ status: res.status, body, isScript: options.script, inline: options.inline, navigatedAway: $path.get() !== startedOn });
  switch (action.kind) {
    case 'pass':
      return action.body;
    case 'navigate':
      navigate(action.to, { system: true });
      throw new ApiError(res.status, message, true);
    case 'ignore':
      throw new ApiError(res.status, message, true);
    case 'reject':
      throw new ApiError(res.status, message, action.quiet);
  }
}
