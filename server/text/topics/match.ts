/**
 * Which topics of a taxonomy a comment is about, where, and how the comment judges each of them.
 */
import type { Lang, Span, Topic, TopicHit } from '../types';
import { compile, occurrences, type Compiled, type Occurrence } from './matcher';
import { stem } from './stem';
import { clauses, tokenize } from './tokens';
import { reading, topicSentiment, type SentimentOf } from './topic-sentiment';
import { analysedPart } from '../clip';

export type { SentimentOf } from './topic-sentiment';

interface Mention {
  span: Span;
  clause: number;
}

/** Term matches that no exclusion of their own topic covers ("no problem" hides "problem"). */
function kept(found: Occurrence[]): Occurrence[] {
  const exclusions = found.filter((o) => o.pattern.exclusion);
  return found.filter(
    (o) => !o.pattern.exclusion && !exclusions.some((x) => x.pattern.topic === o.pattern.topic && x.from <= o.from && o.to <= x.to),
  );
}

/** Whether two topics are one, or one is the other's ancestor. */
function related(c: Compiled, a: number, b: number): boolean {
  return a === b || c.ancestors[a].includes(b) || c.ancestors[b].includes(a);
}

/**
 * The topics `text` mentions, in taxonomy order. Terms match on word stems in `lang` (any
 * inflection; German compounds by their first or last part); a sub-topic's mention counts for its
 * parents too; each hit's sentiment is `sentimentOf` the clauses mentioning it. Only the first
 * ANALYSED_CHARS are read.
 */
export function matchTopics(whole: string, topics: Topic[], lang: Lang, sentimentOf: SentimentOf): TopicHit[] {
  if (!whole || topics.length === 0) return [];
  const text = analysedPart(whole);
  const c = compile(topics, lang);
  const parts = clauses(text);
  const tokens = tokenize(text, parts);
  const direct = kept(occurrences(c, tokens.map((t) => stem(t.text, lang))));
  if (direct.length === 0) return [];

  const mentions = new Map<number, Mention[]>();
  // One highlight per stretch: a match inside a longer one of the same topic ("stock" in "out of
  // stock", a parent's "delivery" in its sub-topic's "late delivery") gives way to the longer.
  const within = (a: Span, b: Span) => b.start <= a.start && a.end <= b.end;
  const add = (topic: number, m: Mention) => {
    const list = mentions.get(topic) ?? [];
    if (list.some((x) => within(m.span, x.span))) return;
    mentions.set(topic, [...list.filter((x) => !within(x.span, m.span)), m]);
  };
  const spanOf = (o: Occurrence, reason: string): Mention => ({
    span: { start: tokens[o.from].start, end: tokens[o.to].end, weight: 0, reason },
    clause: tokens[o.from].clause,
  });
  for (const o of direct) add(o.pattern.topic, spanOf(o, `topic term "${o.pattern.term}"`));
  // After every direct match, so that a stretch the parent names itself keeps the parent's reason.
  for (const o of direct) {
    const reason = `topic term "${o.pattern.term}" of sub-topic "${topics[o.pattern.topic].name}"`;
    for (const ancestor of c.ancestors[o.pattern.topic]) add(ancestor, spanOf(o, reason));
  }

  const owners = new Map<number, number[]>();
  for (const [topic, list] of mentions) for (const m of list) owners.set(m.clause, [...(owners.get(m.clause) ?? []), topic]);
  const r = reading(text, parts, sentimentOf);
  return [...mentions.keys()]
    .sort((a, b) => a - b)
    .map((topic) => {
      const list = mentions.get(topic) ?? [];
      const free = (k: number) => (owners.get(k) ?? []).every((other) => related(c, topic, other));
      return {
        topicId: topics[topic].id,
        sentiment: topicSentiment(r, list.map((m) => m.clause), free),
        spans: list.map((m) => m.span).sort((a, b) => a.start - b.start),
      };
    });
}
