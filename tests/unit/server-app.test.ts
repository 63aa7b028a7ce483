import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDuckDb } from '../../server/db/duckdb';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cx-dist-'));
  for (const sub of ['host', 'elements', 'demo']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'host', 'index.html'), '<!doctype html><title>CX Portal</title>');
  writeFileSync(join(dir, 'elements', 'cx-elements.js'), 'export {};');
  writeFileSync(join(dir, 'demo', 'index.html'), '<!doctype html><title>Demos</title>');
  writeFileSync(join(dir, 'demo', 'intranet.html'), '<!doctype html><title>Intranet</title>');
  return dir;
}

const db = await openDuckDb(':memory:');
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

  it('serves elements and demo pages as files', async () => {
    const js = await app.request('/elements/cx-elements.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await (await app.request('/demo/intranet.html')).text()).toContain('Intranet');
    expect(await (await app.request('/demo/')).text()).toContain('Demos');
    expect((await app.request('/demo')).status).toBe(302);
  });

  it('answers missing files and unknown API calls with 404, not the host page', async () => {
    expect((await app.request('/elements/cx-nope.js')).status).toBe(404);
    const api = await app.request('/api/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'No API route for GET /api/nothing' });
  });
});
