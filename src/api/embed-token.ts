/**
 * Tokens for pages that embed elements without a portal session: `configure({ token })` or
 * `configure({ getToken })`. What getToken returns is either a portal access token, or a
 * partner's signed embed request (`aud: "cx-portal"`, see docs/embedding.md), which is exchanged
 * here for a scoped portal token. Either is kept until shortly before it expires; getToken is
 * asked again then, and after a 401.
 */

/** Ask for a new token this long before the current one expires. */
export const RENEW_MARGIN_MS = 30_000;

interface Cached {
  source: () => unknown;
  apiBase: string;
  token: string;
  expires: number;
}

let cached: Cached | undefined;
let pending: Promise<string | undefined> | undefined;

/** The payload of a JWT, or undefined when the text is not one. */
export function jwtPayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const expiryOf = (token: string) => {
  const exp = jwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
};

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

async function exchange(fetchFn: Fetch, apiBase: string, request: string): Promise<{ token: string; expires: number } | undefined> {
  const res = await fetchFn(`${apiBase}/api/embed/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: request }) });
  if (!res.ok) {
    console.error(`cx-elements: the embed request was refused (${res.status}): ${(await res.json().catch(() => ({}))).message ?? ''}`);
    return undefined;
  }
  const body = (await res.json()) as { access_token: string };
  return { token: body.access_token, expires: expiryOf(body.access_token) };
}

/** A usable token from `getToken` for calls to `apiBase`; `renew` asks again whatever is cached (after a 401). */
export function tokenFrom(source: () => unknown, apiBase: string, fetchFn: Fetch, renew = false): Promise<string | undefined> {
  const fresh = cached && cached.source === source && cached.apiBase === apiBase && cached.expires - Date.now() > RENEW_MARGIN_MS;
  if (fresh && !renew) return Promise.resolve(cached!.token);
  pending ??= (async () => {
    try {
      const given = await source();
      if (typeof given !== 'string' || !given) return undefined;
      const got = jwtPayload(given)?.aud === 'cx-portal' ? await exchange(fetchFn, apiBase, given) : { token: given, expires: expiryOf(given) };
      cached = got && { source, apiBase, ...got };
      return got?.token;
    } catch (error) {
      console.error('cx-elements: getToken failed:', error);
      return undefined;
    } finally {
      pending = undefined;
    }
  })();
  return pending;
}

/** Forgets the cached token (configure() was called again). */
export function forgetEmbedToken(): void {
  cached = undefined;
}
