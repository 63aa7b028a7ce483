import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

/** Feedback config (spec part 2 section 3); `labels` are the options in the user's language. SubmitText is the thank-you shown once the answers are sent. */
export interface FeedbackQuestion {
  type: 'nps' | 'star' | 'driver' | 'verbatim';
  text: string;
  properties?: { options?: string[]; labels?: string[]; callbackText?: string };
}

export interface FeedbackConfig {
  Enabled: boolean;
  Questions: FeedbackQuestion[];
  noDaysSuppressed: number;
  SubmitText: string;
}

/** Answers: nps, npsStar, driver (a comma list), verbatim, isCallbackRequested. */
export interface FeedbackAnswers {
  nps?: number;
  npsStar?: number;
  driver?: string;
  verbatim?: string;
  isCallbackRequested?: boolean;
}

type Maybe<T> = Promise<T | BadRequest>;

// A 5xx of these calls is quiet (`script`): the widget never troubles the user with its own failures.
export const feedbackConfig = (target?: ApiTarget): Maybe<FeedbackConfig> => request('GET', '/api/feedback/config', { target, script: true });
export const saveFeedback = (body: { SessionId: string | null; Data: FeedbackAnswers; IsCompleted: boolean; Page?: string }, target?: ApiTarget): Maybe<string> =>
  request('POST', '/api/feedback/save', { json: body, target, script: true });
export const optOutOfFeedback = (target?: ApiTarget): Maybe<number> => request('POST', '/api/feedback/optOut', { target, script: true });
export const feedbackSuppression = (target?: ApiTarget): Maybe<number> => request('POST', '/api/feedback/supressionStatus', { target, script: true });
