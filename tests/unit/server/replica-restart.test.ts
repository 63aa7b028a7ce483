// The analytics replica restarted from its kept file (issue 50, design §1-§3, §5): it replays the
// change log from its horizon instead of copying PostgreSQL again, unless pruning has passed that
// horizon; pruning keeps what every live replica still needs; health while every replica lags.
// PostgreSQL only (project server-pg): the replica copies PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tableOf } from '../../../server/datasources/tables';
import { startReplica, type ReplicaService } from '../../../server/replica';
import { ensureCapture } from '../../../server/replica/capture';
import { databaseUrl } from '../../../server/replica/loop';
import { floorXid, pruneChanges } from '../../../server/replica/prune';
import { openReplica } from '../../../server/replica/replica';
import { replicatedTables } from '../../../server/replica/tables';
import { csv, sourceImports } from './datasources-upload';
import { ENGINE, harness, type Harness } from './harness';
import { rowsOf } from './replica-rows';

let h: Harness;
let dir: string;
let replica: ReplicaService | undefined;
/** A connection of the test's own: a transaction left open, locks. */
let locker: pg.Client;
let admin: string;

const start = async () => {
  replica = await startReplica(h.db, {
    ...process.env,
    CX_REPLICA: 'on',
    CX_REPLICA_PATH: join(dir, 'replica.duckdb'),
    CX_REPLICA_ID: 'restart-test',
    CX_REPLICA_MAX_LAG_MS: '1000',
    CX_REPLICA_HEARTBEAT_MS: '100',
  });
  const service = replica;
  await vi.waitFor(
    async () => {
      expect(service.status().state).toBe('ok');
      expect((await h.call('GET', '/api/health')).status).toBe(200);
    },
    { timeout: 60_000, interval: 50 },
  );
  return service;
};
const stop = async () => {
  await replica?.close();
  replica = undefined;
};

/** A committed write to a replicated table; its transaction id (the write's token). */
const write = (sql: string) =>
  h.db.tx(async (q) => {
    await q.query(sql);
    const [{ x }] = await q.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x');
    return x;
  });
const touch = () => write('UPDATE responses SET nps = 10 - nps WHERE id = (SELECT min(id) FROM responses)');

/** Every replicated table (as PostgreSQL has them now) equal in the replica. */
async function expectEqual(service: ReplicaService): Promise<void> {
  const reader = service.reader()!;
  for (const table of await replicatedTables(h.db)) {
    const [want, got] = await Promise.all([rowsOf((sql) => h.db.query(sql), table), rowsOf((sql) => reader.query(sql), table)]);
    expect(got, table.name).toEqual(want);
  }
}

/** Which of `xids` still have rows in the log. */
const xidsIn = async (xids: string[]) =>
  (await h.db.query<{ x: string }>('SELECT DISTINCT xid::text AS x FROM cx_changes ORDER BY 1')).map((r) => r.x).filter((x) => xids.includes(x));

describe.skipIf(ENGINE !== 'postgres')('the analytics replica restarted from its file', () => {
  beforeAll(async () => {
    h = await harness(300);
    admin = await h.signIn('portaladmin@demo.cx');
    await ensureCapture(h.db);
    dir = await mkdtemp(join(tmpdir(), 'cx-replica-restart-'));
    locker = new pg.Client({ connectionString: await databaseUrl(h.db, process.env) });
    await locker.connect();
  }, 60_000);
  afterAll(async () => {
    await stop();
    await locker?.end();
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('replays the log from its kept horizon, late commits and a new source included, without a new snapshot', async () => {
    const first = await start();
    expect(first.status().snapshots).toBe(1);
    // T1 writes and stays open; T2 commits and is applied above the horizon T1 holds back.
    await locker.query('BEGIN');
    await locker.query('UPDATE responses SET nps = 10 - nps WHERE id = (SELECT max(id) FROM responses)');
    const { rows } = await locker.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x');
    const t2 = await write('DELETE FROM responses WHERE id = (SELECT min(id) + 1 FROM responses)');
    expect(await first.waitFor(t2, 5000)).toBe(true);
    // The file is kept at a horizon T1 still holds back, with T2 applied above it.
    expect(BigInt(first.status().horizon!)).toBeLessThanOrEqual(BigInt(rows[0].x));
    await stop();

    // While the process is down: T1 commits, more writes, a new source with rows.
    await locker.query('COMMIT');
    await touch();
    await write('DELETE FROM responses WHERE id = (SELECT min(id) + 2 FROM responses)');
    const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));
    const id = await sourceFrom('Visits while down', csv([['Response ID', 'Score'], ['v1', 7]]));
    expect((await imported(id, csv([['Response ID', 'Score'], ['v1', 7], ['v2', 6]]))).rowsWritten).toBe(2);

    const again = await start();
    const { snapshots, copied } = again.status();
    expect({ snapshots, copied }).toEqual({ snapshots: 0, copied: 0 });
    const [{ n }] = await again.reader()!.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${tableOf(id)}`);
    expect(n).toBe(2);
    await expectEqual(again);
  });

  it('copies PostgreSQL again when pruning has passed the kept horizon', async () => {
    const service = replica!;
    await touch();
    await vi.waitFor(() => expect(service.status().state).toBe('ok'));
    const kept = service.status().horizon!;
    await stop();
    await touch();
    // The replica is long gone (its heartbeat old) and the log old: pruned past its horizon.
    await h.db.query("UPDATE cx_replicas SET seen_at = now() - interval '1 hour'");
    await h.db.query("UPDATE cx_changes SET at = now() - interval '2 hours'");
    expect((await pruneChanges(h.db))!.deleted).toBeGreaterThan(0);
    expect(BigInt((await floorXid(h.db))!)).toBeGreaterThan(BigInt(kept));

    const again = await start();
    expect(again.status().snapshots).toBe(1);
    // The snapshot's own horizon is already above `kept`: the last write is waited for by its token.
    const last = await touch();
    await vi.waitFor(() => expect(BigInt(again.status().horizon!)).toBeGreaterThan(BigInt(kept)));
    await vi.waitFor(() => expect(again.covers(last)).toBe(true));
    await expectEqual(again);
  });

  it('copies PostgreSQL again from a file of another database, or one that cannot be read', async () => {
    const path = join(dir, 'replica.duckdb');
    await stop();
    const file = await openReplica(path);
    await file.db.query("UPDATE replica_state SET database = 'elsewhere'");
    await file.db.close();
    await touch();
    expect((await start()).status().snapshots).toBe(1);
    await expectEqual(replica!);

    await stop();
    await Promise.all([writeFile(path, 'not a DuckDB file'), rm(`${path}.wal`, { force: true })]);
    await touch();
    expect((await start()).status().snapshots).toBe(1);
    await expectEqual(replica!);
  });

  it('copies PostgreSQL again, running, when pruning passes its horizon (it was taken for dead)', async () => {
    const service = replica!;
    // Polls wait behind this lock: the horizon stays below the floor the heartbeat reads.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE cx_changes IN ACCESS EXCLUSIVE MODE');
    try {
      const t = await h.db.tx(async (q) => (await q.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x'))[0].x);
      await h.db.query('UPDATE cx_replica_meta SET floor_xid = ($1::numeric + 1)::text::xid8 WHERE id = 1', [t]);
      await vi.waitFor(() => expect(service.status().state).toBe('catching-up'), { timeout: 10_000, interval: 20 });
      expect(service.reader()).toBeNull();
    } finally {
      await locker.query('COMMIT');
    }
    await vi.waitFor(() => expect(service.status().snapshots).toBe(2), { timeout: 10_000, interval: 20 });
    await touch();
    await vi.waitFor(() => expect(service.status().state).toBe('ok'), { timeout: 10_000, interval: 50 });
    await expectEqual(service);
  });

  it('answers 503 lagging only while a peer is fresh, else 200 with reads on PostgreSQL', async () => {
    const service = replica!;
    const health = () => h.call('GET', '/api/health');
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE cx_changes IN ACCESS EXCLUSIVE MODE');
    try {
      await vi.waitFor(() => expect(service.status().state).toBe('lagging'), { timeout: 10_000, interval: 50 });
      // Alone (its own heartbeat is no peer): every replica lags, so the process stays in and reads PostgreSQL.
      const alone = await health();
      expect([alone.status, alone.body]).toEqual([200, { status: 'ok', engine: 'postgres', replica: { state: 'lagging', reads: 'postgres', lagMs: expect.any(Number) } }]);
      expect(service.reader()).toBeNull();
      // A peer seen 10 s ago is not fresh; one seen now, and ok, is: the traffic can go there.
      await h.db.query("INSERT INTO cx_replicas (replica_id, state, seen_at) VALUES ('peer', 'ok', now() - interval '10 seconds')");
      expect((await health()).status).toBe(200);
      await h.db.query("UPDATE cx_replicas SET seen_at = now() WHERE replica_id = 'peer'");
      const withPeer = await health();
      expect([withPeer.status, withPeer.body]).toEqual([503, { status: 'lagging', lagMs: expect.any(Number) }]);
    } finally {
      await locker.query('COMMIT');
    }
    // Health was 200 all along (no fresh peer): wait for the replica itself to be fresh again.
    await vi.waitFor(() => expect(service.status().state).toBe('ok'), { timeout: 10_000, interval: 50 });
    expect(service.reader()).not.toBeNull();
    await h.db.query("DELETE FROM cx_replicas WHERE replica_id = 'peer'");
  });

  it('prunes only rows below every live replica’s horizon and older than the bound; with none live, after an hour', async () => {
    await stop();
    await h.db.query('DELETE FROM cx_replicas');
    const [t1, t2, t3] = [await touch(), await touch(), await touch()];
    const after = (x: string) => String(BigInt(x) + 1n);
    // t1 and older, and t3, are old; t2 is recent.
    await h.db.query("UPDATE cx_changes SET at = now() - interval '20 minutes' WHERE xid <= $1::xid8 OR xid = $2::xid8", [t1, t3]);
    // Live: horizons just past t3 and at t3 (seen 4 minutes ago). A replica last seen 6 minutes ago is not waited for.
    await h.db.query(
      `INSERT INTO cx_replicas (replica_id, horizon, state, seen_at) VALUES
         ('live-a', $1::xid8, 'ok', now()), ('live-b', $2::xid8, 'lagging', now() - interval '4 minutes'), ('gone', '1'::xid8, 'ok', now() - interval '6 minutes')`,
      [after(t3), t3],
    );

    // Another process prunes (it holds the lock): this one skips.
    await locker.query("SELECT pg_advisory_lock(hashtext('cx_changes'))");
    expect(await pruneChanges(h.db)).toBeNull();
    await locker.query("SELECT pg_advisory_unlock(hashtext('cx_changes'))");

    expect((await pruneChanges(h.db))!.deleted).toBeGreaterThan(0);
    const [{ n }] = await h.db.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM cx_changes WHERE xid <= $1::xid8', [t1]);
    expect(n).toBe(0);
    expect(await xidsIn([t1, t2, t3])).toEqual([t2, t3].sort());
    expect(await floorXid(h.db)).toBe(after(t1));

    // No replica live: only rows older than an hour go.
    await h.db.query("UPDATE cx_replicas SET seen_at = now() - interval '10 minutes'");
    await h.db.query("UPDATE cx_changes SET at = now() - CASE WHEN xid = $1::xid8 THEN interval '2 hours' ELSE interval '30 minutes' END WHERE xid IN ($1::xid8, $2::xid8)", [t3, t2]);
    expect(await pruneChanges(h.db)).toEqual({ deleted: expect.any(Number), floor: after(t3) });
    expect(await xidsIn([t2, t3])).toEqual([t2]);
  });
});
