/** Splits a comment into words, emoji, emoticons and punctuation, keeping where each stood. */

export type TokenKind = 'word' | 'number' | 'emoji' | 'punct';

export interface Token {
  /** As written. */
  text: string;
  /** Lower-cased (German nouns are capitalised, so case carries no sentiment for lookups). */
  lower: string;
  kind: TokenKind;
  /** UTF-16 offsets into the original text, end exclusive. */
  start: number;
  end: number;
}

// Order matters: emoticons before punctuation (":-)" is one token), words keep inner apostrophes
// and hyphens ("didn't", "check-out", "Rückerstattung") so negation and lookups see whole words.
const PATTERN = new RegExp(
  [
    String.raw`(?<emoticon>(?<![\p{L}\p{N}])(?:[:;=][-']?[()DPp\]\[/\\|]+|<3)(?![\p{L}\p{N}]))`,
    String.raw`(?<emoji>\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*)`,
    String.raw`(?<word>\p{L}[\p{L}\p{M}]*(?:['’\-]\p{L}[\p{L}\p{M}]*)*)`,
    String.raw`(?<number>\p{N}+(?:[.,:]\p{N}+)*)`,
    String.raw`(?<punct>[.!?;,:…()"“”„«»–—]+)`,
  ].join('|'),
  'gu',
);

/** Tokens in order of appearance; whitespace and other symbols are dropped. */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const groups = m.groups ?? {};
    const kind: TokenKind = groups.word ? 'word' : groups.number ? 'number' : groups.punct ? 'punct' : 'emoji';
    const start = m.index ?? 0;
    tokens.push({ text: m[0], lower: m[0].toLowerCase().replace(/’/g, "'"), kind, start, end: start + m[0].length });
  }
  return tokens;
}

/** Punctuation that ends a negation's or an intensifier's reach. */
export const isClauseBreak = (t: Token) => t.kind === 'punct' && /[.!?;,:…–—]/.test(t.text);
