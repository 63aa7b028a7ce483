import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * The origins allowed to embed the portal (EMBED_ORIGINS, comma-separated, e.g.
 * `https://intranet.example.com,https://partner.example`): they may call the API from script
 * (CORS with the Authorization header; never cookies) and frame the portal's pages.
 */
export function parseOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (list ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    try {
      const url = new URL(item);
      if (url.origin !== 'null') origins.push(url.origin);
    } catch {
      throw new Error(`EMBED_ORIGINS: "${item}" is not an origin (scheme://host[:port]).`);
    }
  }
  return origins;
}

const sameHost = (c: Context, origin: string) => {
  try {
    return new URL(origin).host === c.req.header('host');
  } catch {
    return false;
  }
};

// X-Cx-Read-After: the token of the caller's latest write (read-your-writes with the replica, server/http/read-after.ts).
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Ppm-Access', 'X-Ppm-MetaData', 'X-Cx-Read-After'];
/** Browsers keep a preflight's answer this long (Chromium caps it at 2 hours). */
export const PREFLIGHT_MAX_AGE = 7200;

/**
 * Anonymous calls any site may make: a published survey is asked and answered by whoever has its
 * address (the `cx-survey` element on any page); they carry no credentials and read nothing private.
 */
export const PUBLIC_API_PREFIXES = ['/api/survey/'];

/**
 * Where an identity provider's page posts a form the browser navigates with (SAML HTTP-POST: the
 * answer to a sign-in, a logout message): its Origin is the provider's. A navigation, not a script's
 * call, so it passes without a CORS grant (a foreign script could not read the answer anyway).
 */
export const FORM_POST_PATHS = ['/api/sso/saml/acs', '/api/sso/saml/slo'];

/**
 * The methods an app's routes answer (read at the first request, when every route is registered):
 * a preflight allows what the API serves (PUT, PATCH, DELETE too), not a list kept by hand.
 */
export function routedMethods(app: { routes: ReadonlyArray<{ method: string }> }): () => string[] {
  let methods: string[] | undefined;
  return () => (methods ??= [...new Set(app.routes.map((r) => r.method.toUpperCase()).filter((m) => m !== 'ALL'))]);
}

/**
 * CORS for the API, by Hono's own middleware: a listed origin (any origin under PUBLIC_API_PREFIXES)
 * gets its own origin back (no credentials: the bearer token travels in the Authorization header),
 * preflights are answered at once and cached. Any other foreign origin is refused with 403 before
 * the request runs, with no grant. Same-origin calls pass untouched.
 */
export function apiCors(origins: readonly string[], methods: () => string[], openPrefixes: readonly string[] = PUBLIC_API_PREFIXES): MiddlewareHandler {
  const allowed = new Set(origins);
  const grant = cors({
    origin: (origin) => origin,
    allowMethods: () => methods(),
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: ['Content-Disposition', 'X-Cx-Read-After'],
    maxAge: PREFLIGHT_MAX_AGE,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || sameHost(c, origin) || FORM_POST_PATHS.includes(c.req.path)) return next();
    const open = openPrefixes.some((p) => c.req.path.startsWith(p));
    if (!open && !allowed.has(origin)) {
      return c.json({ message: `The origin ${origin} may not call this portal’s API: it is not in EMBED_ORIGINS.` }, 403);
    }
    return grant(c, next);
  };
}

/** The element files are public: any page may load them as module scripts (which load in CORS mode). */
export const publicCors: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
};
