import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { readExpr, type SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { analyserFor } from './analyse';
import { verbatimOf } from './dimensions';
import { taxonomyOf } from './store';
import type { Sentiment, TopicHit } from './types';

/** Rows one call may ask for: a records page or a review feed's screen, never a whole source. */
export const MAX_HIGHLIGHT_ROWS = 200;

export type Highlight = { sentiment: Sentiment; topics: Array<TopicHit & { name: string }> };

/**
 * The sentiment and topics of rows' comments with the stretches that made them, for highlighting
 * (spans are not stored: they are read again here). Only rows the caller may read (claims, as the
 * records apply them) and only their stored comment AS SHOWN (a cleaned curse reads as its mark), so
 * the offsets fit the text on screen and nothing hidden is quoted in a reason. Rows not found, or not
 * the caller's, are left out.
 */
export async function highlightsOf(db: Db, module: SmartModule, rowKeys: string[], claims: Claim[] | null): Promise<Record<string, Highlight>> {
  const verbatim = verbatimOf(module);
  if (!verbatim) throw badRequest(`The data source "${module.moduleId}" has no comments to highlight.`);
  const keys = [...new Set(rowKeys)];
  if (!keys.length) return {};
  const w = buildWhere(module, [], claims);
  w.add(`CAST(${module.idColumn} AS VARCHAR) IN (${keys.map((k) => w.bind(k)).join(', ')})`);
  const shown = readExpr(verbatim);
  w.add(`${shown} IS NOT NULL`);
  const rows = await db.query<{ k: string; text: string }>(`SELECT CAST(${module.idColumn} AS VARCHAR) AS k, ${shown} AS text FROM ${module.table} ${w.sql}`, w.params);
  const analyse = await analyserFor(db, module.moduleId);
  const names = new Map((await taxonomyOf(db, module.moduleId)).map((t) => [t.id, t.name]));
  return Object.fromEntries(
    rows.map((r) => {
      const { sentiment, topics } = analyse(r.text);
      return [r.k, { sentiment, topics: topics.map((t) => ({ ...t, name: names.get(t.topicId) ?? t.topicId })) }];
    }),
  );
}
