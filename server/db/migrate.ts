import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './types';
import { ensureBuiltinSources } from '../datasources/builtin';

const DIR = new URL('./migrations/', import.meta.url);

/** Applies the numbered SQL files in `migrations/` that have not run yet, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version VARCHAR PRIMARY KEY, applied_at TIMESTAMP NOT NULL)');
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: string[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(file)) continue;
    const statements = readFileSync(new URL(file, DIR), 'utf8')
      .replace(/--.*$/gm, '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    await db.tx(async (q) => {
      for (const sql of statements) await q.query(sql);
      await q.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, CAST($2 AS TIMESTAMP))', [file, new Date()]);
    });
    applied.push(file);
  }
  // The portal's own data sources are rows like any other (issue 44): added where missing.
  await ensureBuiltinSources(db);
  return applied;
}
