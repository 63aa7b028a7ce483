import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { harness, type Harness } from './harness';
import { emitEvent } from '../../../server/webhooks/emit';
import { deliverDue, MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS } from '../../../server/webhooks/worker';
import { runDueAlerts } from '../../../server/alerts/scheduler';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../../tools/webhook-receiver';

let h: Harness;
let admin: string;
let receiver: WebhookReceiver;
let start: Date;
beforeAll(async () => {
  h = await harness(200);
  start = h.clock.now;
  admin = await h.signIn('portaladmin@demo.cx');
  receiver = await startWebhookReceiver({ certDir: mkdtempSync(join(tmpdir(), 'cx-webhook-unit-')) });
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});
beforeEach(async () => {
  // The receiver is on 127.0.0.1 with its own certificate: allowed and trusted for these tests only.
  vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '1');
  vi.stubEnv('WEBHOOK_CA_FILE', receiver.caFile);
  vi.stubEnv('WEBHOOK_RETRY_BASE_MS', '');
  vi.stubEnv('WEBHOOK_SECRET_KEY', '');
  receiver.reset();
  // Tests move the clock; each starts where the sign-in was made.
  h.clock.now = start;
  await h.db.query('DELETE FROM webhooks');
  await h.db.query('DELETE FROM webhook_deliveries');
  await h.db.query('DELETE FROM webhook_attempts');
  return () => vi.unstubAllEnvs();
});

const create = async (body: Record<string, unknown> = {}) => {
  const res = await h.call('POST', '/api/webhooks', { token: admin, body: { name: 'Receiver', url: `${receiver.httpsOrigin}/hook?team=cx`, events: ['case.opened', 'alert.fired'], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
};
const emit = (data: Record<string, unknown> = { caseId: 'C-1' }) => h.db.tx((q) => emitEvent(q, 'case.opened', data, h.clock.now));
const advance = (ms: number) => (h.clock.now = new Date(h.clock.now.getTime() + ms));
const log = async (id: string) => (await h.call('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body;

/** What a receiver does with a delivery: recomputes the signature over `${timestamp}.${body}` with its secret. */
function verify(request: ReceivedRequest, secret: string): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(`${request.headers['x-cx-timestamp']}.${request.body}`).digest('hex')}`;
  return request.headers['x-cx-signature'] === expected;
}

describe('webhook deliveries', () => {
  it('are signed so that the receiver can check them with the secret shown on create', async () => {
    const { id, secret } = await create();
    await emit({ caseId: 'C-1', message: 'A detractor in North' });
    expect(await deliverDue(h.db, h.clock.now)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hook?team=cx');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-cx-event']).toBe('case.opened');
    expect(got.headers['x-cx-timestamp']).toBe(String(Math.floor(h.clock.now.getTime() / 1000)));
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, `${secret}x`)).toBe(false);
    expect(verify({ ...got, body: got.body.replace('North', 'South') }, secret)).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toEqual({ id: expect.any(String), type: 'case.opened', createdAt: h.clock.now.toISOString(), data: { caseId: 'C-1', message: 'A detractor in North' } });
    const { attempts } = await log(id);
    expect(attempts).toEqual([expect.objectContaining({ deliveryId: got.headers['x-cx-delivery'], event: 'case.opened', attempt: 1, status: 200, ok: true, answer: 'ok', error: null })]);
    // Nothing is sent twice.
    expect(await deliverDue(h.db, h.clock.now)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('are signed as well with the secret sealed under WEBHOOK_SECRET_KEY, which the database does not hold in clear', async () => {
    vi.stubEnv('WEBHOOK_SECRET_KEY', 'a-key-of-the-server-that-is-long-enough');
    const { id, secret } = await create();
    const [stored] = await h.db.query<{ secret: string }>('SELECT secret FROM webhooks WHERE id = $1', [id]);
    expect(stored.secret).not.toContain(secret);
    await emit();
    await deliverDue(h.db, h.clock.now);
    expect(verify(receiver.received[0], secret)).toBe(true);
    // Another key reads no secret: the attempt fails and says to rotate it.
    vi.stubEnv('WEBHOOK_SECRET_KEY', 'another-key-of-the-server-long-enough');
    advance(1000);
    await emit();
    await deliverDue(h.db, h.clock.now);
    expect(receiver.received).toHaveLength(1);
    expect((await log(id)).attempts[0].error).toMatch(/rotate the secret/);
  });

  it('go only to enabled webhooks subscribed to the event, and not at all when the action rolls back', async () => {
    await create({ events: ['case.closed'] });
    await create({ enabled: false });
    await emit();
    await expect(h.db.tx(async (q) => {
      await emitEvent(q, 'case.closed', {}, h.clock.now);
      throw new Error('the action failed');
    })).rejects.toThrow('the action failed');
    expect(await h.db.query('SELECT id FROM webhook_deliveries')).toEqual([]);
  });

  it('are retried with back-off after a failure: one failing first, then delivered', async () => {
    const { id, secret } = await create();
    receiver.failNext(1);
    await emit();
    expect(await deliverDue(h.db, h.clock.now)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    advance(WEBHOOK_RETRY_BASE_MS - 1000);
    expect(await deliverDue(h.db, h.clock.now)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    advance(1000);
    expect(await deliverDue(h.db, h.clock.now)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    // The same delivery both times, signed each time at its own moment.
    expect(receiver.received[1].headers['x-cx-delivery']).toBe(receiver.received[0].headers['x-cx-delivery']);
    expect(receiver.received.every((r) => verify(r, secret))).toBe(true);
    const { attempts } = await log(id);
    expect(attempts.map((a: { attempt: number; status: number; answer: string }) => [a.attempt, a.status, a.answer])).toEqual([
      [2, 200, 'ok'],
      [1, 500, 'failing as told'],
    ]);
  });

  it(`wait base, 4×base, 16×base… (WEBHOOK_RETRY_BASE_MS) and give up after ${MAX_ATTEMPTS} attempts`, async () => {
    vi.stubEnv('WEBHOOK_RETRY_BASE_MS', '1000');
    const { id } = await create();
    receiver.failNext(100);
    await emit();
    const sentAt: number[] = [];
    for (let step = 0; step < 400 && sentAt.length < MAX_ATTEMPTS + 1; step++) {
      const before = receiver.received.length;
      await deliverDue(h.db, h.clock.now);
      if (receiver.received.length > before) sentAt.push(h.clock.now.getTime());
      advance(1000);
    }
    expect(sentAt).toHaveLength(MAX_ATTEMPTS);
    expect(sentAt.slice(1).map((t, i) => (t - sentAt[i]) / 1000)).toEqual([1, 4, 16, 64, 256]);
    const [delivery] = await h.db.query<{ state: string }>('SELECT state FROM webhook_deliveries');
    expect(delivery.state).toBe('failed');
    expect((await log(id)).attempts).toHaveLength(MAX_ATTEMPTS);
  });

  it('waiting longer than 7 days are dropped', async () => {
    await create();
    receiver.failNext(1);
    await emit();
    await deliverDue(h.db, h.clock.now);
    advance(8 * 24 * 3_600_000);
    await deliverDue(h.db, h.clock.now);
    expect(receiver.received).toHaveLength(1);
    expect(await h.db.query('SELECT id FROM webhook_deliveries')).toEqual([]);
  });

  it('keep the last 200 attempts in the log', async () => {
    const { id } = await create();
    const old = new Date(h.clock.now.getTime() - 3_600_000);
    await h.db.insertMany('webhook_attempts', ['id', 'webhook_id', 'delivery_id', 'event_type', 'attempt', 'attempted_at', 'status', 'error', 'answer'],
      Array.from({ length: 205 }, (_, i) => [`old-${i}`, id, `d-${i}`, 'case.opened', 1, old, 200, null, 'ok']));
    await emit();
    await deliverDue(h.db, h.clock.now);
    const { attempts } = await log(id);
    expect(attempts).toHaveLength(200);
    expect(attempts[0].at).toBe(h.clock.now.toISOString().slice(0, 19));
  });
});

describe('message formats', () => {
  it('Slack: an incoming-webhook message with text and blocks', async () => {
    const { secret } = await create({ format: 'slack' });
    await emit({ caseId: 'C-7', message: 'Refund <asked> & waiting', url: 'https://cx.example/case/C-7' });
    await deliverDue(h.db, h.clock.now);
    const [got] = receiver.received;
    expect(verify(got, secret)).toBe(true);
    const body = JSON.parse(got.body);
    // Escaped as the blocks are: Slack shows the characters, and reads no mention or link from the data.
    expect(body.text).toBe('Case opened: Refund &lt;asked&gt; &amp; waiting');
    expect(body.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Case opened*\nRefund &lt;asked&gt; &amp; waiting\n<https://cx.example/case/C-7|Open in the portal>' } });
    expect(body.blocks[1].fields).toEqual([{ type: 'mrkdwn', text: '*caseId*\nC-7' }]);
    expect(body.blocks.at(-1).type).toBe('context');
  });

  it('Teams: a message with an Adaptive Card', async () => {
    await create({ format: 'teams' });
    await emit({ caseId: 'C-8', message: 'Refund asked', url: 'https://cx.example/case/C-8' });
    await deliverDue(h.db, h.clock.now);
    const body = JSON.parse(receiver.received[0].body);
    expect(body.type).toBe('message');
    const [card] = body.attachments;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content.type).toBe('AdaptiveCard');
    expect(card.content.body[0]).toMatchObject({ type: 'TextBlock', text: 'Case opened' });
    expect(card.content.body[1]).toMatchObject({ type: 'TextBlock', text: 'Refund asked' });
    expect(card.content.body[2].facts[0]).toEqual({ title: 'caseId', value: 'C-8' });
    expect(card.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in the portal', url: 'https://cx.example/case/C-8' }]);
  });
});

describe('a test event', () => {
  it('is sent at once and answers its result, kept in the log and never retried', async () => {
    const { id, secret } = await create({ enabled: false });
    const ok = await h.call('POST', `/api/webhooks/${id}/test`, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, status: 200, answer: 'ok', event: 'ping', attempt: 1 });
    expect(receiver.received[0].headers['x-cx-event']).toBe('ping');
    expect(verify(receiver.received[0], secret)).toBe(true);
    receiver.failNext(1, 503);
    advance(1000);
    const failed = await h.call('POST', `/api/webhooks/${id}/test`, { token: admin });
    expect(failed.body).toMatchObject({ ok: false, status: 503, answer: 'failing as told' });
    advance(2 * WEBHOOK_RETRY_BASE_MS);
    await deliverDue(h.db, h.clock.now);
    expect(receiver.received).toHaveLength(2);
    expect((await log(id)).attempts.map((a: { status: number }) => a.status)).toEqual([503, 200]);
  });

  it('tells why nothing could be sent: a receiver not listening, a certificate not trusted', async () => {
    const { id } = await create({ url: 'https://127.0.0.1:1/nothing-here' });
    const refused = await h.call('POST', `/api/webhooks/${id}/test`, { token: admin });
    expect(refused.body).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/ECONNREFUSED/) });
    vi.stubEnv('WEBHOOK_CA_FILE', '');
    const other = await create();
    const untrusted = await h.call('POST', `/api/webhooks/${other.id}/test`, { token: admin });
    expect(untrusted.body).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/certificate/) });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('alert.fired', () => {
  it('is emitted when an alert fires, in the firing transaction', async () => {
    await create({ events: ['alert.fired'] });
    const user = await h.signIn('portaluser@demo.cx');
    const made = await h.call('POST', '/api/alerts', { token: user, body: { name: 'NPS watch', moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 100, schedule: 'immediate', filters: [] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await runDueAlerts(h.db, h.clock.now, 'https://cx.example')).fired).toBe(1);
    await deliverDue(h.db, h.clock.now);
    const body = JSON.parse(receiver.received[0].body);
    expect(body.type).toBe('alert.fired');
    expect(body.data).toMatchObject({ name: 'NPS watch', source: 'responses', message: expect.any(String), url: expect.stringMatching(/^https:\/\/cx\.example\/dashboard\//) });
    await h.db.query('DELETE FROM alerts');
  });
});
