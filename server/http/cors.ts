import type { Context, MiddlewareHandler } from 'hono';

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

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Ppm-Access, X-Ppm-MetaData';
/** Browsers keep a preflight's answer this long (Chromium caps it at 2 hours). */
export const PREFLIGHT_MAX_AGE = 7200;

/**
 * Anonymous calls any site may make: a published survey is asked and answered by whoever has its
 * address (the `cx-survey` element on any page); they carry no credentials and read nothing private.
 */
export const PUBLIC_API_PREFIXES = ['/api/survey/'];

/**
 * CORS for the API: a listed origin (any origin under PUBLIC_API_PREFIXES) gets its own origin back (no credentials: the bearer token
 * travels in the Authorization header), preflights are answered at once and cached; any other
 * foreign origin is refused with 403 before the request runs. Same-origin calls pass untouched.
 */
export function apiCors(origins: readonly string[], openPrefixes: readonly string[] = PUBLIC_API_PREFIXES): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || sameHost(c, origin)) return next();
    const open = openPrefixes.some((p) => c.req.path.startsWith(p));
    if (!open && !allowed.has(origin)) {
      return c.json({ message: `The origin ${origin} may not call this portal’s API: it is not in EMBED_ORIGINS.` }, 403);
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Vary', 'Origin', { append: true });
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      c.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
      return c.body(null, 204);
    }
    await next();
    c.res.headers.set('Access-Control-Expose-Headers', 'Content-Disposition');
  };
}

/** The element files are public: any page may load them as module scripts (which load in CORS mode). */
export const publicCors: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
};
