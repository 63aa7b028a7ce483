/**
 * The sentiment of the part of a comment that is about one topic: the clauses mentioning it, read by
 * the injected sentiment engine. A clause that names the topic and judges nothing ("The delivery,
 * which I ordered on Monday, was late") takes in its sentence's neighbours that are about no other topic.
 */
import type { Sentiment, SentimentLabel } from '../types';
import type { Clause } from './tokens';

export type SentimentOf = (text: string) => Sentiment;

export interface Reading {
  text: string;
  clauses: Clause[];
  /** Reads text.slice(clauses[from].start, clauses[to].end), spans in the comment's offsets (cached). */
  read: (from: number, to: number) => Sentiment;
}

/** A reader over a comment that asks the engine once per stretch of clauses. */
export function reading(text: string, parts: Clause[], sentimentOf: SentimentOf): Reading {
  const seen = new Map<string, Sentiment>();
  const read = (from: number, to: number): Sentiment => {
    const key = `${from}:${to}`;
    const known = seen.get(key);
    if (known) return known;
    const start = parts[from].start;
    const s = sentimentOf(text.slice(start, parts[to].end));
    const shifted = { ...s, spans: s.spans.map((span) => ({ ...span, start: span.start + start, end: span.end + start })) };
    seen.set(key, shifted);
    return shifted;
  };
  return { text, clauses: parts, read };
}

const judgesNothing = (s: Sentiment) => s.label === 'neutral' && s.spans.length === 0;

/** Runs of neighbouring clauses of one sentence, as [first, last]. */
function runs(parts: Clause[], mentioned: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const k of [...new Set(mentioned)].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[1] === k - 1 && parts[k].sentence === parts[last[1]].sentence) last[1] = k;
    else out.push([k, k]);
  }
  return out;
}

/** Several stretches: the average score; the label they agree on, else the average's sign. */
function combine(found: Sentiment[]): Sentiment {
  if (found.length === 1) return found[0];
  const score = found.reduce((sum, s) => sum + s.score, 0) / found.length;
  const judged = new Set(found.map((s) => s.label).filter((l) => l !== 'neutral'));
  const label: SentimentLabel = judged.size === 1 ? [...judged][0] : score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
  return { label, score, lang: found[0].lang, spans: found.flatMap((s) => s.spans) };
}

/**
 * The sentiment of the clauses `mentioned` (indexes into r.clauses); `free(k)` says whether clause k
 * is about no other topic, so that it may be taken in when a mentioning clause judges nothing.
 */
export function topicSentiment(r: Reading, mentioned: number[], free: (clause: number) => boolean): Sentiment {
  const found = runs(r.clauses, mentioned).map(([from, to]) => {
    const own = r.read(from, to);
    if (!judgesNothing(own)) return own;
    const sentence = r.clauses[from].sentence;
    const open = (k: number) => k >= 0 && k < r.clauses.length && r.clauses[k].sentence === sentence && free(k);
    let a = from;
    let b = to;
    while (open(a - 1)) a -= 1;
    while (open(b + 1)) b += 1;
    return a === from && b === to ? own : r.read(a, b);
  });
  return combine(found);
}
