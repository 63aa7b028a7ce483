import type { RowHighlights } from '../../api/text';

/** Why a stretch is marked: a word that moved the sentiment, or a term that made a topic. */
export type Mark = { kind: 'positive' | 'negative'; word: string } | { kind: 'topic'; word: string; topic: string };

/** A stretch of the text: plain, or marked with every reason that covers it. */
export interface Segment {
  text: string;
  marks: Mark[];
}

interface Marked {
  start: number;
  end: number;
  mark: Mark;
}

/**
 * The text cut at every span's edges, each piece with the reasons covering it (a topic term that is
 * also a negative word carries both). Spans outside the text or empty are dropped: the highlights
 * are the stored verbatim's, and a text shown otherwise (shortened, masked) is then shown plain.
 */
export function segmentsOf(text: string, highlights: RowHighlights | undefined): Segment[] {
  if (!highlights) return [{ text, marks: [] }];
  const word = (start: number, end: number) => text.slice(start, end);
  const marked: Marked[] = [
    ...highlights.sentiment.spans.filter((s) => s.weight !== 0).map((s) => ({ start: s.start, end: s.end, mark: { kind: s.weight > 0 ? 'positive' : 'negative', word: word(s.start, s.end) } as Mark })),
    ...highlights.topics.flatMap((hit) => hit.spans.map((s) => ({ start: s.start, end: s.end, mark: { kind: 'topic', word: word(s.start, s.end), topic: hit.name } as Mark }))),
  ].filter((m) => m.start >= 0 && m.end <= text.length && m.start < m.end);
  if (!marked.length) return [{ text, marks: [] }];
  const cuts = [...new Set([0, text.length, ...marked.flatMap((m) => [m.start, m.end])])].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const [from, to] = [cuts[i], cuts[i + 1]];
    const marks = marked.filter((m) => m.start <= from && m.end >= to).map((m) => m.mark);
    const last = segments.at(-1);
    // Plain pieces side by side are one piece.
    if (!marks.length && last && !last.marks.length) last.text += text.slice(from, to);
    else segments.push({ text: text.slice(from, to), marks });
  }
  return segments;
}

/** The tone a marked piece is tinted in: the sentiment words covering it, negative before positive. */
export const toneOf = (marks: Mark[]): 'positive' | 'negative' | null =>
  marks.some((m) => m.kind === 'negative') ? 'negative' : marks.some((m) => m.kind === 'positive') ? 'positive' : null;
