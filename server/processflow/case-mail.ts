import type { Db, Queryable } from '../db';
import { badRequest } from '../http/errors';
import { hasControl } from '../mail/outbox';
import { forgetOldCounts, HOUR_MS, takeCount } from '../http/rate-counts';

/** A case e-mail's subject is one header line of at most this many characters. */
export const MAX_SUBJECT = 200;
/** One customer gets at most this many case e-mails an hour, whoever writes and from whichever case. */
export const CASE_MAILS_PER_RECIPIENT = 5;
/** One user sends at most this many case e-mails an hour. */
export const CASE_MAILS_PER_USER = 50;

/** The subject as it is sent, or a 400: blank is the form's own message (a validation result), not checked here. */
export function checkSubject(subject: unknown): string | undefined {
  if (subject === undefined || subject === null) return undefined;
  if (typeof subject !== 'string') throw badRequest('The subject must be text.');
  if (subject.length > MAX_SUBJECT) throw badRequest(`A subject has at most ${MAX_SUBJECT} characters.`);
  if (hasControl(subject)) throw badRequest('A subject is one line: it may not hold a line break, tab or other control character.');
  return subject.trim();
}

/** Forgets counts whose window has passed (now and then), before an e-mail's transaction. */
export const tidyCaseMailCounts = (db: Db, now: Date) => forgetOldCounts(db, now);

/**
 * Counts one case e-mail to `recipient` from `userId` in the action's transaction (the shared
 * counters of `rate_counts`): a 429 with Retry-After past either limit, and a refused action gives
 * its count back.
 */
export async function takeCaseMail(q: Queryable, recipient: string, userId: string, now: Date): Promise<void> {
  await takeCount(q, { counter: `case-mail-to:${recipient.trim().toLowerCase()}`, max: CASE_MAILS_PER_RECIPIENT, windowMs: HOUR_MS, refusal: `A customer may be sent at most ${CASE_MAILS_PER_RECIPIENT} e-mails an hour.` }, now);
  await takeCount(q, { counter: `case-mail-from:${userId}`, max: CASE_MAILS_PER_USER, windowMs: HOUR_MS, refusal: `You may send at most ${CASE_MAILS_PER_USER} case e-mails an hour.` }, now);
}
