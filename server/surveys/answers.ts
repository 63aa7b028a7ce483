import type { Db, Queryable } from '../db';
import { openCasesByRules } from '../caserules/apply';
import { analyseWritten } from '../text/analyse';
import { syncSources } from '../datasources/registry';
import { ApiError, badRequest, notFound } from '../http/errors';
import { forgetOldCounts, HOUR_MS, takeCount, type SubmissionLimits } from '../http/rate-counts';
import { cleanProfanity, npsGroup } from '../seed/responses';
import { emitEvent } from '../webhooks/emit';
import { findInvitation, isRecovery, recordRecoveryAnswer, RECOVERY_KIND } from './recovery-answer';
import { checkAnswers, localText, pickLocale, surveyLocales, type Answers, type SurveyDefinition, type SurveyLocale, type SurveySettings } from '../../src/lib/survey-model';

export const CLOSED_MESSAGE = 'This survey is closed and no longer takes answers.';
/** What a survey response puts in the customer's name in the responses data (nobody is named). */
export const ANONYMOUS = { name: 'Anonymous respondent' };

interface PublicRow {
  id: string;
  status: string;
  published: string | null;
}

const publishedOf = (row: PublicRow) => JSON.parse(row.published!) as { settings: SurveySettings; definition: SurveyDefinition };

async function publicRow(db: Db, shortcode: string): Promise<PublicRow> {
  const [row] = await db.query<PublicRow & Record<string, unknown>>('SELECT id, status, published FROM surveys WHERE shortcode = $1', [shortcode]);
  // A draft is not there for the public: the same answer as a shortcode that never existed.
  if (!row || row.status === 'draft' || !row.published) throw notFound('There is no survey at this address.');
  return row;
}

/** The stores a respondent may answer for: none when the survey does not report to the responses data. */
const storesOf = (settings: SurveySettings) => (settings.reportToResponses ? settings.stores : []);

/**
 * What the public page asks: the published questions, the stores a respondent answers for (the
 * page asks which when the link names none and there are several), the survey's languages and
 * the one of them the respondent's Accept-Language picks; or that the survey is closed.
 */
export async function publicSurvey(db: Db, shortcode: string, accepted: string[], inviteId?: string) {
  const row = await publicRow(db, shortcode);
  const { settings, definition } = publishedOf(row);
  const locales = surveyLocales(settings.title);
  const locale = pickLocale(accepted, locales);
  if (row.status === 'closed') return { shortcode, status: 'closed' as const, title: settings.title, locales, locale };
  const invite = inviteId ? await invitationOf(db, shortcode, inviteId) : undefined;
  const about = invite?.about;
  // A recovery invitation's answer lands under its case's store: nobody is asked for one.
  const stores = invite?.kind === RECOVERY_KIND ? [] : storesOf(settings);
  return { shortcode, status: 'published' as const, title: settings.title, definition, stores, locales, locale, ...(about ? { about } : {}) };
}

/**
 * An invitation's kind and whom its answers are about (360° feedback, issue 43): the colleague a
 * Give Now link was made for, or the one who asked for feedback. Nothing for an id that is not this survey's.
 */
async function invitationOf(db: Db, shortcode: string, inviteId: string): Promise<{ kind: string; about: string | undefined } | undefined> {
  const [invite] = await db.query<{ kind: string; invitee_name: string; inviter: string | null }>(
    `SELECT i.kind, i.invitee_name, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS inviter
     FROM survey_invites i LEFT JOIN users u ON u.id = i.inviter_id WHERE i.id = $1 AND i.definition_id = $2`,
    [inviteId, shortcode],
  );
  return invite && { kind: invite.kind, about: (invite.kind === 'GiveNow' ? invite.invitee_name : invite.inviter) || undefined };
}

/** The store an answer lands under: the one it names, among the survey's; the only one when it names none. */
function storeOfAnswer(settings: SurveySettings, named: string | undefined): string {
  const stores = storesOf(settings);
  if (named !== undefined && !stores.includes(named)) throw badRequest(`This survey does not take answers for the store "${named}".`, { store: [`This survey does not take answers for the store "${named}".`] });
  if (named !== undefined) return named;
  if (stores.length === 1) return stores[0];
  throw badRequest('Choose the store your answers are about.', { store: ['Choose the store your answers are about.'] });
}

/** Marks an invitation of this survey answered, in the answer's transaction: of any number at once, one gets it. */
async function takeInvitation(q: Queryable, shortcode: string, inviteId: string, now: Date): Promise<void> {
  const taken = await q.query('UPDATE survey_invites SET answered_at = CAST($3 AS TIMESTAMP) WHERE id = $1 AND definition_id = $2 AND answered_at IS NULL RETURNING id', [inviteId, shortcode, now]);
  if (taken.length) return;
  const [known] = await q.query('SELECT 1 AS found FROM survey_invites WHERE id = $1 AND definition_id = $2', [inviteId, shortcode]);
  if (!known) throw badRequest('This invitation is not one of this survey.', { inviteId: ['This invitation is not one of this survey.'] });
  throw new ApiError(429, 'This invitation has been answered already: each invitation takes one answer.');
}

/**
 * Keeps one submitted answer set: checked against the published questions (answers to questions
 * the logic hid are dropped), then in one transaction the invitation it answers, the client's and
 * the survey's hourly counts (docs/decisions.md), its row in the responses data (a sequence gives
 * the id, so two answers at once never take the same one) and its answer record. A refused count
 * rolls the whole answer back, so nothing is half taken.
 */
export async function submitAnswers(
  db: Db,
  shortcode: string,
  body: { answers: Answers; locale: SurveyLocale; inviteId?: string; store?: string },
  now: Date,
  from: { client: string; limits: SubmissionLimits },
): Promise<{ thankYou: string }> {
  const row = await publicRow(db, shortcode);
  if (row.status !== 'published') throw badRequest(CLOSED_MESSAGE);
  const { settings, definition } = publishedOf(row);
  const { kept, errors } = checkAnswers(definition, body.answers);
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]], Object.fromEntries(fields.map((f) => [f, [errors[f]]])));
  const invite = body.inviteId ? await findInvitation(db, shortcode, body.inviteId) : undefined;
  // An answer about a case reports under the case's store, whatever the link says.
  const store = !settings.reportToResponses ? null : isRecovery(invite) && invite.caseStore ? invite.caseStore : storeOfAnswer(settings, body.store);
  const emailQuestion = definition.questions.find((x) => x.kind === 'email');
  const email = emailQuestion ? String(kept[emailQuestion.id] ?? '') : '';
  const answerId = crypto.randomUUID();

  await forgetOldCounts(db, now);
  const responses = (await syncSources(db)).get('responses');
  await db.tx(async (q) => {
    if (body.inviteId) await takeInvitation(q, shortcode, body.inviteId, now);
    const { answersPerClient, answersPerSurvey } = from.limits;
    await takeCount(q, { counter: `answers:${row.id}:${from.client}`, max: answersPerClient, windowMs: HOUR_MS, refusal: `This survey takes at most ${answersPerClient} answers an hour from one address.` }, now);
    await takeCount(q, { counter: `answers:${row.id}`, max: answersPerSurvey, windowMs: HOUR_MS, refusal: 'This survey has taken as many answers as it can this hour.' }, now);
    let responseId: number | null = null;
    if (store !== null) {
      // The region and country follow the store, as in every other row of it.
      const [place] = await q.query<{ region: string; country: string }>('SELECT region, country FROM responses WHERE store = $1 LIMIT 1', [store]);
      if (!place) throw badRequest('This survey cannot take answers: its store is not known.');
      const nps = Number(kept[definition.questions.find((x) => x.kind === 'nps')!.id]);
      const stars = Number(kept[definition.questions.find((x) => x.kind === 'stars')!.id]);
      const comment = definition.questions.filter((x) => x.kind === 'text').map((x) => kept[x.id]).filter(Boolean).join('\n\n') || null;
      // Cleaned as every comment is: the raw text stays for the roles allowed to read it.
      const cleaned = comment && cleanProfanity(comment);
      // Drivers, segment and spend are not asked by a survey: empty (NULL, [Blank]), never a made-up value.
      const [next] = await q.query<{ id: number }>("SELECT nextval('survey_response_ids') AS id");
      responseId = Number(next.id);
      await q.query(
        `INSERT INTO responses (id, response_date, store, region, country, channel, nps, nps_group, stars, driver_price, driver_availability, driver_service, driver_information,
           verbatim, verbatim_raw, verbatim_flag, customer_name, customer_email, customer_segment, spend)
         VALUES ($1, CAST($2 AS TIMESTAMP), $3, $4, $5, $6, $7, $8, $9, NULL, NULL, NULL, NULL, $10, $11, $12, $13, $14, NULL, NULL)`,
        [responseId, now, store, place.region, place.country, settings.channel, nps, npsGroup(nps), stars, cleaned,
          cleaned !== comment ? comment : null, cleaned !== comment ? 'redacted_profanity' : null, ANONYMOUS.name, email],
      );
      // Its comment's sentiment, then the case its source's rules call for, in the answer's transaction: an answer is never kept without them.
      if (responses) await analyseWritten(q, responses, [responseId], now);
      if (responses) await openCasesByRules(q, responses, [responseId], now);
    }
    await q.query(
      'INSERT INTO survey_answers (id, survey_id, response_id, invite_id, locale, answers, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP))',
      [answerId, row.id, responseId, body.inviteId ?? null, body.locale, JSON.stringify(kept), now],
    );
    const recovery = isRecovery(invite) ? await recordRecoveryAnswer(q, invite, { id: answerId, shortcode, definition, kept }, now) : undefined;
    await emitEvent(q, 'response.received', {
      message: recovery ? `A recovery survey was answered for case ${recovery.caseId}.` : `A survey answer arrived for "${settings.title.en}".`,
      survey: shortcode,
      answerId,
      responseId,
      ...(store ? { store } : {}),
      ...(recovery ? { caseId: recovery.caseId, score: recovery.score } : {}),
    }, now);
  });
  return { thankYou: localText(definition.thankYou, body.locale) };
}
