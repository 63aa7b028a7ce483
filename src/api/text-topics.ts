import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
// The shapes the server computes and these pages read.
import type { ModelSummary, Topic, TopicCandidate } from '../lib/text-analysis';

export type { Topic, TopicCandidate } from '../lib/text-analysis';

/** A data source's topics (issue 49): the contract of /api/datasources/{id}/topics, as docs/api.md describes it. */

/** A topic as the server counts it: the comments that mention it and their net sentiment (-100..100; null: none yet). */
export type CountedTopic = Topic & { count?: number; netSentiment?: number | null };

/** How far the source's pass over its comments has come (`textAnalysis` of GET /api/datasources/{id}; null: no verbatim). */
export interface TextAnalysisProgress {
  state: 'pending' | 'running' | 'done' | 'failed';
  rowsDone: number;
  rowsTotal: number;
  startedAt?: string | null;
  finishedAt?: string | null;
  message?: string | null;
  /** The learned sentiment model that reads each language of the source's comments (empty or absent: word lists only). */
  models?: SentimentModelUse[];
  /** The languages of its comments no learned model reads: the word lists alone read them. */
  wordLists?: Array<'en' | 'de'>;
}

/** A model learned from scored comments, as it reads a source: its own, or the portal's (learned from another source). */
export interface SentimentModelUse extends ModelSummary {
  from: 'own' | 'portal';
}

type Maybe<T> = Promise<T | BadRequest>;
const topicsPath = (id: string) => `/api/datasources/${encodeURIComponent(id)}/topics`;

export const getTopics = (id: string, target?: ApiTarget): Maybe<{ topics: CountedTopic[] }> => request('GET', topicsPath(id), { target });
/** Replaces the taxonomy (a 5xx is the caller's to show: the draft stays); the server then reads the source's history again. A 400 names each field (`topics.3.name`). */
export const saveTopics = (id: string, topics: Topic[], target?: ApiTarget): Maybe<{ topics: CountedTopic[] }> =>
  request('PUT', topicsPath(id), { json: { topics }, target, inline: true });
/** Candidates from a sample of the source's comments; nothing is saved. */
export const proposeTopics = (id: string, target?: ApiTarget): Maybe<{ candidates: TopicCandidate[] }> =>
  request('POST', `${topicsPath(id)}/proposals`, { target, inline: true });
