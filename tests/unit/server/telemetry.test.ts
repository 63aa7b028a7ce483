import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await harness(20);
});
afterAll(() => h.close());

describe('/api/telemetry', () => {
  it('stores page views and events, with the user when signed in', async () => {
    const token = await h.signIn('portaluser@demo.cx');
    expect((await h.call('POST', '/api/telemetry', { body: { events: [{ kind: 'pageView', name: '/login' }] } })).status).toBe(202);
    expect((await h.call('POST', '/api/telemetry', { token, body: { events: [{ kind: 'event', name: 'signed-in', properties: { remember: true } }] } })).status).toBe(202);
    const admin = await h.signIn('system@demo.cx');
    const read = await h.call('GET', '/api/telemetry?limit=10', { token: admin });
    expect(read.body.results.map((e: { kind: string; name: string; userId: string | null }) => [e.kind, e.name, e.userId])).toEqual(
      expect.arrayContaining([['pageView', '/login', null], ['event', 'signed-in', 'u-portaluser']]),
    );
    expect((await h.call('GET', '/api/telemetry', { token })).status).toBe(403);
  });

  it('rejects bad events with 400', async () => {
    expect((await h.call('POST', '/api/telemetry', { body: { events: [] } })).status).toBe(400);
    expect((await h.call('POST', '/api/telemetry', { body: { events: [{ kind: 'click', name: 'x' }] } })).body.message).toBe('events.0.kind: kind must be pageView, event or exception');
    expect((await h.call('POST', '/api/telemetry', { body: { events: [{ kind: 'event', name: 'x', properties: { deep: { a: 1 } } }] } })).status).toBe(400);
  });
});
