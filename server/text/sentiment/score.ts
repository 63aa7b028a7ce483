import type { Lang, Span } from '../types';
import { emojiWeight } from './emoji';
import { detectLang } from './lang';
import type { LanguageRules } from './rules';
import { RULES, isNegator, lookup } from './rules';
import type { Token } from './tokenise';
import { isClauseBreak, tokenise } from './tokenise';

/** Words a negator reaches forward ("not very good", "no queue at all"). */
const NEGATION_SCOPE = 3;
/** Negated praise becomes blame nearly as strong; negated blame ("not bad") only mild praise. */
const NEGATE_POSITIVE = -0.75;
const NEGATE_NEGATIVE = -0.5;
/** Before the last "but" a judgement counts half, after it one and a half times (as VADER does). */
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
/** Squashes the sum into -1..1: a sum of 2 gives about 0.46, of 5 about 0.79 (VADER's alpha). */
const ALPHA = 15;

/** The lexicon's reading of one comment. */
export interface LexiconReading {
  lang: Lang;
  tokens: Token[];
  /** Sum of contributions before squashing. */
  raw: number;
  /** -1..1 */
  score: number;
  spans: Span[];
}

interface Hit {
  first: number;
  last: number;
  weight: number;
  what: string;
}

const quote = (text: string, tokens: Token[], first: number, last: number) => `"${text.slice(tokens[first].start, tokens[last].end)}"`;

/** Lexicon words, phrases (matched first, longest first) and emoji in the comment. */
function findHits(tokens: Token[], rules: LanguageRules, text: string): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'emoji') {
      const weight = emojiWeight(t.text);
      if (weight !== undefined) hits.push({ first: i, last: i, weight, what: `emoji ${t.text}` });
      continue;
    }
    if (t.kind !== 'word') continue;
    const phrase = rules.phrases.get(t.lower)?.find((p) => p.words.every((w, k) => tokens[i + k]?.kind === 'word' && tokens[i + k].lower === w));
    if (phrase) {
      const last = i + phrase.words.length - 1;
      hits.push({ first: i, last, weight: phrase.weight, what: `phrase ${quote(text, tokens, i, last)}` });
      i = last;
      continue;
    }
    const found = lookup(rules, t.lower);
    if (!found) continue;
    const kind = rules.domain.has(found.form) ? 'domain word' : found.fallback ? 'word (AFINN)' : 'word';
    hits.push({ first: i, last: i, weight: found.weight, what: `${found.weight > 0 ? 'positive' : 'negative'} ${kind} "${t.text}"` });
  }
  return hits;
}

/** The negator governing a hit: up to NEGATION_SCOPE words before it, or a clause-final German "nicht" after it. */
function negatorOf(tokens: Token[], rules: LanguageRules, hit: Hit, lang: Lang, inPhrase: Set<number>): number | undefined {
  for (let j = hit.first - 1; j >= Math.max(0, hit.first - NEGATION_SCOPE); j--) {
    if (isClauseBreak(tokens[j]) || rules.contrasts.has(tokens[j].lower)) break;
    if (tokens[j].kind === 'word' && !inPhrase.has(j) && isNegator(rules, tokens[j].lower)) return j;
  }
  if (lang !== 'de') return undefined;
  // "Das empfehle ich nicht." The negation closes the clause in German main clauses.
  for (let j = hit.last + 1; j <= hit.last + NEGATION_SCOPE && j < tokens.length; j++) {
    if (isClauseBreak(tokens[j])) break;
    if (tokens[j].lower === 'nicht' && (j + 1 === tokens.length || isClauseBreak(tokens[j + 1]))) return j;
  }
  return undefined;
}

/** The product of intensifiers in the two words before a hit, and where the first of them stands. */
function intensityOf(tokens: Token[], rules: LanguageRules, hit: Hit): { factor: number; from: number } {
  let factor = 1;
  let from = hit.first;
  for (let j = hit.first - 1; j >= Math.max(0, hit.first - 2); j--) {
    const m = rules.intensifiers[tokens[j].lower];
    if (tokens[j].kind !== 'word' || m === undefined) break;
    factor *= m;
    from = j;
  }
  return { factor, from };
}

/** Reads a comment with the language's lexicon, negation, intensifiers, contrasts and emoji. */
export function readWithLexicon(text: string, lang?: Lang): LexiconReading {
  const tokens = tokenise(text);
  // A language read from stored data may be one the engine has no rules for: then it is detected.
  const language = lang && lang in RULES ? lang : detectLang(text, tokens);
  const rules = RULES[language];
  const hits = findHits(tokens, rules, text);
  // An intensifier that strengthens a following word is not also a word of its own ("super freundlich").
  const modifiers = new Set<number>();
  // A negator inside a phrase ("no doubt", "nicht vorrätig") has been read with it.
  const inPhrase = new Set(hits.filter((h) => h.last > h.first).flatMap((h) => Array.from({ length: h.last - h.first + 1 }, (_, k) => h.first + k)));
  const contrast = tokens.findLastIndex((t, i) => t.kind === 'word' && rules.contrasts.has(t.lower) && i > 0);
  const spans: Span[] = [];
  const emphasis = Math.min(3, (text.match(/!/g) ?? []).length);
  let raw = 0;
  const modifies = hits.map((hit) => (tokens[hit.first].kind === 'emoji' ? { factor: 1, from: hit.first } : intensityOf(tokens, rules, hit)));
  modifies.forEach(({ from }, h) => {
    for (let j = from; j < hits[h].first; j++) modifiers.add(j);
  });
  hits.forEach((hit, h) => {
    if (hit.first === hit.last && modifiers.has(hit.first)) return;
    const { factor, from } = modifies[h];
    let weight = hit.weight * factor;
    let start = from;
    let end = hit.last;
    const reasons = [hit.what];
    if (factor > 1) reasons.push(`strengthened by ${quote(text, tokens, from, hit.first - 1)}`);
    if (factor < 1) reasons.push(`weakened by ${quote(text, tokens, from, hit.first - 1)}`);
    const negator = tokens[hit.first].kind === 'emoji' || isNegator(rules, tokens[hit.first].lower) ? undefined : negatorOf(tokens, rules, hit, language, inPhrase);
    if (negator !== undefined) {
      weight *= weight > 0 ? NEGATE_POSITIVE : NEGATE_NEGATIVE;
      start = Math.min(start, negator);
      end = Math.max(end, negator);
      reasons.unshift(`negated: ${quote(text, tokens, start, end)}`);
    }
    if (contrast >= 0 && hit.first !== contrast) {
      weight *= hit.first < contrast ? BEFORE_CONTRAST : AFTER_CONTRAST;
      reasons.push(`${hit.first < contrast ? 'before' : 'after'} "${tokens[contrast].text}", counts ${hit.first < contrast ? 'less' : 'more'}`);
    } else if (inConcession(tokens, rules, hit.first)) {
      weight *= BEFORE_CONTRAST;
      reasons.push('in an "although" clause, counts less');
    }
    if (emphasis) weight *= 1 + 0.1 * emphasis;
    raw += weight;
    if (weight !== 0) spans.push({ start: tokens[start].start, end: tokens[end].end, weight: Math.round(weight * 1000) / 1000 || 0, reason: reasons.join('; ') });
  });
  return { lang: language, tokens, raw, score: raw / Math.sqrt(raw * raw + ALPHA), spans };
}

/** Whether a token stands in a clause opened by "although"/"obwohl" (up to the next comma, 12 words at most: a long note stays linear). */
function inConcession(tokens: Token[], rules: LanguageRules, index: number): boolean {
  for (let j = index - 1; j >= Math.max(0, index - 12); j--) {
    if (isClauseBreak(tokens[j])) return false;
    if (rules.concessions.has(tokens[j].lower)) return true;
  }
  return false;
}
