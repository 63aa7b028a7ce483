// Sign-in under a flood of writes: DuckDB has one writer, and a sign-in's own writes (attempt
// counters, session, refresh token) had queued behind every case action sent before them (p50 6.9 s
// at 28 case actions a second). They go ahead now (server/db/priority.ts). Told by order, not time:
// the sign-in answers while most of the case actions sent before it still wait for the writer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPortal, type Portal } from './portal';
import { ENGINE } from '../unit/server/harness';
import { DEMO_PASSWORD } from '../../server/seed/people';

let portal: Portal;
let token: string;
let cases: string[];

// The password check is not what is measured here: a check that takes no time keeps the order
// about the writes alone, whatever the machine's speed (scrypt is tested in lockout.test.ts).
const instantHasher = { hash: async (p: string) => p, verify: async (p: string) => p === DEMO_PASSWORD };

beforeAll(async () => {
  portal = await startPortal(600, { hasher: instantHasher });
  token = (await portal.signIn('portaladmin@demo.cx')).access;
  const queue = await portal.call('POST', '/api/processflow/cases/queue/All/All', { token, body: { skip: 0, top: 50 } });
  cases = queue.body.data.map((r: { ProcessFlowObjectId: string }) => r.ProcessFlowObjectId);
});
afterAll(() => portal.close());

const FLOOD = 400;

describe.skipIf(ENGINE !== 'duckdb')("sign-in beside DuckDB's queue of writes", () => {
  it('answers while most of the case actions sent before it are still waiting', async () => {
    let done = 0;
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      portal
        .call('POST', `/api/processflow/cases/processFlowObject/action/${cases[i % cases.length]}`, {
          token,
          body: { actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: `flood${i % 5}` }], operation: i % 2 }) },
        })
        .then((res) => {
          done++;
          return res.status;
        }),
    );
    // Sent once the writer works through the flood: the rest of it is queued by then.
    await vi.waitFor(() => expect(done).toBeGreaterThanOrEqual(10), { timeout: 60_000, interval: 5 });
    const signIn = await portal.call('POST', '/api/identity/token', { body: { grant_type: 'password', username: 'portaluser@demo.cx', password: DEMO_PASSWORD }, from: '127.0.0.7' });
    const doneAtSignIn = done;
    expect(signIn.status).toBe(200);
    expect(signIn.body.content.access_token).toBeTruthy();
    expect(doneAtSignIn, `${doneAtSignIn} of ${FLOOD} case actions were done when the sign-in answered`).toBeLessThan(FLOOD / 2);
    // The flood itself is served in full, none lost.
    expect((await Promise.all(flood)).every((status) => status === 200)).toBe(true);
  });
});
