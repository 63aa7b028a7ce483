// Change capture for the analytics replica (issue 50, design §1): statement-level triggers log the
// keys each write touched, stamped with its transaction's xid8, and readChanges reads them by
// transaction horizon, so a transaction that commits late is never lost. PostgreSQL only.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, harness, type Harness } from './harness';
import { surveyAt } from './survey-answers';
import { csv, sourceImports } from './datasources-upload';
import { captureTable, dropCapture, ensureCapture } from '../../../server/replica/capture';
import { databaseUrl } from '../../../server/replica/loop';
import { readChanges } from '../../../server/replica/changes';
import { replicatedTables } from '../../../server/replica/tables';
import type { ChangeBatch, ChangeCursor } from '../../../server/replica/types';
import { tableOf } from '../../../server/datasources/tables';

let h: Harness;
let admin: string;
/** The replica's own connection, as its poll loop has one. */
let client: pg.Client;
let cursor: ChangeCursor;

/** The changes since the last read, moving the cursor on as the replica does. */
async function poll(): Promise<ChangeBatch> {
  const batch = await readChanges(client, cursor);
  cursor = { horizon: batch.horizon, appliedAbove: batch.appliedAbove };
  return batch;
}
const keysOf = (batch: ChangeBatch, table: string) => batch.tables.get(table)?.keys ?? [];

describe.skipIf(ENGINE !== 'postgres')('change capture on PostgreSQL', () => {
  beforeAll(async () => {
    h = await harness(50);
    admin = await h.signIn('portaladmin@demo.cx');
    const url = await databaseUrl(h.db, process.env);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await ensureCapture(h.db, { bulkRows: 20 });
    cursor = { horizon: null, appliedAbove: new Set() };
    await poll(); // nothing was written since the capture began
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await h?.close();
  });

  it('describes the replicated tables by their keys and columns, and installs the capture idempotently', async () => {
    const tables = await replicatedTables(h.db);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['responses', 'reviews', 'cases', 'feedback_sessions', 'recovery_answers', 'text_analysis', 'text_topic_hits', 'text_topics']));
    const responses = tables.find((t) => t.name === 'responses')!;
    expect(responses.key).toEqual(['id']);
    expect(responses.columns[0]).toEqual({ name: 'id', sqlType: 'integer' });
    expect(tables.find((t) => t.name === 'text_topic_hits')!.key).toEqual(['source_id', 'row_key', 'topic_id']);
    // Again (a second process starting): the same tables, still one trigger per event.
    await ensureCapture(h.db, { bulkRows: 20 });
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = 'responses'::regclass AND tgname LIKE 'cx_capture_%'");
    expect(n).toBe(4);
  });

  it('logs the key of a survey answer and of a case update', async () => {
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY id LIMIT 1');
    const answer = await surveyAt(h, store);
    const id = await answer(9, 'Quick and friendly');
    const [kase] = await h.db.query<{ pfo_id: string }>('SELECT pfo_id FROM cases ORDER BY pfo_id LIMIT 1');
    await h.db.tx((q) => q.query("UPDATE cases SET state = 'InProgress' WHERE pfo_id = $1", [kase.pfo_id]));
    const batch = await poll();
    expect(keysOf(batch, 'responses')).toContainEqual([String(id)]);
    expect(batch.tables.get('cases')).toEqual({ keys: [[kase.pfo_id]], reload: false });
    expect((await poll()).tables.size).toBe(0);
  });

  it('reads a transaction that commits after a younger one was read (the late-commit hazard)', async () => {
    const [first, second] = await h.db.query<{ pfo_id: string }>('SELECT pfo_id FROM cases ORDER BY pfo_id LIMIT 2');
    let commitT1!: () => void;
    let t1!: Promise<unknown>;
    // T1 writes first (takes the lower seq) and stays open.
    await new Promise<void>((wrote) => {
      t1 = h.db.tx(async (q) => {
        await q.query("UPDATE cases SET state = 'Assigned' WHERE pfo_id = $1", [first.pfo_id]);
        wrote();
        await new Promise<void>((resolve) => (commitT1 = resolve));
      });
    });
    try {
      await h.db.tx((q) => q.query("UPDATE cases SET state = 'Assigned' WHERE pfo_id = $1", [second.pfo_id]));
      expect(keysOf(await poll(), 'cases')).toEqual([[second.pfo_id]]);
    } finally {
      commitT1();
      await t1;
    }
    expect(keysOf(await poll(), 'cases')).toEqual([[first.pfo_id]]);
    // Both are final now, and neither is read again.
    expect((await poll()).tables.size).toBe(0);
  });

  it('logs one reload for a statement over the bulk threshold, and for a TRUNCATE', async () => {
    await h.db.query("UPDATE responses SET channel = channel WHERE id IN (SELECT id FROM responses ORDER BY id LIMIT 21)");
    await h.db.query("UPDATE responses SET channel = channel WHERE id IN (SELECT id FROM responses ORDER BY id LIMIT 20)");
    const bulk = await poll();
    expect(bulk.tables.get('responses')).toEqual({ keys: [], reload: true });
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM cx_changes WHERE tbl = 'responses' AND op = 'R'");
    expect(n).toBe(1);

    await h.db.query('TRUNCATE recovery_answers');
    expect((await poll()).tables.get('recovery_answers')).toEqual({ keys: [], reload: true });
  });

  it('captures a new source’s table from the transaction that creates it, and tells the replica of its drop', async () => {
    const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));
    // A name that makes the longest table name (`ds_source-…`): its functions' names are cut and hashed.
    const id = await sourceFrom('2026 capture of a source whose name is long enough to cut', csv([['Response ID', 'Score'], ['a1', 7]]));
    const table = tableOf(id);
    // Made while capture is installed: captured at once, and copied whole (while still empty).
    expect((await poll()).tables.get(table)).toEqual({ keys: [], reload: true });
    const captured = await h.db.tx((q) => captureTable(q, table)); // again: idempotent
    expect(captured?.key).toEqual(['row_key']);
    await poll();
    expect((await imported(id, csv([['Response ID', 'Score'], ['a1', 7], ['a2', 6]]))).rowsWritten).toBe(2);
    const rows = await h.db.query<{ row_key: string }>(`SELECT row_key FROM ${table} ORDER BY row_key`);
    expect(rows).toHaveLength(2);
    const batch = await poll();
    expect(batch.tables.get(table)?.reload).toBe(false);
    expect(keysOf(batch, table).sort()).toEqual(rows.map((r) => [r.row_key]));
    // The next start captures it with the rest: it is in the registry.
    expect((await replicatedTables(h.db)).map((t) => t.name)).toContain(table);

    // Dropped, it leaves no capture function behind.
    const functions = () => h.db.query('SELECT proname FROM pg_proc WHERE proname LIKE $1', [`cx_capture_${table.slice(0, 36)}_%`]);
    expect(await functions()).toHaveLength(4);
    await h.db.tx(async (q) => {
      await q.query(`DROP TABLE ${table}`);
      await dropCapture(q, table);
    });
    expect(await functions()).toEqual([]);
    expect((await poll()).tables.get(table)).toEqual({ keys: [], reload: true });
  });
});
