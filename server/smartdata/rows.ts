import type { Db, Queryable } from '../db';
import type { SmartModule } from './schema';

/**
 * Where a module's rows are read: on the analytics connections, through the query cache, when rows
 * are only ever added (the responses, millions of them); otherwise with the other reads, never
 * cached, since a user who edits a case or replies to a review must see it on the next read, on
 * whichever process answers.
 */
export const rowsOf = (db: Db, module: SmartModule): Queryable => (module.appendOnly ? db.analytics : db);
