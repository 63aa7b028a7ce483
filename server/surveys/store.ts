import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { dataTime, isUniqueViolation } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, notFound } from '../http/errors';
import { displayNameOf } from '../identity/users';
import { starterDefinition, surveyProblems, type SurveyDefinition, type SurveySettings, type SurveyStatus } from '../../src/lib/survey-model';

const SHORTCODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SHORTCODE_LENGTH = 8;

/** A public address part nobody guesses in order: 8 of 31 characters (about 40 bits). */
export const newShortcode = () => Array.from({ length: SHORTCODE_LENGTH }, () => SHORTCODE_ALPHABET[randomInt(SHORTCODE_ALPHABET.length)]).join('');
export const newQuestionId = () => crypto.randomUUID().slice(0, 8);

export const DEFAULT_CHANNEL = 'Survey';

interface SurveyRow {
  id: string;
  shortcode: string;
  status: SurveyStatus;
  settings: string;
  definition: string;
  published: string | null;
  version: number;
  updated_by_name: string | null;
  updated_at: Date;
  published_at: Date | null;
  closed_at: Date | null;
}

export interface SurveyView {
  shortcode: string;
  status: SurveyStatus;
  version: number;
  settings: SurveySettings;
  definition: SurveyDefinition;
  /** The draft differs from what the public page asks. */
  unpublishedChanges: boolean;
  updatedAt: string;
  updatedBy: string | null;
  responses: number;
}

/** What publishing fixes for the public page: the settings and the questions as they are now. */
export const snapshotOf = (row: Pick<SurveyRow, 'settings' | 'definition'>) => `{"settings":${row.settings},"definition":${row.definition}}`;

const COLUMNS = 'id, shortcode, status, settings, definition, published, version, updated_by_name, updated_at, published_at, closed_at';

async function rowOf(q: Queryable, shortcode: string): Promise<SurveyRow> {
  const [row] = await q.query<SurveyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM surveys WHERE shortcode = $1`, [shortcode]);
  if (!row) throw notFound(`No survey "${shortcode}".`);
  return row;
}

async function responseCounts(q: Queryable, ids?: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ survey_id: string; n: number }>(
    `SELECT survey_id, count(*) AS n FROM survey_answers${ids ? ' WHERE survey_id = $1' : ''} GROUP BY survey_id`,
    ids ?? [],
  );
  return new Map(rows.map((r) => [r.survey_id, Number(r.n)]));
}

const viewOf = (row: SurveyRow, responses: number): SurveyView => ({
  shortcode: row.shortcode,
  status: row.status,
  version: Number(row.version),
  settings: JSON.parse(row.settings),
  definition: JSON.parse(row.definition),
  unpublishedChanges: row.status !== 'draft' && row.published !== snapshotOf(row),
  updatedAt: String(dataTime(row.updated_at)),
  updatedBy: row.updated_by_name,
  responses,
});

/** Every survey, last changed first, with its response count (the editor's home). */
export async function listSurveys(db: Db) {
  const [rows, counts] = await Promise.all([db.query<SurveyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM surveys ORDER BY updated_at DESC, id`), responseCounts(db)]);
  return rows.map((r) => {
    const v = viewOf(r, counts.get(r.id) ?? 0);
    return { shortcode: v.shortcode, title: v.settings.title, status: v.status, responses: v.responses, updatedAt: v.updatedAt, updatedBy: v.updatedBy, unpublishedChanges: v.unpublishedChanges };
  });
}

export async function getSurvey(db: Db, shortcode: string): Promise<SurveyView> {
  const row = await rowOf(db, shortcode);
  return viewOf(row, (await responseCounts(db, [row.id])).get(row.id) ?? 0);
}

/** A new draft with the starter questions; the title is the one thing asked first. */
export async function createSurvey(db: Db, user: Principal, title: string, now: Date, shortcode = newShortcode()): Promise<SurveyView> {
  if (!title.trim()) throw badRequest('A survey needs a title.', { title: ['A survey needs a title.'] });
  const settings: SurveySettings = { title: { en: title.trim() }, reportToResponses: true, store: '', channel: DEFAULT_CHANNEL };
  const name = await displayNameOf(db, user);
  for (let attempt = 0; ; attempt++) {
    try {
      await db.query(
        `INSERT INTO surveys (id, shortcode, status, settings, definition, published, version, created_by, updated_by_name, created_at, updated_at)
         VALUES ($1, $2, 'draft', $3, $4, NULL, 1, $5, $6, CAST($7 AS TIMESTAMP), CAST($7 AS TIMESTAMP))`,
        [crypto.randomUUID(), shortcode, JSON.stringify(settings), JSON.stringify(starterDefinition(newQuestionId)), user.id, name, now],
      );
      return getSurvey(db, shortcode);
    } catch (error) {
      // Another survey drew the same shortcode: draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      shortcode = newShortcode();
    }
  }
}

const staleMessage = (row: SurveyRow) => `This survey was changed by ${row.updated_by_name ?? 'someone'} at ${String(dataTime(row.updated_at)).replace('T', ' ')}; reload it.`;

/**
 * Writes `set` when the survey is still at `version` (the editor's autosave, publish, close): a
 * second editor who saved in between makes this a 400 that names them, and nothing is lost.
 */
async function writeAt(db: Db, user: Principal, shortcode: string, version: number, set: Record<string, string | Date | null>, now: Date): Promise<SurveyView> {
  const name = await displayNameOf(db, user);
  const columns = Object.keys(set);
  const params = [shortcode, version, name, now, ...columns.map((c) => set[c])];
  const assignments = columns.map((c, i) => `${c} = ${set[c] instanceof Date ? `CAST($${i + 5} AS TIMESTAMP)` : `$${i + 5}`}`);
  const updated = await db.query(
    `UPDATE surveys SET ${[...assignments, 'version = version + 1', 'updated_by_name = $3', 'updated_at = CAST($4 AS TIMESTAMP)'].join(', ')} WHERE shortcode = $1 AND version = $2 RETURNING id`,
    params,
  );
  if (!updated.length) {
    const row = await rowOf(db, shortcode);
    throw badRequest(staleMessage(row), { version: [staleMessage(row)] });
  }
  return getSurvey(db, shortcode);
}

export function saveSurvey(db: Db, user: Principal, shortcode: string, body: { version: number; settings: SurveySettings; definition: SurveyDefinition }, now: Date) {
  return writeAt(db, user, shortcode, body.version, { settings: JSON.stringify(body.settings), definition: JSON.stringify(body.definition) }, now);
}

/** Publishes the draft as it is (also a closed survey's, which opens it again), or says what stops it. */
export async function publishSurvey(db: Db, user: Principal, shortcode: string, version: number, now: Date): Promise<SurveyView> {
  const row = await rowOf(db, shortcode);
  const settings = JSON.parse(row.settings) as SurveySettings;
  const problems = surveyProblems(settings, JSON.parse(row.definition));
  if (settings.reportToResponses && settings.store && !(await storeExists(db, settings.store)))
    problems.push({ code: 'unknownStore', message: `There is no store "${settings.store}".` });
  if (problems.length) throw badRequest(problems[0].message, { survey: problems.map((p) => p.message) });
  return writeAt(db, user, shortcode, version, { status: 'published', published: snapshotOf(row), published_at: now, closed_at: null }, now);
}

const storeExists = async (q: Queryable, store: string) => (await q.query('SELECT 1 AS found FROM responses WHERE store = $1 LIMIT 1', [store])).length > 0;

/** The stores and channels a survey may report under (those the responses data already knows). */
export async function reportingPlaces(db: Db) {
  const [stores, channels] = await Promise.all([
    db.query<{ store: string }>('SELECT DISTINCT store FROM responses ORDER BY store'),
    db.query<{ channel: string }>('SELECT DISTINCT channel FROM responses ORDER BY channel'),
  ]);
  return { stores: stores.map((r) => r.store), channels: [...new Set([DEFAULT_CHANNEL, ...channels.map((r) => r.channel)])] };
}

export async function closeSurvey(db: Db, user: Principal, shortcode: string, version: number, now: Date): Promise<SurveyView> {
  const row = await rowOf(db, shortcode);
  if (row.status !== 'published') throw badRequest('Only a published survey can be closed.');
  return writeAt(db, user, shortcode, version, { status: 'closed', closed_at: now }, now);
}
