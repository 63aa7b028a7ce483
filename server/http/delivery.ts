import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TEXT = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than its headers and time cost. */
const MIN_BYTES = 1024;

/** The encoding to send: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name.trim().toLowerCase(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses every text answer the server makes on the fly (API JSON, the host page): brotli at a
 * fast quality, or gzip. Static files come precompressed from the build and pass untouched.
 */
export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  // A static file without a copy (a build run without elements/tools/precompress.mjs) goes as it
  // is: read whole through here, a file stream stalled its answer for 6 s.
  if (STATIC.test(c.req.path)) return;
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding || c.req.method === 'HEAD') return;
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  if (res.headers.has('content-encoding') || !TEXT.test(type)) return;
  if (Number(res.headers.get('content-length') ?? MIN_BYTES) < MIN_BYTES) return;
  // Last: asking for the body makes @hono/node-server turn its light answer into a web Response,
  // which it then writes through web streams (about a millisecond of an answer nobody compresses).
  if (!res.body) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (body.length < MIN_BYTES) {
    c.res = new Response(body, { status: res.status, headers });
    return;
  }
  const packed = encoding === 'br' ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : await gz(body, { level: 6 });
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  c.res = new Response(packed, { status: res.status, headers });
};

/** Where the build's files are served (their compressed copies beside them). */
export const STATIC = /^\/(elements|host|demo)\//;

/** A year for files whose name holds their content hash; they never change under that name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The autoloader and element entries keep their names across releases: cached briefly. */
export const SHORT = 'public, max-age=300';
/** Pages are checked again every time (they name the current chunks). */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a static file, by where it lives. */
export function cacheControlFor(path: string): string {
  if (/\/(elements\/chunks|host\/assets)\//.test(path)) return IMMUTABLE;
  if (/\.html?$|\/$/.test(path)) return REVALIDATE;
  return SHORT;
}
