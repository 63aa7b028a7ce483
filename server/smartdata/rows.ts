import type { Db, Param, Queryable, Row } from '../db';
import { withTextJoin } from '../text/dimensions';
import type { SmartModule } from './schema';

/**
 * Where a module's rows are read: on the analytics connections, through the query cache, when rows
 * are only ever added (the responses, millions of them); otherwise with the other reads, never
 * cached, since a user who edits a case or replies to a review must see it on the next read, on
 * whichever process answers. A query naming a text column (Sentiment) reads the rows with their
 * analysis joined (server/text/dimensions.ts).
 */
export function rowsOf(db: Db, module: SmartModule): Queryable {
  const q: Queryable = module.appendOnly ? db.analytics : db;
  if (!module.columns.some((c) => c.derived)) return q;
  return {
    query: <T extends Row>(sql: string, params?: readonly Param[]) => q.query<T>(withTextJoin(module, sql), params),
    ...(q.stream ? { stream: <T extends Row>(sql: string, params: readonly Param[], rows: number) => q.stream!<T>(withTextJoin(module, sql), params, rows) } : {}),
  };
}
