import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { HashQueue, queuedHasher } from '../../../server/auth/hash-queue';
import { needsRehash, scryptHasher, SCRYPT } from '../../../server/auth/password';
import { DEMO_PASSWORD } from '../../../server/seed/people';

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks at once and refuses past `maxWaiting` with a 503', async () => {
    const queue = new HashQueue(1, 2);
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return 'done';
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => queue.run(task)));
    expect(most).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ status: 503 });
    // Freed again once the queue drains.
    expect(await queue.run(task)).toBe('done');
    expect(queue.depth).toBe(0);
  });

  it('keeps its slot when a task throws', async () => {
    const queue = new HashQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 1)).toBe(1);
  });
});

describe('sign-in behind a full hashing queue', () => {
  let h: Harness;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  beforeAll(async () => {
    // A hasher held at a gate the test opens: the queue fills while it is closed.
    const held = { ...scryptHasher, verify: async (p: string, s: string | null | undefined) => (await gate, scryptHasher.verify(p, s)) };
    h = await harness(200, { hasher: queuedHasher(held, new HashQueue(1, 1)) });
  });
  afterAll(() => h.close());

  it('answers 503 with a message, counts no attempt, and signs in once the queue drains', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const body = { username: 'portaluser@demo.cx', password: 'Wrong-2345!' };
    const pending = [1, 2, 3, 4].map(() => h.call('POST', '/api/identity/token', { body }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 503, 503]);
    expect(answers.find((a) => a.status === 503)!.body.message).toBe('Too many sign-ins at this moment. Try again in a few seconds.');
    // Only the two checked passwords counted: three more wrong ones still do not lock (five do).
    const [row] = await h.db.query<{ failures: number }>("SELECT failures FROM sign_in_attempts WHERE account = 'portaluser@demo.cx' AND client <> '*'");
    expect(row.failures).toBe(2);
    expect((await h.call('POST', '/api/identity/token', { body: { username: 'portaluser@demo.cx', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('replaces a hash made with weaker parameters at the next sign-in', async () => {
    const salt = randomBytes(16);
    const weak = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync(DEMO_PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')].join('$');
    expect(needsRehash(weak)).toBe(true);
    await h.db.query("UPDATE users SET password_hash = $1 WHERE user_name = 'portaladmin@demo.cx'", [weak]);
    expect((await h.call('POST', '/api/identity/token', { body: { username: 'portaladmin@demo.cx', password: DEMO_PASSWORD } })).status).toBe(200);
    const [user] = await h.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE user_name = 'portaladmin@demo.cx'");
    expect(user.password_hash.split('$').slice(1, 4).map(Number)).toEqual([SCRYPT.N, SCRYPT.r, SCRYPT.p]);
    expect(await scryptHasher.verify(DEMO_PASSWORD, user.password_hash)).toBe(true);
  });
});
