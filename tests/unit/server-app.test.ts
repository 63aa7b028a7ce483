import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import { chooseEncoding } from '../../server/http/delivery';

/** The host page's inline stylesheet, as the build writes it (vite.config.ts, inlineHostStyles). */
const HOST_STYLE = 'body{margin:0}.boot-bar{height:56px}';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cx-dist-'));
  for (const sub of ['host', 'elements', 'elements/chunks', 'demo']) mkdirSync(join(dir, sub));
  // A hashed chunk with the copies the build's precompress step writes beside it.
  writeFileSync(join(dir, 'elements', 'chunks', 'cx-core-AbC123.js'), 'export const x = 1;'.repeat(100));
  writeFileSync(join(dir, 'elements', 'chunks', 'cx-core-AbC123.js.br'), 'brotli bytes');
  writeFileSync(join(dir, 'elements', 'chunks', 'cx-core-AbC123.js.gz'), 'gzip bytes');
  // One without copies (a build run without the precompress step).
  writeFileSync(join(dir, 'elements', 'chunks', 'plain-XyZ789.js'), 'export const y = 2;'.repeat(200));
  writeFileSync(join(dir, 'host', 'index.html'), `<!doctype html><title>CX Portal</title><style>${HOST_STYLE}</style>`);
  writeFileSync(join(dir, 'elements', 'cx-elements.js'), 'export {};');
  // The manifest and the types beside the elements (elements/tools/package.mjs writes them).
  writeFileSync(join(dir, 'elements', 'custom-elements.json'), '{"schemaVersion":"1.0.0","modules":[]}');
  mkdirSync(join(dir, 'elements', 'types'));
  writeFileSync(join(dir, 'elements', 'types', 'cx-elements.d.ts'), 'export interface CxStarRatingAttributes {}\n');
  writeFileSync(join(dir, 'demo', 'index.html'), '<!doctype html><title>Demos</title>');
  writeFileSync(join(dir, 'demo', 'intranet.html'), '<!doctype html><title>Intranet</title>');
  return dir;
}

const db = await openDuckDb(':memory:');
// As the server starts: the data sources' definitions are rows (migrate adds the built-in ones).
await migrate(db);
afterAll(() => db.close());

describe('portal server', () => {
  const app = createApp({ distDir: fakeDist(), deps: { db, secret: 'x', now: () => new Date() } });

  it('serves the host page for every portal route, with a strict CSP', async () => {
    for (const path of ['/', '/home', '/dashboard/sales/', '/user/changePassword']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>CX Portal</title>');
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self'");
    }
  });

  it('allows the host page its own inline style by hash, and no other inline style anywhere', async () => {
    const hash = createHash('sha256').update(HOST_STYLE).digest('base64');
    const host = (await app.request('/home')).headers.get('content-security-policy');
    expect(host).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(host).not.toContain('unsafe-inline');
    // A demo page (a customer's page stands in for it) gets the policy with no inline style at all.
    expect((await app.request('/demo/intranet.html')).headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('serves elements and demo pages as files', async () => {
    const js = await app.request('/elements/cx-elements.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await (await app.request('/demo/intranet.html')).text()).toContain('Intranet');
    expect(await (await app.request('/demo/')).text()).toContain('Demos');
    expect((await app.request('/demo')).status).toBe(302);
  });

  it('serves the manifest and the types beside the elements to any origin, the types as text', async () => {
    const origin = { headers: { origin: 'https://partner.example' } };
    const manifest = await app.request('/elements/custom-elements.json', origin);
    expect(manifest.headers.get('content-type')).toContain('application/json');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect((await manifest.json()).schemaVersion).toBe('1.0.0');
    const types = await app.request('/elements/types/cx-elements.d.ts', origin);
    expect(types.status).toBe(200);
    expect(types.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(types.headers.get('access-control-allow-origin')).toBe('*');
    expect(await types.text()).toContain('CxStarRatingAttributes');
  });

  it('answers missing files and unknown API calls with 404, not the host page', async () => {
    expect((await app.request('/elements/cx-nope.js')).status).toBe(404);
    const api = await app.request('/api/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'No API route for GET /api/nothing' });
  });

  it('sends the build’s brotli or gzip copy of a file, and caches hashed chunks for a year', async () => {
    const br = await app.request('/elements/chunks/cx-core-AbC123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe('brotli bytes');
    const gz = await app.request('/elements/chunks/cx-core-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // A file without copies goes as it is, never read whole and compressed on the way (over a real
    // socket that stalled its answer for seconds).
    const uncopied = await app.request('/elements/chunks/plain-XyZ789.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(uncopied.headers.get('content-encoding')).toBeNull();
    expect((await uncopied.text()).length).toBe(3800);
    const plain = await app.request('/elements/chunks/cx-core-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBe(1900);
  });

  it('lets any page load the element files (module scripts load in CORS mode), with short caching for the autoloader', async () => {
    const res = await app.request('/elements/cx-elements.js', { headers: { origin: 'https://intranet.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await app.request('/home')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('choosing an encoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
