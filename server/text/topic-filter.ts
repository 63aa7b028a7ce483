import type { SmartModule } from '../smartdata/schema';
import { BLANK, NO_INFO, type SmartFilter, type Where } from '../smartdata/where';

/** The rows of a source with a hit for a topic of its taxonomy, as `row_key`s; `names` narrows them to those topics (lower-cased). */
function hitKeys(w: Where, sourceId: string, names?: string[]): string {
  const named = names?.length ? ` AND lower(tt.name) IN (${names.map((n) => `lower(${w.bind(n)})`).join(', ')})` : '';
  return `SELECT h.row_key FROM text_topic_hits h JOIN text_topics tt ON tt.source_id = h.source_id AND tt.topic_id = h.topic_id WHERE h.source_id = ${w.bind(sourceId)}${named}`;
}

/**
 * The filter on `Topic` (a row has many): a row passes when it has a hit for a topic of one of the
 * names asked for (the names as shown, in any case), or, for [Blank], when it is about no topic of
 * the taxonomy. Values are bound; the id column is the module's own, qualified by the table in the
 * [Blank] test (an imported source's id column is itself named `row_key`, as the hits' is).
 */
export function topicClause(module: SmartModule, filters: SmartFilter[], w: Where): void {
  const isBlank = (v: SmartFilter['filterValue']) => v === null || v === undefined || v === '' || v === BLANK || v === NO_INFO;
  const names = filters.filter((f) => !isBlank(f.filterValue)).map((f) => String(f.filterValue));
  const key = (column: string) => `CAST(${column} AS VARCHAR)`;
  const ors = [
    ...(names.length ? [`${key(module.idColumn)} IN (${hitKeys(w, module.moduleId, names)})`] : []),
    // NOT EXISTS, not NOT IN: an anti-join either engine plans as one, and no NULL can empty it.
    ...(names.length < filters.length ? [`NOT EXISTS (${hitKeys(w, module.moduleId)} AND h.row_key = ${key(`${module.table}.${module.idColumn}`)})`] : []),
  ];
  w.add(`(${ors.join(' OR ')})`);
}
