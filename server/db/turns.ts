import { isUniqueViolation, type Db, type Queryable } from './types';

/**
 * Makes the transactions that name the same key take turns until they end, so a count and the
 * insert it allows are never passed by a racing request: PostgreSQL takes an advisory lock on the
 * key; DuckDB's writes take turns on its one connection anyway.
 */
export async function inTurn(db: Db, q: Queryable, key: string): Promise<void> {
  if (db.engine === 'postgres') await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** Runs a write again (up to 3 times) when a racing one took its key first: a unique key's refusal. */
export async function retryWhenTaken<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
