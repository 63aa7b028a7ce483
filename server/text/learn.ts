import { mapInSlices } from './breathe';
import type { Db } from '../db';
import { scoreOf } from '../smartdata/column-roles';
import type { Column, SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { textOf } from './analyse';
import { detectLang } from './sentiment/lang';
import { trainModel } from './sentiment/model';
import { requestPass } from './progress';
import { modelSummaries, saveModel, sourcesReadByPortal } from './store';
import type { Lang, LearnedModel, ScoredComment } from './types';

/** Scored comments of one language a model needs: a fifth of them are held out to measure it. */
export const MIN_SCORED = 500;
/** The newest scored comments read to learn from: training is bounded in time (it holds the event loop). */
const MAX_READ = 20_000;

/** The score a source's comments are learned from, and its scale: an NPS (0-10), else a 1-5 rating. */
export function scaleOf(module: SmartModule): { column: Column; scale: ScoredComment['scale'] } | undefined {
  const nps = scoreOf(module, ['NPS']);
  if (nps?.typeName === 'Number') return { column: nps, scale: 'nps' };
  const rating = scoreOf(module, ['Rating', 'CSAT']);
  if (rating?.typeName === 'Number' && (rating.score?.min ?? 1) === 1 && (rating.score?.max ?? 5) === 5) return { column: rating, scale: 'stars' };
  return undefined;
}

/**
 * Learns a model per language from the source's own scored comments (where it has a score and
 * enough of them) and keeps it with its agreement on held-out rows; the models learned.
 */
export async function learnFromScores(db: Db, module: SmartModule, now: Date): Promise<LearnedModel[]> {
  const text = textOf(module);
  const scored = scaleOf(module);
  if (!text || !scored) return [];
  const w = buildWhere(module, [], null);
  w.add(text.present);
  w.add(`t.${scored.column.column} IS NOT NULL`);
  const rows = await db.analytics.query<{ text: string; score: number }>(
    `SELECT ${text.expr} AS text, t.${scored.column.column} AS score FROM ${module.table} t ${w.sql} ORDER BY t.${module.idColumn} DESC LIMIT ${w.bind(MAX_READ)}`,
    w.params,
  );
  const byLang = new Map<Lang, ScoredComment[]>();
  const langs = await mapInSlices(rows, (r) => detectLang(r.text));
  rows.forEach((r, i) => {
    const list = byLang.get(langs[i]) ?? [];
    if (!list.length) byLang.set(langs[i], list);
    list.push({ text: r.text, score: Number(r.score), scale: scored.scale });
  });
  const models: LearnedModel[] = [];
  for (const [lang, comments] of byLang) {
    if (comments.length < MIN_SCORED) continue;
    const model = await trainModel(comments, lang);
    await saveModel(db, module.moduleId, model, now);
    models.push(model);
  }
  await db.query('UPDATE text_backfills SET learned_rows = $2 WHERE source_id = $1', [module.moduleId, rows.length]);
  await rereadByNewPortalModels(db, module.moduleId, models.map((m) => m.lang), now);
  return models;
}

/**
 * Learns again when a source's scored comments have at least doubled since it last learned (or
 * first reach MIN_SCORED: a source that began small), up to MAX_READ, and has its history read by
 * the new models. Asked at each sweep for a source whose pass is done; at most a handful of times
 * in a source's life (500, 1,000, 2,000 ... 20,000). True when a model was learned.
 */
export async function learnAgainIfGrown(db: Db, module: SmartModule, learnedRows: number, now: Date): Promise<boolean> {
  const text = textOf(module);
  const scored = scaleOf(module);
  if (!text || !scored || learnedRows >= MAX_READ) return false;
  const w = buildWhere(module, [], null);
  w.add(text.present);
  w.add(`t.${scored.column.column} IS NOT NULL`);
  const [row] = await db.analytics.query<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${module.table} t ${w.sql} LIMIT ${w.bind(MAX_READ)}) s`, w.params);
  const n = Number(row.n);
  if (n < Math.max(MIN_SCORED, 2 * learnedRows)) return false;
  const models = await learnFromScores(db, module, now);
  if (models.length) await requestPass(db, module.moduleId, now, true);
  return models.length > 0;
}

/**
 * A model just learned that became the portal's of its language reads the sources without one of
 * their own better than the word lists (or the smaller model) they were read by: their history is
 * read again (a new generation). Bounded: only sources a pass has read comments of that language
 * in (or is reading now), once per model learned, which is at a source's first pass.
 */
async function rereadByNewPortalModels(db: Db, sourceId: string, langs: readonly Lang[], now: Date): Promise<void> {
  if (!langs.length) return;
  const { portal } = await modelSummaries(db, sourceId);
  for (const lang of langs) {
    if (portal.get(lang)?.sourceId !== sourceId) continue;
    for (const other of await sourcesReadByPortal(db, sourceId, lang)) await requestPass(db, other, now, true);
  }
}
