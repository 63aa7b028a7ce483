import type { Lang, LearnedModel, Sentiment } from '../types';
import { labelOfProbabilities, lexiconLabel, predictProbabilities } from './model';
import { readWithLexicon } from './score';
import { analysedPart } from '../clip';

export interface SentimentOptions {
  /** Detected from the text when absent. */
  lang?: Lang;
  /** A source's learned model (trainModel): it decides the label and score; the spans stay the lexicon's. */
  model?: LearnedModel;
}

/** Three decimals, and never -0 (JSON has no -0, so a stored reading would differ). */
const round = (x: number) => Math.round(x * 1000) / 1000 || 0;

/**
 * The sentiment of one comment, in-process: the language's lexicon with negation, intensifiers,
 * contrasts, emoji and the domain's words; with a source's learned model, the model's reading (its
 * words and the lexicon's score, blended with the lexicon as measured in training). The spans are
 * the lexicon's either way: which words moved it and why. Only the first ANALYSED_CHARS are read.
 */
export function analyseSentiment(text: string, options: SentimentOptions = {}): Sentiment {
  const reading = readWithLexicon(analysedPart(text ?? ''), options.lang);
  const spans = reading.spans;
  // A model that saw no rows knows nothing: the lexicon answers.
  if (!options.model?.trainedOn) return { label: lexiconLabel(reading.score), score: round(reading.score), lang: reading.lang, spans };
  const probabilities = predictProbabilities(options.model, reading);
  const [negative, , positive] = probabilities;
  return { label: labelOfProbabilities(probabilities), score: round(positive - negative), lang: reading.lang, spans };
}
