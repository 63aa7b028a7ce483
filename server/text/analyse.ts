import type { Queryable } from '../db';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { verbatimOf } from './dimensions';
import { analyseSentiment } from './sentiment/analyse';
import { detectLang } from './sentiment/lang';
import { modelBeatsLexicon } from './sentiment/model';
import { modelsOf, portalModels, saveAnalyses, taxonomyOf, type AnalysedRow } from './store';
import { matchTopics } from './topics/match';
import type { TextAnalysis, Topic } from './types';

/** A source's taxonomy as last read, with what identifies its stored version. */
const taxonomies = new Map<string, { version: string; topics: Topic[] }>();

/**
 * The source's taxonomy, the same array while its stored rows are unchanged: the topic matcher
 * compiles a taxonomy once per array (hundreds of milliseconds for a large one), and every survey
 * answer is read with it. The version is the rows' count, newest update and total length, so an
 * edit made by another process is seen too.
 */
async function currentTaxonomy(q: Queryable, sourceId: string): Promise<Topic[]> {
  const [head] = await q.query<{ n: number; updated: Date | null; size: number | null }>(
    "SELECT count(*) AS n, max(updated_at) AS updated, sum(length(name) + length(terms) + length(exclusions) + length(COALESCE(parent_id, ''))) AS size FROM text_topics WHERE source_id = $1",
    [sourceId],
  );
  const version = `${Number(head.n)}|${head.updated ? new Date(head.updated).getTime() : ''}|${Number(head.size ?? 0)}`;
  const known = taxonomies.get(sourceId);
  if (known?.version === version) return known.topics;
  const topics = await taxonomyOf(q, sourceId);
  taxonomies.set(sourceId, { version, topics });
  return topics;
}

/** Reads one comment: its sentiment (by the source's learned model of its language, if any) and its topics. */
export type Analyser = (text: string) => TextAnalysis;

/**
 * The analyser of a source: its learned models where they read better than the word lists (a
 * source without one: the portal's, learned from another source's scores) and its taxonomy, read
 * once for a batch of rows.
 */
export async function analyserFor(q: Queryable, sourceId: string): Promise<Analyser> {
  const own = await modelsOf(q, sourceId);
  const portal = await portalModels(q);
  const topics = await currentTaxonomy(q, sourceId);
  return (text) => {
    const lang = detectLang(text);
    // A source's own model decides against the word lists; one without a model is read by the portal's.
    const mine = own.get(lang);
    const options = { lang, model: mine ? (modelBeatsLexicon(mine) ? mine : undefined) : portal.get(lang) };
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
