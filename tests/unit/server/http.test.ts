import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { harness, type Harness } from './harness';

// The same app over a real socket: headers, status codes and bodies as a browser sees them.
let h: Harness;
let server: ServerType;
let base: string;
beforeAll(async () => {
  h = await harness(1000);
  const app = createApp({ deps: { db: h.db, secret: 'http-secret', now: () => new Date() } });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await h.close();
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the API over HTTP', () => {
  it('signs in, then serves smart-data counts restricted by claims', async () => {
    const signIn = await post('/api/identity/token', { username: 'north.manager@demo.cx', password: 'Demo-2345!' });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('content-type')).toContain('application/json');
    const { content } = await signIn.json();
    const res = await post('/api/smartdata/filters/responses', { smartFilters: [] }, content.access_token);
    const body = await res.json();
    const regions = body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region');
    expect(regions.filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413, never 500', async () => {
    const malformed = await post('/api/identity/token', '{"username":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const huge = await post('/api/identity/token', { username: 'x'.repeat(300_000), password: 'y' });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe('The request body is larger than 256 KB.');
  });

  it('sets security headers', async () => {
    const res = await fetch(`${base}/api/settings`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
