import { z } from 'zod';
import type { Db, Queryable } from '../db';
import { inTurn } from '../db/turns';
import type { Claim } from '../identity/users';
import { readExpr, type SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { generationOf, textOf } from './analyse';
import { shownVerbatimOf } from './dimensions';
import { requestPass } from './progress';
import { detectLang } from './sentiment/lang';
import { saveTaxonomy, taxonomyOf } from './store';
import { starterTopics } from './topics/starter';
import type { Lang, Topic } from './types';

/** What an administrator may save as a source's taxonomy (issue 49, contract 49b). */
export const MAX_TOPICS = 300;
export const MAX_TERMS = 200;
const TOPIC_ID = /^[a-z0-9-]{1,40}$/;

const phrase = z.string().trim().min(1, 'A term may not be empty.').max(100, 'A term is at most 100 characters.');
const topicInput = z.object({
  id: z.string().regex(TOPIC_ID, 'A topic id is 1 to 40 of a-z, 0-9 and "-".'),
  name: z.string().trim().min(1, 'A topic needs a name.').max(80, 'A topic name is at most 80 characters.'),
  parentId: z.string().regex(TOPIC_ID, 'Not a topic id.').nullish(),
  terms: z.array(phrase).max(MAX_TERMS, `A topic has at most ${MAX_TERMS} terms.`).default([]),
  exclusions: z.array(phrase).max(MAX_TERMS, `A topic has at most ${MAX_TERMS} exclusions.`).default([]),
});

/**
 * The body of PUT /api/datasources/{id}/topics: ids unique, names unique in the whole taxonomy (in
 * any case: a Topic filter or breakdown goes by name), every parent a topic of the list and no topic
 * its own ancestor. Each problem names its field.
 */
export const taxonomyInput = z
  .object({ topics: z.array(topicInput).max(MAX_TOPICS, `A taxonomy has at most ${MAX_TOPICS} topics.`) })
  .superRefine(({ topics }, ctx) => {
    const byId = new Map(topics.map((t) => [t.id, t]));
    const named = new Set<string>();
    topics.forEach((t, i) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['topics', i, field], message });
      if (topics.findIndex((o) => o.id === t.id) !== i) at('id', `The topic id "${t.id}" is used twice.`);
      const name = t.name.toLowerCase();
      if (named.has(name)) at('name', `Another topic is named "${t.name}": filters and breakdowns go by name, so each topic needs its own.`);
      named.add(name);
      if (!t.parentId) return;
      if (!byId.has(t.parentId)) return at('parentId', `There is no topic "${t.parentId}" to be the parent.`);
      const seen = new Set([t.id]);
      for (let p = byId.get(t.parentId); p; p = p.parentId ? byId.get(p.parentId) : undefined) {
        if (seen.has(p.id)) return at('parentId', `"${t.id}" would be its own ancestor.`);
        seen.add(p.id);
      }
    });
  })
  .transform(({ topics }): Topic[] =>
    topics.map((t) => ({ id: t.id, name: t.name, ...(t.parentId ? { parentId: t.parentId } : {}), terms: t.terms, exclusions: t.exclusions })),
  );

/** A source's taxonomy with, per topic, the comments about it and their net sentiment (-100..100; null for none). */
export async function taxonomyWithCounts(db: Db, sourceId: string) {
  const topics = await taxonomyOf(db, sourceId);
  const counted = await db.query<{ topic_id: string; n: number; pos: number; neg: number }>(
    `SELECT topic_id, count(*) AS n, count(*) FILTER (WHERE sentiment = 'positive') AS pos, count(*) FILTER (WHERE sentiment = 'negative') AS neg
     FROM text_topic_hits WHERE source_id = $1 GROUP BY topic_id`,
    [sourceId],
  );
  const byId = new Map(counted.map((r) => [r.topic_id, r]));
  return topics.map((t) => {
    const r = byId.get(t.id);
    const n = Number(r?.n ?? 0);
    return { ...t, count: n, netSentiment: n ? Math.round((1000 * (Number(r!.pos) - Number(r!.neg))) / n) / 10 : null };
  });
}

/** The part of a comment read to tell its language or to propose topics from: a pasted essay costs no more than a page. */
export const SAMPLE_CHARS = 2_000;

/** A source's comments as readers are shown them: none while the column is hidden, and none shown as a cleaned curse's mark. */
function shownTextOf(module: SmartModule): { expr: string; present: string } | undefined {
  const v = shownVerbatimOf(module);
  if (!v) return undefined;
  return { expr: readExpr(v), present: `${v.flagColumn ? `${v.flagColumn} IS NULL AND ` : ''}${v.column} IS NOT NULL AND trim(${v.column}) <> ''` };
}

/**
 * Newest comments of a source within `claims`, each clipped to SAMPLE_CHARS: as analysed (to learn
 * which languages it is written in), or `shown` as readers see them (to propose topics, whose
 * examples quote them to an administrator).
 */
export async function newestComments(q: Queryable, module: SmartModule, limit: number, { claims = null, shown = false }: { claims?: Claim[] | null; shown?: boolean } = {}): Promise<string[]> {
  const text = shown ? shownTextOf(module) : textOf(module);
  if (!text) return [];
  const w = buildWhere(module, [], claims);
  w.add(text.present);
  const rows = await q.query<{ text: string }>(
    `SELECT substr(${text.expr}, 1, ${SAMPLE_CHARS}) AS text FROM ${module.table} t ${w.sql} ORDER BY t.${module.idColumn} DESC LIMIT ${w.bind(limit)}`,
    w.params,
  );
  return rows.map((r) => r.text);
}

/** Comments read to tell a source's languages; a language of fewer than a tenth of them is not one of its own. */
const LANG_SAMPLE = 500;
const LANG_SHARE = 0.1;

/** The languages of `texts`, the most frequent first (those of at least a tenth of them). */
export function languagesOf(texts: readonly string[]): Lang[] {
  const counts = new Map<Lang, number>();
  for (const lang of texts.map((t) => detectLang(t))) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= texts.length * LANG_SHARE).sort((a, b) => b[1] - a[1]).map(([lang]) => lang);
}

/** The turn a source's taxonomy is written in: an administrator's save and the starter topics never cross. */
const taxonomyTurn = (db: Db, q: Queryable, sourceId: string) => inTurn(db, q, `text-taxonomy:${sourceId}`);

/**
 * A source read for the first time (its first generation) without a taxonomy begins with the
 * starter one, in the languages its comments are written in and named in the most frequent. A
 * taxonomy an administrator saved (even an empty one) raised the generation: it is never replaced,
 * even one saved while the comments were read (checked again where the starter one is saved).
 */
export async function seedStarterTopics(db: Db, module: SmartModule, generation: number, now: Date): Promise<boolean> {
  const untouched = async (q: Queryable) => (await generationOf(q, module.moduleId)) === 1 && !(await taxonomyOf(q, module.moduleId)).length;
  if (generation !== 1 || !(await untouched(db))) return false;
  const langs = languagesOf(await newestComments(db.analytics, module, LANG_SAMPLE));
  if (!langs.length) return false;
  return db.tx(async (q) => {
    await taxonomyTurn(db, q, module.moduleId);
    if (!(await untouched(q))) return false;
    await saveTaxonomy(q, module.moduleId, starterTopics(langs, langs[0]), now);
    return true;
  });
}

/** What a pass reads of a taxonomy: each topic's terms, exclusions and parent (names are joined when read; order is no matter). */
const matchedBy = (topics: readonly Topic[]) =>
  JSON.stringify([...topics].sort((a, b) => (a.id < b.id ? -1 : 1)).map((t) => [t.id, t.parentId ?? null, t.terms, t.exclusions]));

/**
 * Saves a source's taxonomy (PUT …/topics). History is read again under it (a new generation: each
 * row keeps its earlier analysis until the pass reaches it) only when what a pass matches by
 * changed: terms, exclusions, parents, topics added or dropped. A rename or a new order is saved
 * alone, its counts follow at once. The first taxonomy saved, even empty, raises the generation so
 * the starter topics never replace it. True when a pass was asked for.
 */
export async function saveTopics(db: Db, sourceId: string, topics: readonly Topic[], now: Date): Promise<boolean> {
  return db.tx(async (q) => {
    await taxonomyTurn(db, q, sourceId);
    const before = await taxonomyOf(q, sourceId);
    const again = matchedBy(before) !== matchedBy(topics) || (!before.length && (await generationOf(q, sourceId)) === 1);
    await saveTaxonomy(q, sourceId, topics, now);
    if (again) await requestPass(q, sourceId, now, true);
    return again;
  });
}
