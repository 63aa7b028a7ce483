// Faults: the server killed with SIGKILL in the middle of a stream of acknowledged writes keeps
// every one of them after a restart on the same DuckDB file; a PostgreSQL restart under load costs
// the server no restart of its own (503s while it is down, never a 500, then answers again).
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers, spawnServer } from '../../server/cluster/launch';
import { freePort } from '../../server/cluster/ports';
import { freshPostgresUrl } from '../unit/server/harness';
import { call as callAt, signIn as signInAt } from '../tools/http';

const JWT_SECRET = 'fault-test-secret-of-forty-characters-!!';
let running: ChildProcess[] = [];
afterEach(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  running = [];
});

async function start(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawnServer(port, { JWT_SECRET, ...env });
  running.push(child);
  const base = `http://127.0.0.1:${port}`;
  await answers(`${base}/api/health`, 90_000);
  return { base, child };
}

const signIn = async (base: string) => (await signInAt(base, 'portaladmin@demo.cx')).access;
const call = (base: string, token: string, method: string, path: string, body?: unknown) => callAt(base, method, path, { body, token });

describe('kill -9 during acknowledged writes', () => {
  it('keeps every acknowledged favourite, user change and case action after a restart on the same data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cx-faults-'));
    try {
      const env = { DATA_DIR: dir, DATABASE_URL: '' };
      const first = await start(env);
      const token = await signIn(first.base);
      const staff = (await call(first.base, token, 'POST', '/api/identity/getuserlist', { usernameFilter: '', take: 50 })).body;
      const userIds: string[] = staff.results.map((u: { id: string }) => u.id).filter((id: string) => id.startsWith('u-staff')).slice(0, 2);
      const cases = (await call(first.base, token, 'POST', '/api/processflow/cases/queue/All/All', { skip: 0, top: 2 })).body;
      const pfoIds: string[] = cases.data.map((r: { ProcessFlowObjectId: string }) => r.ProcessFlowObjectId);
      expect(userIds.length).toBeGreaterThan(0);
      expect(pfoIds.length).toBeGreaterThan(0);

      const favourites: string[] = [];
      // Per user: the last acknowledged name, and every name sent since (any of them may have been
      // written when the process died; the loop goes on sending to the dead one until told to stop).
      const names = new Map<string, { acked: string; pending: Set<string> }>();
      const tags: Array<{ pfoId: string; tag: string }> = [];
      let stop = false;
      let n = 0;
      let userChanges = 0;
      const writers = [
        async () => {
          while (!stop) {
            const title = `Fault ${++n}`;
            const res = await call(first.base, token, 'POST', '/api/favourites/responses', { title, description: title, payload: JSON.stringify({ smartDataSelection: { smartFilters: [{ filterKey: 'Store', filterValue: title }] } }) }).catch(() => null);
            if (res?.status === 200) favourites.push(title);
          }
        },
        ...userIds.map((id) => async () => {
          for (let k = 1; !stop; k++) {
            const firstName = `Name${k}`;
            const entry = names.get(id) ?? { acked: '', pending: new Set<string>() };
            entry.pending.add(firstName);
            names.set(id, entry);
            const res = await call(first.base, token, 'POST', '/api/identity/updateuser', { UserModel: { id, firstName } }).catch(() => null);
            if (res?.status === 200) {
              names.set(id, { acked: firstName, pending: new Set() });
              userChanges++;
            }
          }
        }),
        ...pfoIds.map((pfoId) => async () => {
          for (let k = 1; !stop; k++) {
            const tag = `fault${k}`;
            const res = await call(first.base, token, 'POST', `/api/processflow/cases/processFlowObject/action/${pfoId}`, { actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: tag }], operation: 0 }) }).catch(() => null);
            if (res?.status === 200) tags.push({ pfoId, tag });
          }
        }),
      ];
      const done = Promise.all(writers.map((w) => w()));
      await new Promise((r) => setTimeout(r, 3000));
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      stop = true;
      await done;

      const second = await start(env);
      const again = await signIn(second.base);
      const stored = new Set(((await call(second.base, again, 'GET', '/api/favourites/Favourites')).body as Array<{ title: string }>).map((f) => f.title));
      const lostFavourites = favourites.filter((t) => !stored.has(t));
      const lostNames: string[] = [];
      for (const [id, { acked, pending }] of names) {
        const now = (await call(second.base, again, 'POST', `/api/identity/getuser/${id}`)).body.firstName;
        // The last acknowledged name, or one sent after it (in flight when the process died).
        if (acked && now !== acked && !pending.has(now)) lostNames.push(`${id}: ${now}, acknowledged ${acked}`);
      }
      const lostTags: string[] = [];
      for (const pfoId of pfoIds) {
        const history = JSON.stringify((await call(second.base, again, 'GET', `/api/processflow/cases/processFlowObjectHistory/${pfoId}`)).body);
        for (const t of tags.filter((x) => x.pfoId === pfoId)) if (!history.includes(`"${t.tag}"`) && !history.includes(`\\"${t.tag}\\"`)) lostTags.push(`${pfoId} ${t.tag}`);
      }
      const acknowledged = favourites.length + tags.length + userChanges;
      console.log(`faults: kill -9 after ${acknowledged} acknowledged writes (${favourites.length} favourites, ${userChanges} user changes, ${tags.length} case actions); lost ${lostFavourites.length + lostNames.length + lostTags.length}`);
      expect(acknowledged).toBeGreaterThan(20);
      expect([...lostFavourites, ...lostNames, ...lostTags]).toEqual([]);
      expect((await call(second.base, again, 'POST', '/api/smartdata/filters/responses', { smartFilters: [] })).status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('PostgreSQL restarted under load', () => {
  it('answers 503 while the database is away, never a 500, and again without a restart of its own', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const pgDir = process.env.CX_PG_DIR;
    if (!url || !pgDir) throw new Error('This test restarts its PostgreSQL cluster: it needs TEST_DATABASE_URL and CX_PG_DIR (npm test sets both).');
    const server = await start({ DATABASE_URL: await freshPostgresUrl(url) });
    const token = await signIn(server.base);
    const statuses: Array<{ at: number; status: number }> = [];
    let stop = false;
    const load = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const res = await call(server.base, token, 'POST', '/api/smartdata/filters/responses', { smartFilters: [] }).catch(() => ({ status: 0 }));
        statuses.push({ at: Date.now(), status: res.status });
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    execFileSync('bash', ['tests/tools/postgres.sh', 'restart', pgDir]);
    const backAt = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(load);
    const count = (s: number) => statuses.filter((x) => x.status === s).length;
    console.log(`faults: PostgreSQL restarted under load: ${statuses.length} requests, ${count(200)} answered, ${count(503)} told to retry (503), ${statuses.filter((x) => x.status >= 500 && x.status !== 503).length} other 5xx`);
    expect(server.child.exitCode).toBeNull();
    expect(statuses.filter((x) => x.status !== 200 && x.status !== 503)).toEqual([]);
    // Within a second of PostgreSQL's return, every answer is whole again.
    const late = statuses.filter((x) => x.at > backAt + 1000);
    expect(late.length).toBeGreaterThan(10);
    expect(late.filter((x) => x.status !== 200)).toEqual([]);
  }, 120_000);
});
