import type { Db } from '../../db';

export const INTERRUPTED = 'The server stopped during the import: nothing was written. Send the file again.';

/**
 * At the start of the database's only process (DuckDB's): imports that were running when the server
 * stopped can no longer end, so they are marked failed, their sources freed and their staging
 * tables dropped. Nothing of them was swapped in (the swap is one transaction). Several PostgreSQL
 * processes do not do this: another process's import may still be running.
 */
export async function recoverImports(db: Db): Promise<number> {
  const running = await db.query<{ import_id: string; source_id: string }>("SELECT import_id, source_id FROM datasource_imports WHERE state = 'running'");
  for (const r of running) {
    await db.tx(async (q) => {
      await q.query("UPDATE datasource_imports SET state = 'failed', rows_written = 0, message = $1, finished_at = CAST($2 AS TIMESTAMP) WHERE import_id = $3", [INTERRUPTED, new Date(), r.import_id]);
      await q.query("UPDATE datasources SET state = CASE WHEN row_count > 0 THEN 'ready' ELSE 'empty' END WHERE source_id = $1 AND state = 'importing'", [r.source_id]);
    });
    await db.query(`DROP TABLE IF EXISTS ds_stage_${r.import_id.replace(/[^a-z0-9]/gi, '')}`);
  }
  return running.length;
}
