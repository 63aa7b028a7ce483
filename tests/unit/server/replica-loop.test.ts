// The analytics replica running (issue 50, design §2, §5): a snapshot in the background while
// /api/health answers catching-up, then polls that bring each write over within the 2 s,
// sources made and dropped later followed, and 'lagging' while the change log cannot be read.
// PostgreSQL only (project server-pg): the replica copies PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureCapture, sourceTableChanged } from '../../../server/replica/capture';
import { databaseUrl } from '../../../server/replica/loop';
import { replicaOf, startReplica, type ReplicaService } from '../../../server/replica';
import { csv, sourceImports } from './datasources-upload';
import { ENGINE, harness, type Harness } from './harness';
import { surveyAt } from './survey-answers';
import { tableOf } from '../../../server/datasources/tables';

let h: Harness;
let admin: string;
let replica: ReplicaService;
/** A connection of the test's own, to hold locks the replica must wait on. */
let locker: pg.Client;

const health = () => h.call('GET', '/api/health');
/** The replica's reader (it is 'ok' when this is called). */
const onReplica = <T extends Record<string, unknown>>(sql: string, params: Array<string | number> = []) => replica.reader()!.query<T>(sql, params);
/** The xid8 of a committed write to a replicated table, as the write's token. */
const writeToken = () =>
  h.db.tx(async (q) => {
    await q.query('UPDATE responses SET nps = nps WHERE id = (SELECT min(id) FROM responses)');
    const [{ x }] = await q.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x');
    return x;
  });

describe.skipIf(ENGINE !== 'postgres')('the analytics replica, running', () => {
  beforeAll(async () => {
    h = await harness(300);
    admin = await h.signIn('portaladmin@demo.cx');
    const url = await databaseUrl(h.db, process.env);
    locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await ensureCapture(h.db);
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
    await locker?.end();
    await h?.close();
  });

  it('answers catching-up on /api/health until the snapshot and the first poll are done, then ok', async () => {
    // The snapshot's COPY of responses waits behind this lock: the replica is still catching up.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE responses IN ACCESS EXCLUSIVE MODE');
    replica = await startReplica(h.db, { ...process.env, CX_REPLICA: 'on', CX_REPLICA_PATH: ':memory:', CX_REPLICA_MAX_LAG_MS: '400' });
    expect(replicaOf(h.db)).toBe(replica);
    const before = await health();
    expect(before.status).toBe(503);
    expect(before.body).toEqual({ status: 'catching-up', copied: expect.any(Number), total: expect.any(Number) });
    expect(replica.reader()).toBeNull();
    await locker.query('COMMIT');
    await vi.waitFor(async () => expect((await health()).status).toBe(200), { timeout: 10_000, interval: 50 });
    const after = await health();
    expect(after.body).toEqual({ status: 'ok', engine: 'postgres', replica: { lagMs: expect.any(Number), horizon: expect.stringMatching(/^\d+$/) } });
    expect(before.body.copied).toBe(0);
    const { copied, total } = replica.status();
    expect([copied, total >= 8]).toEqual([total, true]);
    const [want] = await h.db.query<{ n: number }>('SELECT count(*) AS n FROM responses');
    const [got] = await onReplica<{ n: number }>('SELECT count(*) AS n FROM responses');
    expect(Number(got.n)).toBe(Number(want.n));
  });

  it('shows a survey answer given through HTTP within 2 s, and covers a write’s token', async () => {
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY id LIMIT 1');
    const answer = await surveyAt(h, store);
    const started = Date.now();
    const id = await answer(9, 'Seen by the replica');
    await vi.waitFor(async () => expect(await onReplica('SELECT nps, store FROM responses WHERE id = $1', [id])).toEqual([{ nps: 9, store }]), { timeout: 2000, interval: 10 });
    process.stdout.write(`A survey answer was in the replica ${Date.now() - started} ms after it was sent.\n`);

    const token = await writeToken();
    expect(await replica.waitFor(token, 2000)).toBe(true);
    expect(replica.covers(token)).toBe(true);
    // A transaction that has not happened yet, and junk, are covered by nothing.
    expect(replica.covers(String(BigInt(token) + 1_000_000n))).toBe(false);
    expect(await replica.waitFor(String(BigInt(token) + 1_000_000n), 50)).toBe(false);
    expect(replica.covers('1; DROP TABLE responses')).toBe(false);
  });

  it('copies a new source’s table from its creation, its imports, and drops it with the source', async () => {
    const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));
    const id = await sourceFrom('Replicated visits', csv([['Response ID', 'Score'], ['v1', 7]]));
    const table = tableOf(id);
    // Empty, it is in the replica all the same (a read of it need not fall back to PostgreSQL).
    await vi.waitFor(async () => expect(await onReplica(`SELECT count(*)::INTEGER AS n FROM ${table}`)).toEqual([{ n: 0 }]), { timeout: 2000, interval: 10 });
    expect((await imported(id, csv([['Response ID', 'Score'], ['v1', 7], ['v2', 6], ['v3', 5]]))).rowsWritten).toBe(3);
    const want = await h.db.query<{ row_key: string }>(`SELECT row_key FROM ${table} ORDER BY row_key`);
    expect(want).toHaveLength(3);
    await vi.waitFor(async () => expect(await onReplica(`SELECT row_key FROM ${table} ORDER BY row_key`)).toEqual(want), { timeout: 2000, interval: 10 });

    // Given a column (as a source's edit does), it is copied again with it.
    await h.db.tx(async (q) => {
      await q.query(`ALTER TABLE ${table} ADD COLUMN added_later VARCHAR`);
      await q.query(`UPDATE ${table} SET added_later = row_key || '!'`);
      await sourceTableChanged(h.db, q, table, 'altered');
    });
    const added = want.map((r) => ({ ...r, added_later: `${r.row_key}!` }));
    await vi.waitFor(async () => expect(await onReplica(`SELECT row_key, added_later FROM ${table} ORDER BY row_key`)).toEqual(added), { timeout: 2000, interval: 10 });

    expect((await h.call('DELETE', `/api/datasources/${id}`, { token: admin })).status).toBeLessThan(300);
    const exists = () => onReplica<{ n: number }>('SELECT count(*)::INTEGER AS n FROM information_schema.tables WHERE table_name = $1', [table]);
    await vi.waitFor(async () => expect(await exists()).toEqual([{ n: 0 }]), { timeout: 2000, interval: 10 });
  });

  it('reads PostgreSQL while the change log cannot be read (health 200: no peer is fresher), and the replica again after', async () => {
    // Every poll waits behind this lock: nothing is applied, and the lag grows past CX_REPLICA_MAX_LAG_MS.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE cx_changes IN ACCESS EXCLUSIVE MODE');
    try {
      await vi.waitFor(() => expect(replica.status().state).toBe('lagging'), { timeout: 10_000, interval: 50 });
      // No peer is fresh (the only replica lags): the process stays in and reads PostgreSQL (503 with a fresh peer: replica-restart.test.ts).
      const lagging = await health();
      expect(lagging.status).toBe(200);
      expect(lagging.body).toEqual({ status: 'ok', engine: 'postgres', replica: { state: 'lagging', reads: 'postgres', lagMs: expect.any(Number) } });
      expect((lagging.body.replica as { lagMs: number }).lagMs).toBeGreaterThan(400);
      expect(replica.reader()).toBeNull();
    } finally {
      await locker.query('COMMIT');
    }
    // Health was 200 all along (no fresh peer): wait for the replica itself to be fresh again.
    await vi.waitFor(() => expect(replica.status().state).toBe('ok'), { timeout: 10_000, interval: 50 });
    expect(replica.reader()).not.toBeNull();
  });
});
