import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { SmartFilter } from '../stores/filters';
// The shapes the server computes (type-only: nothing of the server reaches the browser).
import type { Sentiment, TopicHit } from '../lib/text-analysis';

export type { Sentiment, Span, TopicHit } from '../lib/text-analysis';

/** Text analytics (issue 49): the highlights of displayed rows and the topic-impact tile's data. */

type Maybe<T> = Promise<T | BadRequest>;

/** A topic found in a row, with its name as the taxonomy shows it. */
export type NamedTopicHit = TopicHit & { name: string };

/** What made a row's sentiment and topics, recomputed on the server from the row's stored verbatim. */
export interface RowHighlights {
  sentiment: Sentiment;
  topics: NamedTopicHit[];
}

/** The data source of the cases (server/datasources/builtin/case-outcomes.ts): a case's comment is its row, keyed by the case's id. */
export const CASES_SOURCE = 'case-outcomes';

/** The most row keys one highlights call may name. */
export const MAX_HIGHLIGHT_ROWS = 200;

/** POST /api/text/highlights: the rows' highlights by row key (rows the caller may not read are absent). */
export const textHighlights = (sourceId: string, rowKeys: string[], target?: ApiTarget): Maybe<{ rows: Record<string, RowHighlights> }> =>
  request('POST', '/api/text/highlights', { json: { sourceId, rowKeys }, target });

/** One topic of the impact tile: the NPS of the rows that mention it against those that do not. */
export interface TopicImpactRow {
  topicId: string;
  name: string;
  withNps: number | null;
  withoutNps: number | null;
  difference: number | null;
  withCount: number;
  withoutCount: number;
  /** Too few mentions to read the difference as more than noise. */
  tooFew: boolean;
}

export interface TopicImpact {
  scale: string;
  topics: TopicImpactRow[];
}

/** GET /api/datasources/{id}/topics/impact, for the rows the smart filters keep (as JSON in `filters`). */
export const topicImpact = (sourceId: string, filters: SmartFilter[], target?: ApiTarget): Maybe<TopicImpact> =>
  request('GET', `/api/datasources/${encodeURIComponent(sourceId)}/topics/impact?filters=${encodeURIComponent(JSON.stringify(filters))}`, { target });
