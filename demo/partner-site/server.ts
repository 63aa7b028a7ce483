// A partner's own web site on its own origin, for the signed-embed demo and its end-to-end test:
//   PORTAL=http://127.0.0.1:8080 EMBED_SECRET=... PORT=8081 npx tsx demo/partner-site/server.ts
// It serves its pages and, like any partner back end, signs short-lived embed requests with the
// secret it shares with the portal. The secret never reaches the browser.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { signEmbedRequest } from '../../server/embed/request';

const PORT = Number(process.env.PORT ?? 8081);
const PORTAL = (process.env.PORTAL ?? 'http://localhost:8080').replace(/\/$/, '');
const SECRET = process.env.EMBED_SECRET ?? '';
if (SECRET.length < 32) throw new Error('Set EMBED_SECRET (the same value as the portal, at least 32 characters).');

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const PAGES = new Set(['/index.html', '/snippet.html', '/signed-out.html', '/hostile.html', '/dark.html', '/mobile.html', '/embed.js', '/site.css', '/hostile.css', '/dark-site.css']);

const list = (value: string | null) => value?.split(',').filter(Boolean);

/**
 * What this partner's pages may show: by default the Overview dashboard and single tiles, for the
 * North region only. A page may name its elements and modules (`?elements=cx-queue&modules=cases`,
 * as the pages of the embedding tests do); a real partner decides this on its server.
 */
function embedRequest(query: URLSearchParams): string {
  const now = Math.floor(Date.now() / 1000);
  return signEmbedRequest(
    {
      iss: 'acme-partner',
      jti: randomUUID(),
      iat: now,
      exp: now + 300,
      claims: [['Region', 'North']],
      elements: list(query.get('elements')) ?? ['cx-visual', 'cx-dashboard', 'cx-smart-filter-bar'],
      modules: list(query.get('modules')) ?? ['responses'],
      dashboards: ['overview'],
    },
    SECRET,
  );
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://partner');
  const path = url.pathname;
  if (path === '/embed-token') {
    // A real partner checks its own user's session here before signing.
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ token: embedRequest(url.searchParams) }));
    return;
  }
  const file = path === '/' ? '/index.html' : path;
  if (!PAGES.has(file)) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const text = (await readFile(join(import.meta.dirname, file), 'utf8')).replaceAll('{{PORTAL}}', PORTAL);
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' });
  res.end(text);
}).listen(PORT, '127.0.0.1', () => console.log(`Partner site on http://127.0.0.1:${PORT}/ (portal ${PORTAL})`));
