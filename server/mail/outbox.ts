import type { Queryable } from '../db';
import { isOneAddress } from '../../src/lib/email-address';

export { hasControl, isOneAddress } from '../../src/lib/email-address';

/** The longest subject a message is queued with; a longer one (built from data) is cut with an ellipsis. */
export const MAX_HEADER_SUBJECT = 400;

/**
 * A subject fit for its header line: each run of control characters and white space folds into
 * one space, so a name from the data with a line break can never start a header of its own.
 */
export function headerLine(text: string): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length > MAX_HEADER_SUBJECT ? `${line.slice(0, MAX_HEADER_SUBJECT - 1)}…` : line;
}

/**
 * Queues an e-mail in `mail_outbox`, from where it is delivered (and where tests read it, as from
 * an inbox). The recipient must be one address on one line: anything else is the data's fault and
 * throws rather than writing to whoever it names.
 */
export async function queueMail(q: Queryable, recipient: string, subject: string, body: string, now: Date): Promise<void> {
  if (!isOneAddress(recipient)) throw new Error('queueMail: the recipient is not one e-mail address');
  await q.query('INSERT INTO mail_outbox (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [
    crypto.randomUUID(), recipient.trim(), headerLine(subject), body, now,
  ]);
}
