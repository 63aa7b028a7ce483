import type { Db, Param, Queryable, Row } from '../db';
import { replicaOr } from '../db/read-after';
import { withTextJoin } from '../text/dimensions';
import type { SmartModule } from './schema';

/**
 * Where a module's rows are read: on the analytics connections, through the query cache, when rows
 * are only ever added (the responses, millions of them); otherwise with the other reads, never
 * cached, since a user who edits a case or replies to a review must see it on the next read, on
 * whichever process answers. A query naming a text column (Sentiment) reads the rows with their
 * analysis joined (server/text/dimensions.ts).
 * With the analytics replica (issue 50) the request's routing decides: the replica when it holds the
 * caller's writes, else as above.
 */
export function rowsOf(db: Db, module: SmartModule): Queryable {
  const primary: Queryable = module.appendOnly ? db.analytics : db;
  // Where a replica runs and holds this request's writes, every module is read from it (server/http/read-after.ts).
  const q = replicaOr(primary) ?? primary;
  if (!module.columns.some((c) => c.derived)) return q;
  return {
    query: <T extends Row>(sql: string, params?: readonly Param[]) => q.query<T>(withTextJoin(module, sql), params),
    ...(q.stream ? { stream: <T extends Row>(sql: string, params: readonly Param[], rows: number) => q.stream!<T>(withTextJoin(module, sql), params, rows) } : {}),
    rollups: q.rollups,
  };
}
