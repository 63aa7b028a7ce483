/**
 * A taxonomy compiled for one language: every term and exclusion as a sequence of stems, indexed by
 * its first stem, so that a comment is read once whatever the number of topics.
 */
import type { Lang, Topic } from '../types';
import { stem } from './stem';
import { wordsOf } from './tokens';

export interface Pattern {
  topic: number;
  /** As the administrator wrote it, for the reason shown on hover. */
  term: string;
  stems: string[];
  exclusion: boolean;
}

/** Where a pattern matched: token indexes, both inclusive. */
export interface Occurrence {
  pattern: Pattern;
  from: number;
  to: number;
}

export interface Compiled {
  topics: Topic[];
  lang: Lang;
  /** Each topic's parent, grandparent, ... (indexes; a cycle or an unknown parent ends the chain). */
  ancestors: number[][];
  byFirst: Map<string, Pattern[]>;
  /** First stems of 4+ letters by their first and by their last 4 letters: where a German compound's parts are looked up. */
  byEdge: Map<string, string[]>;
  /** German compounds: the first stems a written stem contains (bounded, the least recently used dropped). */
  compounds: Map<string, string[]>;
}

const COMPOUND_CACHE = 20_000;
const cache = new WeakMap<Topic[], Map<Lang, Compiled>>();

function ancestorsOf(topics: Topic[]): number[][] {
  const index = new Map(topics.map((t, i) => [t.id, i]));
  return topics.map((topic, i) => {
    const chain: number[] = [];
    for (let p = index.get(topic.parentId ?? ''); p !== undefined && p !== i && !chain.includes(p); p = index.get(topics[p].parentId ?? '')) {
      chain.push(p);
    }
    return chain;
  });
}

/**
 * The compiled form of a taxonomy, kept while the array lives: an edited taxonomy is a new array
 * (the stored one is read afresh), so an edit is never matched against stale patterns.
 */
export function compile(topics: Topic[], lang: Lang): Compiled {
  const perLang = cache.get(topics) ?? new Map<Lang, Compiled>();
  cache.set(topics, perLang);
  const known = perLang.get(lang);
  if (known) return known;
  const byFirst = new Map<string, Pattern[]>();
  topics.forEach((topic, i) => {
    const add = (term: string, exclusion: boolean) => {
      const stems = wordsOf(term).map((word) => stem(word, lang));
      if (stems.length === 0) return;
      const list = byFirst.get(stems[0]);
      const pattern = { topic: i, term: term.trim(), stems, exclusion };
      if (list) list.push(pattern);
      else byFirst.set(stems[0], [pattern]);
    };
    topic.terms.forEach((term) => add(term, false));
    topic.exclusions.forEach((term) => add(term, true));
  });
  const byEdge = new Map<string, string[]>();
  if (lang === 'de') {
    for (const first of byFirst.keys()) {
      if (first.length < 4) continue;
      for (const edge of new Set([`^${first.slice(0, 4)}`, `$${first.slice(-4)}`])) byEdge.set(edge, [...(byEdge.get(edge) ?? []), first]);
    }
  }
  const compiled: Compiled = { topics, lang, ancestors: ancestorsOf(topics), byFirst, byEdge, compounds: new Map() };
  perLang.set(lang, compiled);
  return compiled;
}

/**
 * Whether a written word's stem is the pattern's: the same, or in German a compound that starts or
 * ends with it (Lieferzeit, Paketlieferung for Lieferung), the rest being a word of 3 letters or more.
 */
export function sameWord(written: string, wanted: string, lang: Lang): boolean {
  if (written === wanted) return true;
  return lang === 'de' && wanted.length >= 4 && written.length >= wanted.length + 3 && (written.startsWith(wanted) || written.endsWith(wanted));
}

function firstStems(c: Compiled, written: string): string[] {
  if (c.lang !== 'de') return c.byFirst.has(written) ? [written] : [];
  let found = c.compounds.get(written);
  if (found) c.compounds.delete(written);
  else {
    // Only the first stems that share the written stem's first or last 4 letters can be a part of it.
    const candidates = new Set([...(c.byEdge.get(`^${written.slice(0, 4)}`) ?? []), ...(c.byEdge.get(`$${written.slice(-4)}`) ?? [])]);
    found = [...(c.byFirst.has(written) ? [written] : []), ...[...candidates].filter((first) => first !== written && sameWord(written, first, 'de'))];
    if (c.compounds.size >= COMPOUND_CACHE) c.compounds.delete(c.compounds.keys().next().value!);
  }
  c.compounds.set(written, found);
  return found;
}

/** Every match of every term and exclusion in a comment's stems. */
export function occurrences(c: Compiled, stems: string[]): Occurrence[] {
  const out: Occurrence[] = [];
  stems.forEach((written, from) => {
    for (const first of firstStems(c, written)) {
      for (const pattern of c.byFirst.get(first) ?? []) {
        const to = from + pattern.stems.length - 1;
        if (to >= stems.length) continue;
        if (pattern.stems.every((wanted, k) => sameWord(stems[from + k], wanted, c.lang))) out.push({ pattern, from, to });
      }
    }
  });
  return out;
}
