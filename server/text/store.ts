import type { Param, Queryable } from '../db';
import type { Lang, LearnedModel, ModelSummary, TextAnalysis, Topic } from './types';
import { MIN_HELD_OUT } from './sentiment/model';

/**
 * What the text analysis keeps per source (migration 035): each row's analysis by its key, the
 * model learned from the source's scored comments (one per language) and its taxonomy of topics.
 * Values are always bound; table and column names are this file's own.
 */

/** A row's analysis as stored: its key (CAST(id AS VARCHAR), as the engine wrote it) and what was read. */
export interface AnalysedRow {
  key: string;
  analysis: TextAnalysis;
}

/** Rows per statement: seven values each, well under either engine's limit of bound values. */
const PER_STATEMENT = 200;

const placeholders = (rows: number, width: number, cast: Record<number, string> = {}) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (__, c) => (cast[c] ? `CAST($${r * width + c + 1} AS ${cast[c]})` : `$${r * width + c + 1}`)).join(', ')})`).join(', ');

/** A score as both engines store it: finite, within -1..1, rounded to what a reader can tell apart. */
const stored = (score: number) => Math.round(Math.max(-1, Math.min(1, Number.isFinite(score) ? score : 0)) * 10_000) / 10_000;

/**
 * Writes the analyses of `rows` (a later analysis of a row replaces the earlier) and their topics,
 * in the caller's transaction.
 */
export async function saveAnalyses(q: Queryable, sourceId: string, rows: readonly AnalysedRow[], generation: number, now: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += PER_STATEMENT) {
    const chunk = rows.slice(i, i + PER_STATEMENT);
    const values: Param[] = chunk.flatMap(({ key, analysis: { sentiment, topics } }) => [
      sourceId,
      key,
      sentiment.lang,
      sentiment.label,
      stored(sentiment.score),
      topics.length ? JSON.stringify(topics.map((t) => ({ topicId: t.topicId, sentiment: t.sentiment.label, score: stored(t.sentiment.score) }))) : null,
      generation,
      now,
    ]);
    await q.query(
      `INSERT INTO text_analysis (source_id, row_key, lang, sentiment, score, topics, generation, analysed_at) VALUES ${placeholders(chunk.length, 8, { 7: 'TIMESTAMP' })}
       ON CONFLICT (source_id, row_key) DO UPDATE SET lang = EXCLUDED.lang, sentiment = EXCLUDED.sentiment, score = EXCLUDED.score, topics = EXCLUDED.topics, generation = EXCLUDED.generation, analysed_at = EXCLUDED.analysed_at`,
      values,
    );
    await saveTopicHits(q, sourceId, chunk);
  }
}

/** The topics of `rows` as one row each (what a topic filter reads), replacing those of before. */
async function saveTopicHits(q: Queryable, sourceId: string, rows: readonly AnalysedRow[]): Promise<void> {
  const keys = rows.map((r) => r.key);
  await q.query(`DELETE FROM text_topic_hits WHERE source_id = $1 AND row_key IN (${keys.map((_, i) => `$${i + 2}`).join(', ')})`, [sourceId, ...keys]);
  const hits = rows.flatMap((r) => r.analysis.topics.map((t) => [sourceId, r.key, t.topicId, t.sentiment.label, stored(t.sentiment.score)] as Param[]));
  for (let i = 0; i < hits.length; i += PER_STATEMENT) {
    const chunk = hits.slice(i, i + PER_STATEMENT);
    await q.query(`INSERT INTO text_topic_hits (source_id, row_key, topic_id, sentiment, score) VALUES ${placeholders(chunk.length, 5)}`, chunk.flat());
  }
}

/** Forgets what was read in a source's rows (the source is deleted, or its rows replaced). */
export async function forgetAnalyses(q: Queryable, sourceId: string): Promise<void> {
  await q.query('DELETE FROM text_topic_hits WHERE source_id = $1', [sourceId]);
  await q.query('DELETE FROM text_analysis WHERE source_id = $1', [sourceId]);
}

/** Everything the text analysis keeps of a source, with the source itself. */
export async function forgetSource(q: Queryable, sourceId: string): Promise<void> {
  await forgetAnalyses(q, sourceId);
  for (const table of ['text_models', 'text_topics', 'text_backfills']) await q.query(`DELETE FROM ${table} WHERE source_id = $1`, [sourceId]);
}

/** Keeps the model learned for a source in one language (replacing the one before), with the word lists' agreement beside its own. */
export async function saveModel(q: Queryable, sourceId: string, model: LearnedModel, now: Date): Promise<void> {
  const lexicon = model.heldOut.lexicon ?? { accuracy: 0, macroF1: 0 };
  await q.query(
    `INSERT INTO text_models (source_id, lang, model, trained_on, held_out_rows, accuracy, macro_f1, lexicon_accuracy, lexicon_macro_f1, trained_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CAST($10 AS TIMESTAMP))
     ON CONFLICT (source_id, lang) DO UPDATE SET model = EXCLUDED.model, trained_on = EXCLUDED.trained_on, held_out_rows = EXCLUDED.held_out_rows,
       accuracy = EXCLUDED.accuracy, macro_f1 = EXCLUDED.macro_f1, lexicon_accuracy = EXCLUDED.lexicon_accuracy,
       lexicon_macro_f1 = EXCLUDED.lexicon_macro_f1, trained_at = EXCLUDED.trained_at`,
    [sourceId, model.lang, JSON.stringify(model), model.trainedOn, model.heldOut.rows, model.heldOut.accuracy, model.heldOut.macroF1, lexicon.accuracy, lexicon.macroF1, now],
  );
}

/** Models as parsed, by source, language and when learned: a model is megabytes of JSON, read per survey answer otherwise. */
const parsed = new Map<string, LearnedModel>();
const PARSED_KEPT = 50;

/** The models of the rows of `text_models` that `where` (over `m`) picks, by language; each parsed once. */
async function modelsWhere(q: Queryable, where: string, params: Param[]): Promise<Map<Lang, LearnedModel>> {
  const heads = await q.query<{ source_id: string; lang: Lang; trained_at: Date }>(`SELECT source_id, lang, trained_at FROM text_models m ${where}`, params);
  const keyOf = (r: { source_id: string; lang: Lang; trained_at: Date }) => `${r.source_id}|${r.lang}|${new Date(r.trained_at).getTime()}`;
  const models = new Map<Lang, LearnedModel>();
  for (const head of heads) {
    let model = parsed.get(keyOf(head));
    if (!model) {
      const [row] = await q.query<{ source_id: string; lang: Lang; trained_at: Date; model: string }>(
        'SELECT source_id, lang, trained_at, model FROM text_models WHERE source_id = $1 AND lang = $2',
        [head.source_id, head.lang],
      );
      if (!row) continue;
      model = JSON.parse(row.model) as LearnedModel;
      parsed.set(keyOf(row), model);
      if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
    }
    models.set(head.lang, model);
  }
  return models;
}

/**
 * The models learned for a source, by language, each whether or not it reads better than the word
 * lists (`modelBeatsLexicon` tells; a source whose own model lost is read by the word lists).
 */
export const modelsOf = (q: Queryable, sourceId: string) => modelsWhere(q, 'WHERE source_id = $1', [sourceId]);

/** A model of `text_models <alias>` reads better than the word lists on enough held-out rows (as `modelBeatsLexicon`). */
const inUse = (alias: string) => `${alias}.held_out_rows >= ${MIN_HELD_OUT} AND ${alias}.macro_f1 > ${alias}.lexicon_macro_f1`;

/**
 * A model of `text_models m` is the portal's of its language: of those that read better than the
 * word lists, none learned from more comments (ties: the first source id).
 */
const IS_PORTAL = `${inUse('m')} AND NOT EXISTS (SELECT 1 FROM text_models o WHERE o.lang = m.lang AND ${inUse('o')} AND (o.trained_on > m.trained_on OR (o.trained_on = m.trained_on AND o.source_id < m.source_id)))`;

/**
 * The portal's models, by language: each the one learned from the most scored comments of any
 * source. A source without scores of its own (reviews, an imported file of tweets) is read by them.
 */
export const portalModels = (q: Queryable) => modelsWhere(q, `WHERE ${IS_PORTAL}`, []);


/** The models a source may be read by: its own and the portal's, each once (the portal's may be its own). */
export async function modelSummaries(q: Queryable, sourceId: string): Promise<{ own: Map<Lang, ModelSummary>; portal: Map<Lang, ModelSummary> }> {
  const rows = await q.query<{
    source_id: string; name: string | null; lang: Lang; trained_on: number; held_out_rows: number; accuracy: number; macro_f1: number;
    lexicon_accuracy: number; lexicon_macro_f1: number; in_use: boolean; portal: boolean;
  }>(
    `SELECT m.source_id, d.name, m.lang, m.trained_on, m.held_out_rows, m.accuracy, m.macro_f1, m.lexicon_accuracy, m.lexicon_macro_f1,
       CASE WHEN ${inUse('m')} THEN TRUE ELSE FALSE END AS in_use, CASE WHEN ${IS_PORTAL} THEN TRUE ELSE FALSE END AS portal
     FROM text_models m LEFT JOIN datasources d ON d.source_id = m.source_id WHERE m.source_id = $1 OR ${IS_PORTAL}`,
    [sourceId],
  );
  const own = new Map<Lang, ModelSummary>();
  const portal = new Map<Lang, ModelSummary>();
  for (const r of rows) {
    const summary: ModelSummary = {
      sourceId: r.source_id, sourceName: r.name ?? r.source_id, lang: r.lang, trainedOn: Number(r.trained_on),
      heldOutRows: Number(r.held_out_rows), accuracy: Number(r.accuracy), macroF1: Number(r.macro_f1),
      lexiconAccuracy: Number(r.lexicon_accuracy), lexiconMacroF1: Number(r.lexicon_macro_f1), inUse: r.in_use === true,
    };
    if (r.source_id === sourceId) own.set(r.lang, summary);
    if (r.portal) portal.set(r.lang, summary);
  }
  return { own, portal };
}

/**
 * The other sources read by the portal's model of `lang` (none of their own in it) that a pass has
 * already read comments of that language in, or is reading now (its analyser was made before).
 */
export async function sourcesReadByPortal(q: Queryable, exceptId: string, lang: Lang): Promise<string[]> {
  const rows = await q.query<{ source_id: string }>(
    `SELECT b.source_id FROM text_backfills b WHERE b.source_id <> $1
       AND NOT EXISTS (SELECT 1 FROM text_models o WHERE o.source_id = b.source_id AND o.lang = $2)
       AND (b.state = 'running' OR EXISTS (SELECT 1 FROM text_analysis a WHERE a.source_id = b.source_id AND a.lang = $2))
     ORDER BY b.source_id`,
    [exceptId, lang],
  );
  return rows.map((r) => r.source_id);
}

/** Replaces a source's taxonomy with `topics`, in their order. */
export async function saveTaxonomy(q: Queryable, sourceId: string, topics: readonly Topic[], now: Date): Promise<void> {
  await q.query('DELETE FROM text_topics WHERE source_id = $1', [sourceId]);
  for (let i = 0; i < topics.length; i += PER_STATEMENT) {
    const chunk = topics.slice(i, i + PER_STATEMENT);
    const values = chunk.flatMap((t, j) => [sourceId, t.id, t.name, t.parentId ?? null, JSON.stringify(t.terms), JSON.stringify(t.exclusions), i + j, now]);
    await q.query(`INSERT INTO text_topics (source_id, topic_id, name, parent_id, terms, exclusions, position, updated_at) VALUES ${placeholders(chunk.length, 8, { 7: 'TIMESTAMP' })}`, values);
  }
}

/** A source's taxonomy in its order (empty when it has none). */
export async function taxonomyOf(q: Queryable, sourceId: string): Promise<Topic[]> {
  const rows = await q.query<{ topic_id: string; name: string; parent_id: string | null; terms: string; exclusions: string }>(
    'SELECT topic_id, name, parent_id, terms, exclusions FROM text_topics WHERE source_id = $1 ORDER BY position',
    [sourceId],
  );
  return rows.map((r) => ({ id: r.topic_id, name: r.name, ...(r.parent_id ? { parentId: r.parent_id } : {}), terms: JSON.parse(r.terms) as string[], exclusions: JSON.parse(r.exclusions) as string[] }));
}
