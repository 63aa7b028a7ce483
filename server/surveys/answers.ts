import type { Db } from '../db';
import { badRequest, notFound } from '../http/errors';
import { cleanProfanity, npsGroup } from '../seed/responses';
import { checkAnswers, localText, type Answers, type SurveyDefinition, type SurveyLocale, type SurveySettings } from '../../src/lib/survey-model';

export const CLOSED_MESSAGE = 'This survey is closed and no longer takes answers.';
/** What a survey response puts in the customer fields of the responses data (nobody is named). */
export const ANONYMOUS = { name: 'Anonymous respondent', segment: 'Survey respondent' };

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

/** What the public page asks: the published questions, or that the survey is closed. */
export async function publicSurvey(db: Db, shortcode: string) {
  const row = await publicRow(db, shortcode);
  const { settings, definition } = publishedOf(row);
  if (row.status === 'closed') return { shortcode, status: 'closed' as const, title: settings.title };
  return { shortcode, status: 'published' as const, title: settings.title, definition };
}

/**
 * Keeps one submitted answer set: checked against the published questions (answers to questions
 * the logic hid are dropped), then in one transaction its row in the responses data (a sequence
 * gives the id, so two answers at once never take the same one) and its answer record.
 */
export async function submitAnswers(db: Db, shortcode: string, body: { answers: Answers; locale: SurveyLocale; inviteId?: string }, now: Date): Promise<{ thankYou: string }> {
  const row = await publicRow(db, shortcode);
  if (row.status !== 'published') throw badRequest(CLOSED_MESSAGE);
  const { settings, definition } = publishedOf(row);
  const { kept, errors } = checkAnswers(definition, body.answers);
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]], Object.fromEntries(fields.map((f) => [f, [errors[f]]])));

  await db.tx(async (q) => {
    let responseId: number | null = null;
    if (settings.reportToResponses) {
      const [place] = await q.query<{ region: string; country: string }>('SELECT region, country FROM responses WHERE store = $1 LIMIT 1', [settings.store]);
      if (!place) throw badRequest('This survey cannot take answers: its store is not known.');
      const nps = Number(kept[definition.questions.find((x) => x.kind === 'nps')!.id]);
      const stars = Number(kept[definition.questions.find((x) => x.kind === 'stars')!.id]);
      const comment = definition.questions.filter((x) => x.kind === 'text').map((x) => kept[x.id]).filter(Boolean).join('\n\n') || null;
      // Cleaned as every comment is: the raw text stays for the roles allowed to read it.
      const cleaned = comment && cleanProfanity(comment);
      // Drivers are asked by the survey's own choice questions, not per driver: they stay neutral here.
      const [next] = await q.query<{ id: number }>("SELECT nextval('survey_response_ids') AS id");
      responseId = Number(next.id);
      await q.query(
        `INSERT INTO responses (id, response_date, store, region, country, channel, nps, nps_group, stars, driver_price, driver_availability, driver_service, driver_information,
           verbatim, verbatim_raw, verbatim_flag, customer_name, customer_email, customer_segment, spend)
         VALUES ($1, CAST($2 AS TIMESTAMP), $3, $4, $5, $6, $7, $8, $9, 'Neutral', 'Neutral', 'Neutral', 'Neutral', $10, $11, $12, $13, '', $14, 0)`,
        [responseId, now, settings.store, place.region, place.country, settings.channel, nps, npsGroup(nps), stars, cleaned,
          cleaned !== comment ? comment : null, cleaned !== comment ? 'redacted_profanity' : null, ANONYMOUS.name, ANONYMOUS.segment],
      );
    }
    await q.query(
      'INSERT INTO survey_answers (id, survey_id, response_id, invite_id, locale, answers, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP))',
      [crypto.randomUUID(), row.id, responseId, body.inviteId ?? null, body.locale, JSON.stringify(kept), now],
    );
  });
  return { thankYou: localText(definition.thankYou, body.locale) };
}
