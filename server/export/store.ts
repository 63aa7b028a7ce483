import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Spec: an export file is removed once downloaded, or after an hour. */
export const EXPORT_TTL_MS = 3_600_000;
const SWEEP_MS = 60_000;

interface Entry {
  file: string;
  name: string;
  userId: string;
  createdAt: number;
}

/**
 * Export files in `dir` (under the data directory), known by an unguessable id. The id is the
 * download's only credential: the browser navigates to the download address, which carries no
 * bearer header, so the id is 128 random bits, works once, and expires with the file.
 */
export class ExportStore {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
    // Files of an earlier process have no entry to reach them by: remove them.
    for (const f of readdirSync(dir)) if (f.endsWith('.xlsx')) rmSync(join(dir, f), { force: true });
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** A new id and the file to write it to; the entry exists once `commit` is called. */
  reserve(): { id: string; file: string } {
    const id = randomBytes(16).toString('hex');
    return { id, file: join(this.dir, `${id}.xlsx`) };
  }

  commit(id: string, file: string, name: string, userId: string): void {
    this.entries.set(id, { file, name, userId, createdAt: this.now() });
  }

  /** Hands the entry over once; the caller removes the file after sending it. */
  take(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (this.now() - entry.createdAt > EXPORT_TTL_MS) {
      rmSync(entry.file, { force: true });
      return undefined;
    }
    return entry;
  }

  /** Removes every export older than an hour. */
  sweep(): void {
    for (const [id, entry] of this.entries) {
      if (this.now() - entry.createdAt <= EXPORT_TTL_MS) continue;
      this.entries.delete(id);
      rmSync(entry.file, { force: true });
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
