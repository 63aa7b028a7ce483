import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { startAlertScheduler } from '../../server/alerts/scheduler';
import { MAX_ALERTS_PER_USER } from '../../server/alerts/store';
import type { Db } from '../../server/db';
import type { AlertDefinition } from '../../src/lib/alerts';

let portal: Portal;
let user: string;
beforeAll(async () => {
  portal = await startPortal();
  user = (await portal.signIn('portaluser@demo.cx')).access;
});
afterAll(() => portal.close());
afterEach(async () => {
  vi.useRealTimers();
  await portal.db.query('DELETE FROM alerts');
});

const alert = (name: string): AlertDefinition => ({ name, moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 100, schedule: 'immediate', filters: [] });
const create = (name: string, token = user) => portal.call('POST', '/api/alerts', { token, body: alert(name) });
const count = async () => Number((await portal.db.query<{ n: number }>('SELECT count(*) AS n FROM alerts'))[0].n);
const FULL = `You have ${MAX_ALERTS_PER_USER} alerts, the most one user may have: delete one to add another.`;

describe('alerts per user', () => {
  it(`stop at ${MAX_ALERTS_PER_USER}, with a clear 400, until one is deleted`, async () => {
    for (let i = 0; i < MAX_ALERTS_PER_USER; i++) expect((await create(`A${i}`)).status).toBe(201);
    const refused = await create('One more');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: FULL, errors: { name: [FULL] } });
    // Another user's alerts are their own count.
    expect((await create('Theirs', (await portal.signIn('north.manager@demo.cx')).access)).status).toBe(201);
    const [first] = (await portal.call('GET', '/api/alerts', { token: user })).body;
    expect((await portal.call('DELETE', `/api/alerts/${first.id}`, { token: user })).status).toBe(200);
    expect((await create('Room again')).status).toBe(201);
  });

  it('are not exceeded by requests racing for the last places', async () => {
    for (let i = 0; i < MAX_ALERTS_PER_USER - 3; i++) await create(`A${i}`);
    const answers = await inParallel(10, (i) => create(`Racing ${i}`));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400 && a.body.message === FULL)).toHaveLength(7);
    expect(await count()).toBe(MAX_ALERTS_PER_USER);
  });
});

describe('the alert scheduler', () => {
  const DUE = /FROM alerts WHERE active/;
  /**
   * The portal's database as one scheduler sees it, counting the runs that read the due alerts; with
   * `slow`, the first such read waits until `release` (a run that outlasts its interval).
   */
  function watched(slow = false) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const started = new Promise<void>((r) => (reached = r));
    const seen = { runs: 0 };
    const db: Db = Object.assign(Object.create(portal.db) as Db, {
      query: async (sql: string, params?: never[]) => {
        if (DUE.test(sql) && ++seen.runs === 1 && slow) {
          reached();
          await gate;
        }
        return portal.db.query(sql, params);
      },
    });
    return { db, seen, started, release };
  }
  const checks = async () => (await portal.db.query<{ checks: number }>('SELECT checks FROM alerts')).map((r) => Number(r.checks));

  it('skips its ticks while a run is still going, in this process and in another one', async () => {
    await create('Watched');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const here = watched(true);
    const stopHere = startAlertScheduler(here.db, portal.origin, 1000);
    vi.advanceTimersByTime(1000);
    await here.started;
    // Three more ticks here, and three in a second process over the same database, while the first run waits.
    const there = watched();
    const stopThere = startAlertScheduler(there.db, portal.origin, 1000);
    for (let i = 0; i < 3; i++) vi.advanceTimersByTime(1000);
    await stopThere();
    expect([here.seen.runs, there.seen.runs]).toEqual([1, 0]);
    here.release();
    await stopHere();
    expect(await checks()).toEqual([1]);
    // The finished run let go: the next tick, in either process, runs.
    const later = watched();
    const stopLater = startAlertScheduler(later.db, portal.origin, 1000);
    vi.advanceTimersByTime(1000);
    await stopLater();
    expect(later.seen.runs).toBe(1);
    expect(await checks()).toEqual([2]);
  });
});
