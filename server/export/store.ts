import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db';
import { sha256 } from '../auth/tokens';

/** Spec: an export file is removed once downloaded, or after an hour. */
export const EXPORT_TTL_MS = 3_600_000;
const SWEEP_MS = 60_000;
/** Bytes a chunk row holds: memory stays flat whatever the workbook's size. */
export const CHUNK_BYTES = 1024 * 1024;

export interface Taken {
  name: string;
  userId: string;
  bytes: number;
  /** The workbook's bytes, read a chunk at a time; the chunks are removed once read to the end. */
  chunks: AsyncIterable<Buffer>;
}

/**
 * Export files, known by an unguessable id. The id is the download's only credential: the
 * browser navigates to the download address, which carries no bearer header, so the id is 128
 * random bits, works once, and expires after an hour. The workbook is written to a temporary
 * file of the request's own, then moved into the database: any process behind the load balancer
 * can hand it out, once (one conditional DELETE decides who). On DuckDB the bytes stay in the file:
 * one process alone opens a DuckDB database, so the download comes to the process that wrote it,
 * and moving a 7.5 MB workbook through the engine's log took 0.3-1.5 s of the export. The row that
 * makes it downloadable, and the DELETE that hands it over once, are the same on both.
 */
export class ExportStore {
  private readonly timer: NodeJS.Timeout;
  readonly dir: string;
  /** The workbook's bytes wait in this process's file, not in the database (DuckDB: one process). */
  private readonly local: boolean;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), 'cx-exports-'));
    this.local = db.engine === 'duckdb';
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.timer.unref();
  }

  /** A new id and the temporary file to write it to; the export exists once `commit` is called. */
  reserve(): { id: string; file: string } {
    const id = randomBytes(16).toString('hex');
    return { id, file: join(this.dir, `${id}.xlsx`) };
  }

  /** Moves the written file into the database, chunk by chunk (or keeps it, `local`), then makes it downloadable. */
  async commit(id: string, file: string, name: string, userId: string): Promise<void> {
    const key = sha256(id);
    const created = new Date(this.now());
    const register = (q: Pick<Db, 'query'>, size: number) =>
      q.query('INSERT INTO export_files (id_hash, user_id, name, bytes, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [key, userId, name, size, created]);
    if (this.local) {
      await register(this.db, (await stat(file)).size).catch(async (error: unknown) => {
        await rm(file, { force: true });
        throw error;
      });
      return;
    }
    try {
      // One transaction, so a failed write leaves nothing and the log reaches the disk once: a commit
      // per chunk waited for it each time (a 7.5 MB workbook took 0.7-1.1 s, in one 0.12-0.19 s).
      await this.db.tx(async (q) => {
        let seq = 0;
        for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
          await q.query('INSERT INTO export_chunks (id_hash, seq, data, created_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))', [
            key, seq++, (chunk as Buffer).toString('base64'), created,
          ]);
        }
        await register(q, (await stat(file)).size);
      });
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Hands the export over once, to whichever process asks first; undefined when gone or expired. */
  async take(id: string): Promise<Taken | undefined> {
    const key = sha256(id);
    const [row] = await this.db.query<{ name: string; user_id: string; bytes: number; created_at: Date }>(
      'DELETE FROM export_files WHERE id_hash = $1 RETURNING name, user_id, bytes, created_at',
      [key],
    );
    if (!row) return undefined;
    const chunks = this.local ? await this.fileChunks(id) : this.rowChunks(key);
    if (this.now() - row.created_at.getTime() > EXPORT_TTL_MS || !chunks) {
      await this.forget(id, key);
      return undefined;
    }
    return { name: row.name, userId: row.user_id, bytes: Number(row.bytes), chunks };
  }

  /** The bytes in the database, a row at a time; the rows go once read to the end. */
  private async *rowChunks(key: string): AsyncGenerator<Buffer> {
    try {
      for (let seq = 0; ; seq++) {
        const [chunk] = await this.db.query<{ data: string }>('SELECT data FROM export_chunks WHERE id_hash = $1 AND seq = $2', [key, seq]);
        if (!chunk) return;
        yield Buffer.from(chunk.data, 'base64');
      }
    } finally {
      await this.db.query('DELETE FROM export_chunks WHERE id_hash = $1', [key]);
    }
  }

  /** The file an id names in this process: only an id as `reserve` makes them (the route checks it too). */
  private fileOf(id: string): string | undefined {
    return /^[0-9a-f]{32}$/.test(id) ? join(this.dir, `${id}.xlsx`) : undefined;
  }

  /** The bytes in this process's file (`local`), opened when first read; the file goes once read. Undefined when it is not here. */
  private async fileChunks(id: string): Promise<AsyncIterable<Buffer> | undefined> {
    const file = this.fileOf(id);
    // Gone with the process that wrote it (a restart): not found, rather than a broken download.
    if (!file || !(await stat(file).catch(() => undefined))) return undefined;
    return (async function* () {
      const read = createReadStream(file, { highWaterMark: CHUNK_BYTES });
      try {
        yield* read as AsyncIterable<Buffer>;
      } finally {
        read.destroy();
        await rm(file, { force: true });
      }
    })();
  }

  /** Removes an export's bytes, wherever they wait. */
  private async forget(id: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM export_chunks WHERE id_hash = $1', [key]);
    const file = this.fileOf(id);
    if (file) await rm(file, { force: true });
  }

  /** Removes every export older than an hour, and chunks (or files) whose export never committed. */
  async sweep(): Promise<void> {
    const before = new Date(this.now() - EXPORT_TTL_MS);
    await this.db.query('DELETE FROM export_files WHERE created_at < CAST($1 AS TIMESTAMP)', [before]);
    await this.db.query('DELETE FROM export_chunks WHERE created_at < CAST($1 AS TIMESTAMP)', [before]);
    // The progress of an export whose process ended mid-way.
    await this.db.query('DELETE FROM export_progress WHERE updated_at < CAST($1 AS TIMESTAMP)', [before]);
    if (!this.local) return;
    for (const name of await readdir(this.dir)) {
      const file = join(this.dir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Infinity }));
      if (mtimeMs < before.getTime()) await rm(file, { force: true });
    }
  }

  close(): void {
    clearInterval(this.timer);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
