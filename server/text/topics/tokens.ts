/** Words, sentences and clauses of a comment, each with its UTF-16 offsets into the original text. */

export interface Token {
  /** The word as written. */
  text: string;
  start: number;
  end: number;
  /** Index of its clause in `clauses(text)`. */
  clause: number;
}

export interface Clause {
  start: number;
  end: number;
  /** Index of the sentence it belongs to (clauses of one sentence are neighbours). */
  sentence: number;
}

/** Letters and digits, with inner apostrophes (didn't, customer's) and no hyphens (self-checkout is two words). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text, as written. */
export const wordsOf = (text: string): string[] => [...text.matchAll(WORD)].map((m) => m[0]);

/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATIONS = new Set(['z', 'b', 'e', 'g', 'i', 'd', 'h', 'mr', 'mrs', 'ms', 'dr', 'ca', 'bzw', 'usw', 'evtl', 'inkl', 'ggf', 'etc', 'vs', 'nr', 'st', 'u', 'a']);

/**
 * Sentence ends: . ! ? … (one or more) before a space or the end, and line breaks. Each run is tried
 * from its first character only (the lookbehinds): a long run of dots or breaks stays linear.
 */
const SENTENCE_END = /(?<![.!?…])[.!?…]+(?=\s|$)|(?<!\n)\n+/g;

/**
 * Clause breaks inside a sentence: , ; : dashes, and the connectives that turn a sentence around
 * ("but", "aber"); "and"/"und" only where a new subject follows ("and the delivery was late").
 * The connective itself belongs to neither side.
 */
const CONNECTIVE = '(?:but|however|although|though|whereas|except|aber|jedoch|obwohl|sondern|allerdings|trotzdem)\\b,?\\s*';
// Tried only where white space begins (the lookbehind): a long run of spaces stays linear.
const CLAUSE_BREAK = new RegExp(
  `(?<!\\s)(?:${[
    `\\s*[,;:–—]\\s*(?:${CONNECTIVE})?`,
    `\\s+-\\s+(?:${CONNECTIVE})?`,
    `\\s+${CONNECTIVE}`,
    '\\s+(?:and|und)\\s+(?=(?:the|my|our|your|their|it|they|i|we|she|he|der|die|das|den|dem|mein|meine|unser|es|sie|ich|wir|er|man)\\b)',
  ].join('|')})`,
  'giu',
);

function sentenceRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const before = /([\p{L}]+)$/u.exec(text.slice(Math.max(0, m.index - 6), m.index))?.[1]?.toLowerCase();
    if (m[0] === '.' && before && ABBREVIATIONS.has(before)) continue;
    ranges.push([from, m.index + (m[0].startsWith('\n') ? 0 : m[0].length)]);
    from = m.index + m[0].length;
  }
  ranges.push([from, text.length]);
  return ranges;
}

/** Trims white space off a range; null when nothing with a letter or digit is left. */
function trimmed(text: string, start: number, end: number): [number, number] | null {
  while (start < end && /\s/.test(text[start])) start += 1;
  while (end > start && /\s/.test(text[end - 1])) end -= 1;
  return /[\p{L}\p{N}]/u.test(text.slice(start, end)) ? [start, end] : null;
}

/** The clauses of a text in order, each within one sentence. */
export function clauses(text: string): Clause[] {
  const out: Clause[] = [];
  sentenceRanges(text).forEach(([sStart, sEnd], sentence) => {
    let from = sStart;
    const part = text.slice(sStart, sEnd);
    for (const m of part.matchAll(CLAUSE_BREAK)) {
      const range = trimmed(text, from, sStart + m.index);
      if (range) out.push({ start: range[0], end: range[1], sentence });
      from = sStart + m.index + m[0].length;
    }
    const range = trimmed(text, from, sEnd);
    if (range) out.push({ start: range[0], end: range[1], sentence });
  });
  // Only connectives and punctuation: the whole text is the one clause.
  if (out.length === 0 && /[\p{L}\p{N}]/u.test(text)) out.push({ start: 0, end: text.length, sentence: 0 });
  // Renumber sentences so that those left empty leave no gaps.
  const ids = [...new Set(out.map((c) => c.sentence))];
  return out.map((c) => ({ ...c, sentence: ids.indexOf(c.sentence) }));
}

/** The words of a text with their clause; words outside every clause (connectives) get the next one's. */
export function tokenize(text: string, parts: Clause[] = clauses(text)): Token[] {
  const tokens: Token[] = [];
  let clause = 0;
  for (const m of text.matchAll(WORD)) {
    while (clause < parts.length - 1 && m.index >= parts[clause].end) clause += 1;
    tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length, clause });
  }
  return tokens;
}
