import type { Db, Param } from '../db';
import type { Claim } from '../identity/users';
import { numericId } from '../datasources/tables';
import { badRequest } from '../http/errors';
import { readExpr, type SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { analyserFor } from './analyse';
import { shownVerbatimOf, verbatimOf } from './dimensions';
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
  // A hidden comment column is refused outright, not answered with no rows: its reasons would quote
  // its words, and a 400 tells the grid why the text has no highlights (it shows none of it anyway).
  const verbatim = shownVerbatimOf(module);
  if (!verbatim) {
    throw badRequest(verbatimOf(module) ? `The data source "${module.moduleId}" has no comments shown: its comment column is hidden.` : `The data source "${module.moduleId}" has no comments to highlight.`);
  }
  const ids = idsOf(module, rowKeys);
  if (!ids.length) return {};
  const w = buildWhere(module, [], claims);
  w.add(`${module.idColumn} IN (${ids.map((id) => w.bind(id)).join(', ')})`);
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

/**
 * Row keys as the id column holds them, so the lookup uses its key (a cast of every id would read
 * them all): numbers for a built-in Number id, written as the engine writes them ("01" and "1.0"
 * are no key, and are left out); text otherwise (an imported source's `row_key` is text whatever
 * its file held).
 */
function idsOf(module: SmartModule, rowKeys: string[]): Param[] {
  const keys = [...new Set(rowKeys)];
  const numeric = numericId(module);
  // Built-in Number ids are INTEGER: a larger key is no row, and PostgreSQL would refuse to bind it.
  return numeric ? keys.filter((k) => /^-?\d{1,10}$/.test(k) && String(Number(k)) === k && Math.abs(Number(k)) <= 2 ** 31 - 1).map(Number) : keys;
}
