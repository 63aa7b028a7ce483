import { z } from 'zod';
import type { Db, Queryable } from '../db';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { textOf } from './analyse';
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
 * The body of PUT /api/datasources/{id}/topics: ids unique, names unique among siblings (in any
 * case), every parent a topic of the list and no topic its own ancestor. Each problem names its field.
 */
export const taxonomyInput = z
  .object({ topics: z.array(topicInput).max(MAX_TOPICS, `A taxonomy has at most ${MAX_TOPICS} topics.`) })
  .superRefine(({ topics }, ctx) => {
    const byId = new Map(topics.map((t) => [t.id, t]));
    const named = new Set<string>();
    topics.forEach((t, i) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['topics', i, field], message });
      if (topics.findIndex((o) => o.id === t.id) !== i) at('id', `The topic id "${t.id}" is used twice.`);
      const sibling = `${t.parentId ?? ''}\u0001${t.name.toLowerCase()}`;
      if (named.has(sibling)) at('name', `Two topics under one parent are named "${t.name}".`);
      named.add(sibling);
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

/** Newest comments of a source, read to learn which languages it is written in (and to propose topics). */
export async function newestComments(q: Queryable, module: SmartModule, limit: number, claims: Parameters<typeof buildWhere>[2] = null): Promise<string[]> {
  const text = textOf(module);
  if (!text) return [];
  const w = buildWhere(module, [], claims);
  w.add(text.present);
  const rows = await q.query<{ text: string }>(`SELECT ${text.expr} AS text FROM ${module.table} t ${w.sql} ORDER BY t.${module.idColumn} DESC LIMIT ${w.bind(limit)}`, w.params);
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

/**
 * A source read for the first time (its first generation) without a taxonomy begins with the
 * starter one, in the languages its comments are written in and named in the most frequent. A
 * taxonomy an administrator saved (even an empty one) raised the generation: it is never replaced.
 */
export async function seedStarterTopics(db: Db, module: SmartModule, generation: number, now: Date): Promise<boolean> {
  if (generation !== 1 || (await taxonomyOf(db, module.moduleId)).length) return false;
  const langs = languagesOf(await newestComments(db.analytics, module, LANG_SAMPLE));
  if (!langs.length) return false;
  await saveTaxonomy(db, module.moduleId, starterTopics(langs, langs[0]), now);
  return true;
}
