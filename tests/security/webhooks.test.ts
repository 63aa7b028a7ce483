import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { emitEvent } from '../../server/webhooks/emit';
import { deliverDue } from '../../server/webhooks/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../tools/webhook-receiver';

let portal: Portal;
let receiver: WebhookReceiver;
let admin: string;
beforeAll(async () => {
  portal = await startPortal();
  receiver = await startWebhookReceiver({ certDir: mkdtempSync(join(tmpdir(), 'cx-webhook-security-')) });
  admin = (await portal.signIn('globaladmin@demo.cx')).access;
});
afterAll(async () => {
  await receiver.close();
  await portal.close();
});
beforeEach(async () => {
  vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '');
  vi.stubEnv('WEBHOOK_CA_FILE', receiver.caFile);
  receiver.reset();
  await portal.db.query('DELETE FROM webhooks');
  await portal.db.query('DELETE FROM webhook_deliveries');
  return () => vi.unstubAllEnvs();
});

const hook = (body: Record<string, unknown> = {}) => ({ name: 'Ops channel', url: 'https://hooks.example.com/cx', events: ['case.opened'], ...body });
const create = (body: Record<string, unknown> = {}, token = admin) => portal.call('POST', '/api/webhooks', { token, body: hook(body) });
/** A webhook to the local receiver, which only WEBHOOK_ALLOW_PRIVATE=1 lets one register. */
async function toReceiver(body: Record<string, unknown> = {}) {
  vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '1');
  const res = await create({ url: `${receiver.httpsOrigin}/in`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string };
}

describe('webhooks are administrators’ only', () => {
  it('refuses anonymous callers and users of other roles on every route', async () => {
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '1');
    const { id } = await toReceiver();
    const routes: Array<[string, string]> = [
      ['GET', '/api/webhooks'], ['POST', '/api/webhooks'], ['PUT', `/api/webhooks/${id}`], ['PATCH', `/api/webhooks/${id}`], ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/rotate`], ['POST', `/api/webhooks/${id}/test`], ['GET', `/api/webhooks/${id}/deliveries`],
    ];
    const others = await Promise.all(['portaluser@demo.cx', 'surveyeditor@demo.cx', 'north.manager@demo.cx', 'system@demo.cx'].map(async (e) => (await portal.signIn(e)).access));
    for (const [method, path] of routes) {
      expect((await portal.call(method, path, { body: hook() })).status, `${method} ${path}`).toBe(401);
      for (const token of others) expect((await portal.call(method, path, { token, body: hook() })).status, `${method} ${path}`).toBe(403);
    }
    expect(receiver.received).toHaveLength(0);
    const portalAdmin = (await portal.signIn('portaladmin@demo.cx')).access;
    expect((await portal.call('GET', '/api/webhooks', { token: portalAdmin })).status).toBe(200);
  });
});

describe('webhook addresses (SSRF)', () => {
  it('refuses http, credentials in the address and what is no URL', async () => {
    for (const url of ['http://hooks.example.com/cx', 'ftp://hooks.example.com/', 'file:///etc/passwd', 'https://user:pass@hooks.example.com/', 'https://token@hooks.example.com/', 'hooks.example.com', 'javascript:alert(1)']) {
      const res = await create({ url });
      expect(res.status, url).toBe(400);
      expect(res.body.errors.url, url).toBeDefined();
    }
  });

  it('refuses hosts that are or resolve to loopback, private, link-local or metadata addresses', async () => {
    const urls = [
      'https://127.0.0.1/', 'https://localhost:8443/', 'https://10.1.2.3/', 'https://172.16.0.1/', 'https://192.168.1.1/', 'https://100.64.0.1/',
      'https://169.254.169.254/latest/meta-data/', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://[fd00:ec2::254]/', 'https://[fe80::1]/',
      'https://0x7f.1/', 'https://2130706433/', 'https://0.0.0.0/', 'https://224.0.0.1/',
    ];
    for (const url of urls) {
      const res = await create({ url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/private, loopback or link-local/);
    }
    const { id } = await toReceiver();
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '');
    const moved = await portal.call('PATCH', `/api/webhooks/${id}`, { token: admin, body: { url: 'https://169.254.169.254/' } });
    expect(moved.status).toBe(400);
  });

  it('checks the address again at delivery: a name that resolves to a private address now is not sent to', async () => {
    // Saved while allowed (as a public name would be), then resolving to loopback at delivery: DNS rebinding.
    const { id } = await toReceiver({ url: `${receiver.httpsOrigin.replace('127.0.0.1', 'localhost')}/in` });
    const literal = await toReceiver();
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '');
    for (const target of [id, literal.id]) {
      const test = await portal.call('POST', `/api/webhooks/${target}/test`, { token: admin });
      expect(test.status).toBe(200);
      expect(test.body).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/private, loopback or link-local/) });
    }
    await portal.db.tx((q) => emitEvent(q, 'case.opened', { caseId: 'C-1' }, portal.clock.now));
    await deliverDue(portal.db, portal.clock.now);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('the signing secret', () => {
  it('is answered on create and rotate only, never in a list, change or log', async () => {
    const { id, secret } = await toReceiver();
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    const answers = [
      await portal.call('GET', '/api/webhooks', { token: admin }),
      await portal.call('PATCH', `/api/webhooks/${id}`, { token: admin, body: { name: 'Renamed' } }),
      await portal.call('PUT', `/api/webhooks/${id}`, { token: admin, body: hook({ url: `${receiver.httpsOrigin}/in` }) }),
      await portal.call('POST', `/api/webhooks/${id}/test`, { token: admin }),
      await portal.call('GET', `/api/webhooks/${id}/deliveries`, { token: admin }),
    ];
    for (const a of answers) {
      expect(a.status, a.text).toBe(200);
      expect(a.text).not.toContain(secret);
      expect(a.text).not.toMatch(/whsec_|"secret"/);
    }
    const rotated = await portal.call('POST', `/api/webhooks/${id}/rotate`, { token: admin });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await portal.call('GET', '/api/webhooks', { token: admin })).text).not.toContain(rotated.body.secret);
  });
});

describe('limits and bad input', () => {
  it('answers 400 for bad fields and 429 past 20 webhooks', async () => {
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '1');
    const url = `${receiver.httpsOrigin}/in`;
    for (const body of [{ name: 'x'.repeat(101) }, { name: ' ' }, { url: `https://example.com/${'a'.repeat(2000)}` }, { events: [] }, { events: ['ping'] }, { events: ['case.deleted'] }, { format: 'xml' }, { enabled: 'yes' }]) {
      const res = await create({ url, ...body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (let i = 0; i < 20; i++) expect((await create({ url, name: `Hook ${i}` })).status).toBe(201);
    const over = await create({ url, name: 'One too many' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/at most 20 webhooks/);
    expect((await portal.call('POST', '/api/webhooks/no-such-hook/test', { token: admin })).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('are sent once when several workers run at once', async () => {
    await toReceiver();
    for (let i = 0; i < 6; i++) await portal.db.tx((q) => emitEvent(q, 'case.opened', { caseId: `C-${i}` }, portal.clock.now));
    await inParallel(4, () => deliverDue(portal.db, portal.clock.now));
    const ids = receiver.received.map((r) => r.headers['x-cx-delivery']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(receiver.received.map((r) => JSON.parse(r.body).data.caseId).sort()).toEqual(['C-0', 'C-1', 'C-2', 'C-3', 'C-4', 'C-5']);
  });
});
