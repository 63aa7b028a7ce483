import type { ScoredComment, SentimentLabel } from '../types';

export const LABELS: readonly SentimentLabel[] = ['negative', 'neutral', 'positive'];

/** The label a score stands for on its scale: NPS 0-6 / 7-8 / 9-10, stars 1-2 / 3 / 4-5. */
export function labelOfScore({ score, scale }: Pick<ScoredComment, 'score' | 'scale'>): SentimentLabel {
  if (scale === 'stars') return score <= 2 ? 'negative' : score === 3 ? 'neutral' : 'positive';
  return score <= 6 ? 'negative' : score <= 8 ? 'neutral' : 'positive';
}

/** FNV-1a of the text: the same comment always lands on the same side of a split, on every machine. */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One comment in five is held out from training, chosen by its text (duplicates stay together). */
export const isHeldOut = (text: string) => textHash(text.trim().toLowerCase()) % 5 === 0;

/** One in four of the rest validates choices made in training (another residue of the same hash). */
export const isValidation = (text: string) => textHash(text.trim().toLowerCase()) % 5 === 1;

export interface Agreement {
  rows: number;
  accuracy: number;
  /** Mean F1 over the labels that occur in the gold or the predictions. */
  macroF1: number;
}

/** Accuracy and macro-F1 of predictions against gold labels. */
export function agreement(gold: SentimentLabel[], predicted: SentimentLabel[]): Agreement {
  let correct = 0;
  const tp = new Map<SentimentLabel, number>();
  const goldCount = new Map<SentimentLabel, number>();
  const predCount = new Map<SentimentLabel, number>();
  gold.forEach((g, i) => {
    const p = predicted[i];
    goldCount.set(g, (goldCount.get(g) ?? 0) + 1);
    predCount.set(p, (predCount.get(p) ?? 0) + 1);
    if (g === p) {
      correct++;
      tp.set(g, (tp.get(g) ?? 0) + 1);
    }
  });
  const present = LABELS.filter((l) => goldCount.has(l) || predCount.has(l));
  const f1 = present.map((l) => {
    const t = tp.get(l) ?? 0;
    const denominator = (goldCount.get(l) ?? 0) + (predCount.get(l) ?? 0);
    return denominator ? (2 * t) / denominator : 0;
  });
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    rows: gold.length,
    accuracy: gold.length ? round(correct / gold.length) : 0,
    macroF1: present.length ? round(f1.reduce((a, b) => a + b, 0) / present.length) : 0,
  };
}
