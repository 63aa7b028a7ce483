import type { Queryable } from '../db';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { verbatimOf } from './dimensions';
import { analyseSentiment } from './sentiment/analyse';
import { detectLang } from './sentiment/lang';
import { modelsOf, portalModels, saveAnalyses, taxonomyOf, type AnalysedRow } from './store';
import { matchTopics } from './topics/match';
import type { TextAnalysis } from './types';

/** Reads one comment: its sentiment (by the source's learned model of its language, if any) and its topics. */
export type Analyser = (text: string) => TextAnalysis;

/**
 * The analyser of a source: its learned models (else the portal's, learned from another source's
 * scores) and its taxonomy, read once for a batch of rows.
 */
export async function analyserFor(q: Queryable, sourceId: string): Promise<Analyser> {
  const own = await modelsOf(q, sourceId);
  const portal = await portalModels(q);
  const topics = await taxonomyOf(q, sourceId);
  return (text) => {
    const lang = detectLang(text);
    const options = { lang, model: own.get(lang) ?? portal.get(lang) };
    const sentimentOf = (part: string) => analyseSentiment(part, options);
    return { sentiment: sentimentOf(text), topics: topics.length ? matchTopics(text, topics, lang, sentimentOf) : [] };
  };
}

/**
 * The text a row is analysed by: the comment as written (the raw text where profanity was
 * cleaned: a curse is a judgement too), only where there is one.
 */
export function textOf(module: SmartModule): { expr: string; present: string } | undefined {
  const v = verbatimOf(module);
  if (!v) return undefined;
  const expr = v.rawColumn ? `COALESCE(t.${v.rawColumn}, t.${v.column})` : `t.${v.column}`;
  return { expr, present: `${expr} IS NOT NULL AND trim(${expr}) <> ''` };
}

/** The source's generation its new rows are analysed in (1 before its first pass). */
export async function generationOf(q: Queryable, sourceId: string): Promise<number> {
  const [row] = await q.query<{ generation: number }>('SELECT generation FROM text_backfills WHERE source_id = $1', [sourceId]);
  return Number(row?.generation ?? 1);
}

/**
 * Analyses rows as they are written, in the writer's transaction (a survey answer, a synced
 * review): their sentiment is there as soon as they are, for the case rules that read it next.
 * `ids` are the module's id values; a module without a verbatim has nothing to read.
 */
export async function analyseWritten(q: Queryable, module: SmartModule, ids: ReadonlyArray<string | number>, now: Date): Promise<void> {
  const text = textOf(module);
  if (!text || !ids.length) return;
  const w = buildWhere(module, [], null);
  w.add(`t.${module.idColumn} IN (${ids.map((id) => w.bind(id)).join(', ')})`);
  w.add(text.present);
  const rows = await q.query<{ k: string; text: string }>(`SELECT CAST(t.${module.idColumn} AS VARCHAR) AS k, ${text.expr} AS text FROM ${module.table} t ${w.sql}`, w.params);
  if (!rows.length) return;
  const analyse = await analyserFor(q, module.moduleId);
  const analysed: AnalysedRow[] = rows.map((r) => ({ key: r.k, analysis: analyse(r.text) }));
  await saveAnalyses(q, module.moduleId, analysed, await generationOf(q, module.moduleId), now);
}
