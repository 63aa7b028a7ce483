// Reads routed to the analytics replica (issue 50, design §4): a request reads the replica once it
// holds the caller's writes (the X-Cx-Read-After token), else PostgreSQL; its answers equal
// PostgreSQL's own. PostgreSQL only (project server-pg): the replica copies PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedToken } from '../../../server/db/read-after';
import { ensureCapture } from '../../../server/replica/capture';
import { startReplica, type ReplicaService } from '../../../server/replica';
import { ENGINE, harness, type Harness } from './harness';
import { surveyAt } from './survey-answers';

let h: Harness;
let replica: ReplicaService;
let user: string;
/** The answer to the last call made through `tracked` (the survey answers). */
let last: Awaited<ReturnType<Harness['call']>>;
let answer: (nps: number, comment: string) => Promise<number>;
const testing = process.env.CX_REPLICA_TEST;

/** The newest responses, as the data viewer pages them; `from` asks for a copy ('primary': PostgreSQL). */
const newest = (token: string | null, from?: 'primary') =>
  h.call('POST', '/api/dataviewer/data/responses/default', {
    token: user,
    body: { skip: 0, top: 3, orderByOperator: 'DESC' },
    headers: { ...(token ? { 'X-Cx-Read-After': token } : {}), ...(from ? { 'X-Cx-Read-From': from } : {}) },
  });

describe.skipIf(ENGINE !== 'postgres')('reads routed to the replica', () => {
  beforeAll(async () => {
    // The app reads it as it is made: the answers say which copy read them, and may be asked for PostgreSQL's.
    process.env.CX_REPLICA_TEST = '1';
    // 100 answers and more to one survey from one address: above the hourly limits.
    h = await harness(500, { submissionLimits: { answersPerClient: 1000, answersPerSurvey: 1000 } });
    await ensureCapture(h.db);
    replica = await startReplica(h.db, { ...process.env, CX_REPLICA: 'on', CX_REPLICA_PATH: ':memory:' });
    await vi.waitFor(() => expect(replica.status().state).toBe('ok'), { timeout: 60_000, interval: 100 });
    user = await h.signIn('portaluser@demo.cx');
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY id LIMIT 1');
    const tracked: Harness = { ...h, call: async (...args) => (last = await h.call(...args)) };
    answer = await surveyAt(tracked, store);
  }, 120_000);
  afterAll(async () => {
    if (testing === undefined) delete process.env.CX_REPLICA_TEST;
    else process.env.CX_REPLICA_TEST = testing;
    await replica?.close();
    await h?.close();
  });

  it('answers a read right after a write with the write in it, 100 times, as PostgreSQL answers it', async () => {
    const [{ n }] = await h.db.query<{ n: number }>('SELECT count(*) AS n FROM responses');
    let token = '0';
    let fromReplica = 0;
    for (let i = 0; i < 100; i++) {
      const id = await answer(i % 11, `Read after write ${i}`);
      // The write's answer carries its transaction's token, later than the one before.
      const written = last.headers.get('x-cx-read-after');
      expect(written).toMatch(/^\d+$/);
      expect(BigInt(written!) > BigInt(token)).toBe(true);
      token = written!;
      const read = await newest(token);
      expect(read.status).toBe(200);
      expect(read.body.recordCount).toBe(n + i + 1);
      expect(Object.values(read.body.data[0])).toContain(id);
      if (read.headers.get('x-cx-read-from') === 'replica') fromReplica++;
      if (i % 10 === 0) {
        const primary = await newest(token, 'primary');
        expect(primary.headers.get('x-cx-read-from')).toBe('primary');
        expect(read.body).toEqual(primary.body);
      }
    }
    console.warn(`replica-routing: ${fromReplica} of 100 reads after a write were answered by the replica`);
    expect(fromReplica).toBeGreaterThan(0);
  });

  it('holds back a read until the replica has the write its token names, made by another process', async () => {
    // Another process's writes: this one neither made nor saw them, only the token tells.
    for (let i = 0; i < 20; i++) {
      const { token, id, n } = await h.db.tx(async (q) => {
        const [newest] = await q.query<{ id: number }>('SELECT max(id) AS id FROM responses');
        await q.query('DELETE FROM responses WHERE id = $1', [newest.id]);
        const [count] = await q.query<{ n: number }>('SELECT count(*) AS n FROM responses');
        return { token: await capturedToken(q), id: Number(newest.id), n: Number(count.n) };
      });
      expect(token).toMatch(/^\d+$/);
      const read = await newest(token);
      expect(read.body.recordCount).toBe(n);
      expect(Object.values(read.body.data[0])).not.toContain(id);
    }
  });

  it('answers a read without a token from the replica, equal to PostgreSQL, and sends no token when nothing was written', async () => {
    const read = await newest(null);
    expect(read.headers.get('x-cx-read-from')).toBe('replica');
    expect(read.headers.get('x-cx-read-after')).toBeNull();
    expect(read.body).toEqual((await newest(null, 'primary')).body);
  });

  it('answers pivots, filter counts and a dashboard from the replica as PostgreSQL answers them', async () => {
    const asks: Array<[string, object]> = [
      ['/api/dataviewer/analytics/data/responses/default', { measureKeys: ['InternalRecordCount', 'AvgNPS', 'SumSpend'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] }],
      ['/api/smartdata/filters/responses', { smartFilters: [{ filterKey: 'Region', filterValue: 'North' }] }],
      ['/api/dataviz/visuals/drivers/Default', { smartFilters: [] }],
    ];
    for (const [path, body] of asks) {
      const ask = (from?: 'primary') => h.call('POST', path, { token: user, body, headers: from ? { 'X-Cx-Read-From': from } : {} });
      const [replicaAnswer, primaryAnswer] = [await ask(), await ask('primary')];
      expect(replicaAnswer.status, path).toBe(200);
      expect(replicaAnswer.headers.get('x-cx-read-from'), path).toBe('replica');
      expect(replicaAnswer.body, path).toEqual(primaryAnswer.body);
    }
  });

  it('answers them from the replica’s per-day rollups once made, as PostgreSQL answers them', async () => {
    // The replica's rollups for sources of any size (the seed's 500 responses are far below the default).
    const reader = replica.reader()!;
    const own = reader.rollups;
    const every = (await own!())!.withOptions({ minRows: 0, mostShare: 1 });
    const asked: string[] = [];
    const query = every.query.bind(every);
    every.query = (sql, params) => (asked.push(sql), query(sql, params));
    reader.rollups = async () => every;
    try {
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const [{ last }] = await h.db.query<{ last: Date }>('SELECT max(response_date) AS last FROM responses');
      const days90 = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: `${day(new Date(last.getTime() - 89 * 86_400_000))}T00:00:00Z`, filterValueUpperBound: `${day(last)}T23:59:59Z` }];
      const asks: Array<[string, object]> = [
        ['/api/dataviewer/analytics/data/responses/default', { smartFilters: [], measureKeys: ['InternalRecordCount', 'AvgNPS', 'SumSpend'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] }],
        ['/api/smartdata/filters/responses', { smartFilters: days90 }],
        ['/api/dataviz/visuals/drivers/Default', { smartFilters: days90 }],
      ];
      for (const [path, body] of asks) {
        const ask = (from?: 'primary') => h.call('POST', path, { token: user, body, headers: from ? { 'X-Cx-Read-From': from } : {} });
        expect((await ask()).status, path).toBe(200);
        await every.settled();
        asked.length = 0;
        const [replicaAnswer, primaryAnswer] = [await ask(), await ask('primary')];
        expect(asked.some((sql) => /FROM cx_rollup\.r\d+/.test(sql)), path).toBe(true);
        expect(replicaAnswer.headers.get('x-cx-read-from'), path).toBe('replica');
        expect(replicaAnswer.body, path).toEqual(primaryAnswer.body);
      }
    } finally {
      reader.rollups = own;
      await every.close();
    }
  });

  it('keeps the token in a cookie for the API for a minute, and refuses a token that is no number', async () => {
    await answer(7, 'A cookie');
    const cookie = last.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^cx_ryw=${last.headers.get('x-cx-read-after')};`));
    expect(cookie).toMatch(/Max-Age=60/);
    expect(cookie).toMatch(/Path=\/api/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const bad = await h.call('POST', '/api/dataviewer/data/responses/default', { token: user, body: { skip: 0, top: 1 }, headers: { 'X-Cx-Read-After': '1; DROP TABLE responses' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/X-Cx-Read-After header must be the number an earlier answer gave/);
  });
});
