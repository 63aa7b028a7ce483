import type { Db, Queryable } from '../db';
import { inTurn } from '../db/turns';
import { headerLine, queueMail } from '../mail/outbox';
import { ANONYMOUS } from '../surveys/answers';
import { RECOVERY_KIND } from '../surveys/recovery-answer';
import { sourceSettings } from './store';
import { isEmailAddress } from '../../src/lib/email-address';
import type { SurveySettings } from '../../src/lib/survey-model';

export type RecoveryOutcome = 'sent' | 'suppressed' | 'noAddress' | 'off';

interface ClosedCase {
  pfoId: string;
  sourceId: string;
  email: string | null;
  customerName: string | null;
  store: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Invites the customer of a case being closed to the source's recovery survey, in the closing's
 * transaction (`q`): an invitation tied to the case, the e-mail with its personal link, and the
 * case's `recovery_sent_at`. Nothing is sent when the source has no published recovery survey
 * ('off'), the case has no single address ('noAddress'), or the case was asked already or its
 * address was asked within the suppression window ('suppressed'). Pass `db` wherever closings
 * may run at once (the closing action does).
 */
export async function sendRecoverySurvey(q: Queryable, c: ClosedCase, origin: string, now: Date, db?: Db): Promise<RecoveryOutcome> {
  const { recoverySurvey: shortcode, suppressionDays } = await sourceSettings(q, c.sourceId);
  if (!shortcode) return 'off';
  const [survey] = await q.query<{ status: string; published: string | null }>('SELECT status, published FROM surveys WHERE shortcode = $1', [shortcode]);
  if (!survey || survey.status !== 'published' || !survey.published) return 'off';
  const email = (c.email ?? '').trim();
  if (!isEmailAddress(email)) return 'noAddress';
  const key = email.toLowerCase();
  // Closings for one address take turns (`db`: PostgreSQL's lock, held to the closing's end), so two
  // at once cannot both find no invitation and both send one.
  if (db) await inTurn(db, q, `recovery:${key}`);

  // One invitation per case; any case of the same customer within the window counts.
  const since = new Date(now.getTime() - suppressionDays * DAY_MS);
  const [asked] = await q.query(
    'SELECT 1 AS found FROM survey_invites WHERE kind = $1 AND (pfo_id = $2 OR (invitee_key = $3 AND created_at > CAST($4 AS TIMESTAMP))) LIMIT 1',
    [RECOVERY_KIND, c.pfoId, key, since],
  );
  if (asked) return 'suppressed';

  const inviteId = crypto.randomUUID();
  // The unique index (module, survey, inviter, kind, invitee) holds one invitation per case and address: the case is the inviter.
  await q.query(
    `INSERT INTO survey_invites (id, module_id, definition_id, inviter_id, invitee_key, invitee_name, relationship, inv_group, kind, created_at, pfo_id)
     VALUES ($1, $2, $3, $4, $5, $6, '', $7, $8, CAST($9 AS TIMESTAMP), $4)`,
    [inviteId, c.sourceId, shortcode, c.pfoId, key, c.customerName ?? '', c.store ?? '', RECOVERY_KIND, now],
  );
  const { settings } = JSON.parse(survey.published) as { settings: SurveySettings };
  const link = `${origin}/survey/${encodeURIComponent(shortcode)}/${inviteId}`;
  await queueMail(q, email, settings.title.en || 'How did we do?', recoveryMailText(c, link), now);
  await q.query('UPDATE cases SET recovery_sent_at = CAST($2 AS TIMESTAMP) WHERE pfo_id = $1', [c.pfoId, now]);
  return 'sent';
}

/** The invitation's text: short, polite, the link on a line of its own. Names from the data are folded to one line. */
function recoveryMailText(c: Pick<ClosedCase, 'customerName' | 'store'>, link: string): string {
  // A survey's own respondents are nobody by name (they may still leave an address).
  const name = c.customerName === ANONYMOUS.name ? '' : headerLine(c.customerName ?? '');
  const store = headerLine(c.store ?? '');
  return [
    name ? `Hello ${name},` : 'Hello,',
    '',
    `thank you for telling us about your experience${store ? ` at ${store}` : ''}. We have looked into it and closed your case.`,
    'Would you tell us how we did? The survey takes a minute:',
    '',
    link,
    '',
    'Kind regards,',
    'Customer care',
  ].join('\n');
}
