// The DuckDB replica (issue 50) against PostgreSQL: a snapshot, then writes made through the app and
// raw SQL, captured, applied as one batch: every replicated table equals PostgreSQL's, row by row.
// PostgreSQL only (project server-pg): the replica copies PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBatch } from '../../../server/replica/apply';
import { databaseUrl } from '../../../server/replica/loop';
import { ensureCapture } from '../../../server/replica/capture';
import { readChanges } from '../../../server/replica/changes';
import { openReplica, replicaHorizon, type Replica } from '../../../server/replica/replica';
import { snapshot } from '../../../server/replica/snapshot';
import type { ChangeCursor, ReplicatedTable } from '../../../server/replica/types';
import { Random } from '../../../server/seed/random';
import type { Row } from '../../../server/db';
import { csv, sourceImports } from './datasources-upload';
import { ENGINE, harness, type Harness } from './harness';
import { plain, rowsOf } from './replica-rows';
import { surveyAt } from './survey-answers';

let h: Harness;
let pool: pg.Pool;
let replica: Replica;
let tables: ReplicatedTable[];
let cursor: ChangeCursor;
let admin: string;
let source: string;

const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));
const HEADER = ['Response ID', 'Visited', 'How likely are you to recommend us?', 'Region', 'Comment'];
/** A file for the user source: ids `prefix0..`, day-first dates, a quoted comma and line break. */
const visits = (prefix: string, n: number) =>
  csv([HEADER, ...Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${String(10 + (i % 18)).padStart(2, '0')}-02-2015 11.35`, i % 11, ['North', 'South'][i % 2], `Visit ${i}, "fine"\nthanks`])]);

/** Every replicated table equal on both engines; the row counts compared. */
async function expectEqual(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [want, got] = await Promise.all([rowsOf((sql) => h.db.query(sql), table), rowsOf((sql) => replica.db.query(sql), table)]);
    expect(got.length, table.name).toBe(want.length);
    expect(got, table.name).toEqual(want);
    counts[table.name] = want.length;
  }
  return counts;
}

async function nextBatch() {
  const client = await pool.connect();
  try {
    const batch = await readChanges(client, cursor);
    cursor = { horizon: batch.horizon, appliedAbove: batch.appliedAbove };
    return batch;
  } finally {
    client.release();
  }
}

describe.skipIf(ENGINE !== 'postgres')('the DuckDB replica of PostgreSQL', () => {
  beforeAll(async () => {
    h = await harness(3000);
    const url = await databaseUrl(h.db, process.env);
    pool = new pg.Pool({ connectionString: url, max: 2 });
    replica = await openReplica(':memory:');
    // A user source made before the capture starts, with rows: its ds_ table is replicated too.
    admin = await h.signIn('portaladmin@demo.cx');
    source = await sourceFrom('Store visits', visits('a', 20));
    expect((await imported(source, visits('a', 20))).state).toBe('done');
    tables = await ensureCapture(h.db);
  });
  afterAll(async () => {
    await replica?.db.close();
    await pool?.end();
    await h?.close();
  });

  it('takes a snapshot equal to PostgreSQL, table by table, with its horizon and progress', async () => {
    const progress: Array<[number, number]> = [];
    const horizon = await snapshot(pool, replica, tables, (copied, total) => progress.push([copied, total]));
    cursor = { horizon, appliedAbove: new Set() };
    expect(await replicaHorizon(replica)).toBe(horizon);
    expect(progress.at(-1)).toEqual([tables.length, tables.length]);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['responses', 'cases', 'reviews', `ds_${source.replace(/-/g, '_')}`]));
    const counts = await expectEqual();
    expect(counts.responses).toBe(3000);
    expect(counts.cases).toBeGreaterThan(0);
  });

  it('applies a seeded mix of writes as one batch, equal again, and again when applied twice', async () => {
    const random = new Random(50);
    const [store] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY id LIMIT 1');
    const answer = await surveyAt(h, store.store);
    const token = await h.signIn('portaluser@demo.cx');
    const ids = (await h.db.query<{ id: number }>('SELECT id FROM responses ORDER BY id')).map((r) => r.id);
    const cases = (await h.db.query<{ pfo_id: string }>("SELECT pfo_id FROM cases WHERE module_id = 'cases' ORDER BY pfo_id")).map((r) => r.pfo_id);
    const done = { answers: 0, tags: 0, deletes: 0, updates: 0, imports: 0 };
    for (let i = 0; i < 60; i++) {
      const kind = random.pick(['answer', 'tag', 'delete', 'update', 'import'] as const);
      if (kind === 'import') {
        // Appended rows with new and existing ids, or the whole source replaced.
        const mode = random.pick(['append', 'replace']);
        expect((await imported(source, visits(mode === 'append' ? random.pick(['a', 'b']) : `r${i}-`, random.int(1, 30)), mode)).state).toBe('done');
        done.imports++;
      } else if (kind === 'answer') {
        await answer(random.int(0, 10), `Visit ${i}: "quoted", a comma\nand a new line`);
        done.answers++;
      } else if (kind === 'tag') {
        const tagged = await h.call('POST', `/api/processflow/cases/processFlowObject/action/${random.pick(cases)}`, { token, body: { actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: `replica${i}` }], operation: 0 }) } });
        expect(tagged.status).toBe(200);
        done.tags++;
      } else if (kind === 'delete') {
        await h.db.query('DELETE FROM responses WHERE id = $1', [ids.splice(random.int(0, ids.length - 1), 1)[0]]);
        done.deletes++;
      } else {
        await h.db.query('UPDATE responses SET nps = $1 WHERE id = $2', [random.int(0, 10), random.pick(ids)]);
        done.updates++;
      }
    }
    expect(Object.values(done).every((n) => n > 0)).toBe(true);

    const batch = await nextBatch();
    expect([...batch.tables.keys()]).toEqual(expect.arrayContaining(['responses', 'cases']));
    await applyBatch(pool, replica, batch);
    expect(await replicaHorizon(replica)).toBe(batch.horizon);
    const counts = await expectEqual();
    expect(counts.responses).toBe(3000 + done.answers - done.deletes);
    await applyBatch(pool, replica, batch);
    await expectEqual();

    // A smart-data answer: the same on both.
    const sql = 'SELECT region, count(*) AS n, avg(nps) AS nps, sum(spend) AS spend FROM responses GROUP BY region';
    const byRegion = (rows: Row[]) => rows.map((r) => [r.region, Number(r.n), plain(Number(r.nps), ''), plain(Number(r.spend), '')]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byRegion(await replica.db.query(sql))).toEqual(byRegion(await h.db.query(sql)));
  });

  it('reloads a table a bulk statement changed, and reads nothing new when nothing changed', async () => {
    await ensureCapture(h.db, { bulkRows: 100 });
    await h.db.query('UPDATE responses SET spend = spend + 0.25 WHERE id <= 500');
    const batch = await nextBatch();
    expect(batch.tables.get('responses')).toEqual({ keys: [], reload: true });
    await applyBatch(pool, replica, batch);
    await expectEqual();
    const quiet = await nextBatch();
    expect(quiet.tables.size).toBe(0);
    await applyBatch(pool, replica, quiet);
    expect(await replicaHorizon(replica)).toBe(quiet.horizon);
    await expectEqual();
  });

  it('keeps its data and horizon in a file across a reopen, and refuses a memory setting that is no size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cx-replica-test-'));
    try {
      const path = join(dir, 'replica.duckdb');
      await expect(openReplica(path, { memoryLimit: "1GB'; DROP TABLE x; --" })).rejects.toThrow('CX_REPLICA_MEMORY must be a size like 4GB');
      const first = await openReplica(path, { memoryLimit: '1GB' });
      const responses = tables.filter((t) => t.name === 'responses');
      const horizon = await snapshot(pool, first, responses);
      await first.db.close();
      const again = await openReplica(path);
      try {
        expect(await replicaHorizon(again)).toBe(horizon);
        const [want, got] = await Promise.all([rowsOf((sql) => h.db.query(sql), responses[0]), rowsOf((sql) => again.db.query(sql), responses[0])]);
        expect(got).toEqual(want);
      } finally {
        await again.db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
