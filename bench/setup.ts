// Shared set-up of the server-side benchmarks: a freshly seeded DuckDB file and a free port.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';

/** Seeds `records` responses ending at `anchor` into a new database in `dir`; prints the time it took. */
export async function seedFresh(dir: string, records: number, anchor: Date): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const started = Date.now();
  const db = await openDb({ DATA_DIR: dir });
  await migrate(db);
  await seed(db, { records, anchor, onProgress: (n) => process.stdout.write(`\rseeding ${n.toLocaleString('en')}`) });
  await db.close();
  console.log(`\nseeded ${records.toLocaleString('en')} responses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}
