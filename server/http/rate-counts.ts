import type { Db, Queryable } from '../db';
import { tooManyRequests } from './errors';

/** A counter of submissions: at most `max` in a window of `windowMs` that starts with its first one. */
export interface RateLimit {
  counter: string;
  max: number;
  windowMs: number;
  /** What a refusal says (the time to wait is added). */
  refusal: string;
}

/**
 * Takes one from a counter in one statement (so parallel requests and several processes never get
 * past `max`), inside the caller's transaction: a write that fails later gives it back. A counter
 * whose window has passed starts again at one. Refused: a 429 with Retry-After.
 */
export async function takeCount(q: Queryable, limit: RateLimit, now: Date): Promise<void> {
  const expired = 'rate_counts.since <= CAST($3 AS TIMESTAMP)';
  const [taken] = await q.query(
    `INSERT INTO rate_counts (counter, taken, since) VALUES ($1, 1, CAST($2 AS TIMESTAMP))
     ON CONFLICT (counter) DO UPDATE SET
       taken = CASE WHEN ${expired} THEN 1 ELSE rate_counts.taken + 1 END,
       since = CASE WHEN ${expired} THEN EXCLUDED.since ELSE rate_counts.since END
     WHERE rate_counts.taken < $4 OR ${expired}
     RETURNING taken`,
    [limit.counter, now, new Date(now.getTime() - limit.windowMs), limit.max],
  );
  if (taken) return;
  const [held] = await q.query<{ since: Date }>('SELECT since FROM rate_counts WHERE counter = $1', [limit.counter]);
  const seconds = (new Date(held.since).getTime() + limit.windowMs - now.getTime()) / 1000;
  throw tooManyRequests(`${limit.refusal} Try again in ${waitText(seconds)}.`, seconds);
}

/** "4 minutes", "3 hours": how long a refused caller waits, for its message. */
export const waitText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
};

/** The longest window any counter uses (a feedback day): older counters are forgotten. */
const LONGEST_WINDOW_MS = 86_400_000;
const FORGET_EVERY_MS = 10 * 60_000;
let forgotAt = 0;

/**
 * Forgets counters whose window ended, at most every ten minutes per process, in a statement of
 * its own (a key deleted and inserted again in one transaction trips DuckDB).
 */
export async function forgetOldCounts(db: Db, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - forgotAt) < FORGET_EVERY_MS) return;
  forgotAt = now.getTime();
  await db.query('DELETE FROM rate_counts WHERE since < CAST($1 AS TIMESTAMP)', [new Date(now.getTime() - LONGEST_WINDOW_MS)]);
}

/** How many answers anonymous and signed-in callers may submit (docs/decisions.md); tests may lower them. */
export interface SubmissionLimits {
  /** Answers to one survey from one client (address) in an hour. */
  answersPerClient: number;
  /** Answers to one survey from everyone together in an hour. */
  answersPerSurvey: number;
  /** Feedback widget sessions one user starts in a day (each completes once). */
  feedbackPerUser: number;
  /** Calls to create the first administrator (POST /api/setup) from one client (address) in an hour. */
  setupPerClient: number;
  /** Single sign-on starts (each writes a pending sign-in) from one client (address) in five minutes. */
  ssoStartsPerClient: number;
  /** Live pending single sign-ons from everyone together. */
  ssoPendingMax: number;
}

export const SUBMISSION_LIMITS: SubmissionLimits = {
  answersPerClient: 30, answersPerSurvey: 3000, feedbackPerUser: 5, setupPerClient: 10, ssoStartsPerClient: 30, ssoPendingMax: 10_000,
};
export const HOUR_MS = 3_600_000;
export const DAY_MS = LONGEST_WINDOW_MS;

export const submissionLimits = (given?: Partial<SubmissionLimits>): SubmissionLimits => ({ ...SUBMISSION_LIMITS, ...given });
