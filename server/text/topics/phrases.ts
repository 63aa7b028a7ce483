/**
 * Key phrases of a corpus, for proposing topics: noun-ish words and two-word phrases with the
 * comments they occur in. No part-of-speech model: a word counts as a noun where German capitalises
 * it inside a sentence, or where an English one ends a run of content words after a determiner or
 * a preposition or an adjective such as "great", at the start of a clause, or before "is", "was", "were".
 */
import type { Lang } from '../types';
import { stem } from './stem';
import { clauses, tokenize, type Token } from './tokens';
import { isStopWord } from './words';
import { analysedPart } from '../clip';

export interface Phrase {
  /** Stems joined by a space. */
  key: string;
  words: number;
  /** Indexes of the texts it occurs in. */
  docs: Set<number>;
  /** Its written forms and how often each, from noun-like places first. */
  forms: Map<string, number>;
  /** How often it stood where a noun stands. */
  nounish: number;
}

const EN_BEFORE_NOUN = new Set(
  ('the a an my our your their his her its this that these those no any some every each of for with about at in on from by ' +
    'good great bad nice excellent terrible awful poor best worst amazing horrible fantastic perfect').split(' '),
);
const EN_AFTER_NOUN = new Set("is was were are isn't wasn't weren't aren't has had have took takes came comes arrived".split(' '));

/** Runs of neighbouring content words in one clause. */
function runs(tokens: Token[], lang: Lang): number[][] {
  const out: number[][] = [];
  tokens.forEach((t, i) => {
    if (isStopWord(t.text, lang)) return;
    const last = out[out.length - 1];
    if (last && last[last.length - 1] === i - 1 && tokens[i - 1].clause === t.clause) last.push(i);
    else out.push([i]);
  });
  return out;
}

function enNounish(tokens: Token[], run: number[]): boolean {
  const first = run[0];
  const head = run[run.length - 1];
  const before = tokens[first - 1];
  const after = tokens[head + 1];
  return !before || before.clause !== tokens[first].clause || EN_BEFORE_NOUN.has(before.text.toLowerCase()) ||
    (after !== undefined && EN_AFTER_NOUN.has(after.text.toLowerCase()));
}

const capitalised = (word: string) => word[0] !== word[0].toLowerCase();

/**
 * Every unigram and head bigram (the last two words of a run) of `texts` with its documents.
 * `nounEvidence` is false for a German corpus written in lower case, where capitals tell nothing.
 */
export function phrases(texts: string[], lang: Lang): { phrases: Map<string, Phrase>; nounEvidence: boolean } {
  const found = new Map<string, Phrase>();
  let inner = 0;
  let innerCapitals = 0;
  const note = (key: string, words: number, doc: number, form: string, nounish: boolean) => {
    const p = found.get(key) ?? { key, words, docs: new Set<number>(), forms: new Map<string, number>(), nounish: 0 };
    p.docs.add(doc);
    p.forms.set(form, (p.forms.get(form) ?? 0) + (nounish ? 1000 : 1));
    if (nounish) p.nounish += 1;
    found.set(key, p);
  };
  texts.forEach((whole, doc) => {
    const text = analysedPart(whole);
    const parts = clauses(text);
    const tokens = tokenize(text, parts);
    const startsSentence = (i: number) => i === 0 || parts[tokens[i - 1].clause].sentence !== parts[tokens[i].clause].sentence;
    for (const run of runs(tokens, lang)) {
      const enNoun = lang === 'en' && enNounish(tokens, run);
      run.forEach((i, k) => {
        const t = tokens[i];
        const inside = !startsSentence(i);
        if (inside) {
          inner += 1;
          if (capitalised(t.text)) innerCapitals += 1;
        }
        const nounish = lang === 'de' ? inside && capitalised(t.text) : enNoun && k === run.length - 1;
        note(stem(t.text, lang), 1, doc, lang === 'en' ? t.text.toLowerCase() : t.text, nounish);
      });
      if (run.length >= 2) {
        const [a, b] = run.slice(-2).map((i) => tokens[i]);
        const form = `${a.text} ${b.text}`;
        note(`${stem(a.text, lang)} ${stem(b.text, lang)}`, 2, doc, lang === 'en' ? form.toLowerCase() : form, true);
      }
    }
  });
  return { phrases: found, nounEvidence: lang === 'en' || innerCapitals >= 0.05 * inner };
}

/** The most frequent written form (noun-like places outweigh all others). */
export function nameOf(p: Phrase): string {
  return [...p.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}
