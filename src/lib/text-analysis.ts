/**
 * Text analytics on the portal's own machine (issue 49): the shapes the sentiment engine, the
 * topic engine and the storage layer share. Everything here is computed locally from installed
 * packages and the source's own rows; no comment leaves the process.
 */

export type Lang = 'en' | 'de';
export type SentimentLabel = 'positive' | 'neutral' | 'negative';

/** A stretch of the comment that moved a judgement, for highlighting with its reason on hover. */
export interface Span {
  /** UTF-16 offsets into the original text, end exclusive. */
  start: number;
  end: number;
  /** Signed contribution (negative words < 0), after negation and intensifiers. */
  weight: number;
  /** Why, in words for a tooltip: e.g. `negative word "delayed"`, `negated: "not good"`, `topic term "refund"`. */
  reason: string;
}

export interface Sentiment {
  label: SentimentLabel;
  /** -1 .. 1 */
  score: number;
  lang: Lang;
  spans: Span[];
}

/** A model learned from one source's own scored comments (serialisable as JSON, stored per source). */
export interface LearnedModel {
  kind: string;
  lang: Lang;
  /** Rows it was trained on and its agreement with the scores on held-out rows. */
  trainedOn: number;
  heldOut: {
    rows: number;
    accuracy: number;
    macroF1: number;
    /** The lexicon alone on the same held-out rows, to show what learning bought (added by T1). */
    lexicon?: { accuracy: number; macroF1: number };
  };
  /** Model parameters (engine-specific). */
  params: unknown;
}

/** One scored comment to learn from: the score is turned into a label by the source's scale. */
export interface ScoredComment {
  text: string;
  /** NPS 0-10 (0-6 negative, 7-8 neutral, 9-10 positive) or stars 1-5 (1-2, 3, 4-5). */
  score: number;
  scale: 'nps' | 'stars';
}

export interface Topic {
  id: string;
  name: string;
  parentId?: string;
  /** Words and phrases that mark it (matched on word stems, case-insensitive, per language). */
  terms: string[];
  /** Phrases that, when they are what matched, do not count ("no problem" for Problems). */
  exclusions: string[];
}

export interface TopicHit {
  topicId: string;
  /** The part of the comment about this topic: its sentiment. */
  sentiment: Sentiment;
  /** Where its terms matched. */
  spans: Span[];
}

export interface TopicCandidate {
  name: string;
  /** The language of the comments it was found in (added by W1 for proposals per language). */
  lang?: Lang;
  terms: string[];
  count: number;
  examples: string[];
}

/** The analysis of one row's verbatim, as stored. */
export interface TextAnalysis {
  sentiment: Sentiment;
  topics: TopicHit[];
}

/** What a learned model is, without its parameters: the source it was learned from and its agreement on held-out rows. */
export interface ModelSummary {
  sourceId: string;
  /** The source's name (its id when it has none any more). */
  sourceName: string;
  lang: Lang;
  trainedOn: number;
  heldOutRows: number;
  /** Agreement with the scores on held-out rows, 0..1. */
  accuracy: number;
  macroF1: number;
  /** The word lists alone on the same rows. */
  lexiconAccuracy: number;
  lexiconMacroF1: number;
  /** Whether it reads better than the word lists (else they read the source's comments). */
  inUse: boolean;
}
