import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
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
 * can hand it out, once (one conditional DELETE decides who).
 */
export class ExportStore {
  private readonly timer: NodeJS.Timeout;
  readonly dir: string;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), 'cx-exports-'));
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.timer.unref();
  }

  /** A new id and the temporary file to write it to; the export exists once `commit` is called. */
  reserve(): { id: string; file: string } {
    const id = randomBytes(16).toString('hex');
    return { id, file: join(this.dir, `${id}.xlsx`) };
  }

  /** Moves the written file into the database, chunk by chunk, then makes it downloadable. */
  async commit(id: string, file: string, name: string, userId: string): Promise<void> {
    const key = sha256(id);
    const created = new Date(this.now());
    try {
      let seq = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
        await this.db.query('INSERT INTO export_chunks (id_hash, seq, data, created_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))', [
          key, seq++, (chunk as Buffer).toString('base64'), created,
        ]);
      }
      const { size } = await stat(file);
      await this.db.query('INSERT INTO export_files (id_hash, user_id, name, bytes, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [
        key, userId, name, size, created,
      ]);
    } catch (error) {
      await this.db.query('DELETE FROM export_chunks WHERE id_hash = $1', [key]).catch(() => undefined);
      throw error;
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
    if (this.now() - row.created_at.getTime() > EXPORT_TTL_MS) {
      await this.db.query('DELETE FROM export_chunks WHERE id_hash = $1', [key]);
      return undefined;
    }
    const db = this.db;
    async function* chunks() {
      try {
        for (let seq = 0; ; seq++) {
          const [chunk] = await db.query<{ data: string }>('SELECT data FROM export_chunks WHERE id_hash = $1 AND seq = $2', [key, seq]);
          if (!chunk) return;
          yield Buffer.from(chunk.data, 'base64');
        }
      } finally {
        await db.query('DELETE FROM export_chunks WHERE id_hash = $1', [key]);
      }
    }
    return { name: row.name, userId: row.user_id, bytes: Number(row.bytes), chunks: chunks() };
  }

  /** Removes every export older than an hour, and chunks whose export never committed. */
  async sweep(): Promise<void> {
    const before = new Date(this.now() - EXPORT_TTL_MS);
    await this.db.query('DELETE FROM export_files WHERE created_at < CAST($1 AS TIMESTAMP)', [before]);
    await this.db.query('DELETE FROM export_chunks WHERE created_at < CAST($1 AS TIMESTAMP)', [before]);
    // The progress of an export whose process ended mid-way.
    await this.db.query('DELETE FROM export_progress WHERE updated_at < CAST($1 AS TIMESTAMP)', [before]);
  }

  close(): void {
    clearInterval(this.timer);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
