// Several API processes over one PostgreSQL database (the cluster behind HAProxy): a source defined,
// changed or deleted through one is what the others answer with on their next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { openPostgres } from '../../../server/db/postgres';
import { migrate } from '../../../server/db/migrate';
import { seed } from '../../../server/seed';
import { DEMO_PASSWORD } from '../../../server/seed/people';
import type { Db } from '../../../server/db';
import { ANCHOR, ENGINE, freshPostgresUrl } from './harness';
import { csv, previewOf } from './datasources-upload';

const processes: Array<{ db: Db; app: ReturnType<typeof createApp> }> = [];
const call = async (i: number, method: string, path: string, token?: string, body?: unknown) => {
  const res = await processes[i].app.request(path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

describe.runIf(ENGINE === 'postgres')('data sources across processes', () => {
  let token: string;
  beforeAll(async () => {
    const url = await freshPostgresUrl(process.env.TEST_DATABASE_URL!);
    for (let i = 0; i < 2; i++) {
      const db = await openPostgres(url);
      if (i === 0) {
        await migrate(db);
        await seed(db, { records: 50, anchor: ANCHOR });
      }
      processes.push({ db, app: createApp({ deps: { db, secret: 'test-secret-that-is-long-enough', now: () => ANCHOR, failureDelayMs: 0 } }) });
    }
    token = (await call(0, 'POST', '/api/identity/token', undefined, { username: 'portaladmin@demo.cx', password: DEMO_PASSWORD })).body.content.access_token;
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) await p.db.close();
  });

  it('answers on one process for a source another defined, renamed and deleted', async () => {
    // The second process reads the definitions before the first adds one.
    expect((await call(1, 'GET', '/api/datasources', token)).body.map((s: { id: string }) => s.id)).not.toContain('visits');
    const { definition } = await previewOf('visits.csv', csv([['Visit', 'Region', 'Score'], ['v1', 'North', 9], ['v2', 'South', 3]]));
    expect((await call(0, 'POST', '/api/datasources', token, definition)).status).toBe(201);
    const filters = await call(1, 'POST', '/api/smartdata/filters/visits', token, { smartFilters: [] });
    expect(filters.status).toBe(200);
    expect((await call(0, 'PATCH', '/api/datasources/visits', token, { name: 'Store visits' })).status).toBe(200);
    expect((await call(1, 'GET', '/api/datasources/visits', token)).body.name).toBe('Store visits');
    expect((await call(1, 'DELETE', '/api/datasources/visits', token)).status).toBe(200);
    expect((await call(0, 'POST', '/api/smartdata/filters/visits', token, { smartFilters: [] })).status).toBe(404);
  });
});
