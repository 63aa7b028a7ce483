import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { dataTime, isUniqueViolation } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, forbidden, notFound } from '../http/errors';
import { displayNameOf, hasAnyRole } from '../identity/users';
import { DEFAULT_CHANNEL, placeProblem } from './places';
import { starterDefinition, surveyProblems, type SurveyDefinition, type SurveySettings, type SurveyStatus } from '../../src/lib/survey-model';

const SHORTCODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SHORTCODE_LENGTH = 8;

/** A public address part nobody guesses in order: 8 of 31 characters (about 40 bits). */
export const newShortcode = () => Array.from({ length: SHORTCODE_LENGTH }, () => SHORTCODE_ALPHABET[randomInt(SHORTCODE_ALPHABET.length)]).join('');
export const newQuestionId = () => crypto.randomUUID().slice(0, 8);

/** Who may change any survey, not only the ones they created (docs/decisions.md). */
export const ANY_SURVEY_ROLES = ['GlobalAdmin', 'PortalAdmin'];
const NOT_YOURS = "Only the survey's owner or a portal administrator can change this survey.";

interface SurveyRow {
  id: string;
  shortcode: string;
  status: SurveyStatus;
  settings: string;
  definition: string;
  published: string | null;
  version: number;
  /** The owner: the user who created it. */
  created_by: string;
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
  /** Whether the asking user may change it (its owner, or a role that may change any): others see it read-only. */
  canChange: boolean;
}

/** What publishing fixes for the public page: the settings and the questions as they are now. */
export const snapshotOf = (row: Pick<SurveyRow, 'settings' | 'definition'>) => `{"settings":${row.settings},"definition":${row.definition}}`;

const COLUMNS = 'id, shortcode, status, settings, definition, published, version, created_by, updated_by_name, updated_at, published_at, closed_at';

async function rowOf(q: Queryable, shortcode: string): Promise<SurveyRow> {
  const [row] = await q.query<SurveyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM surveys WHERE shortcode = $1`, [shortcode]);
  if (!row) throw notFound(`No survey "${shortcode}".`);
  return row;
}

/** The survey, when this user may change it: its owner, or a role that may change any. */
async function changeableRow(q: Queryable, user: Principal, shortcode: string): Promise<SurveyRow> {
  const row = await rowOf(q, shortcode);
  if (!mayChange(user, row)) throw forbidden(NOT_YOURS);
  return row;
}

const mayChange = (user: Principal, row: Pick<SurveyRow, 'created_by'>) => row.created_by === user.id || hasAnyRole(user.roles, ANY_SURVEY_ROLES);

async function responseCounts(q: Queryable, ids?: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ survey_id: string; n: number }>(
    `SELECT survey_id, count(*) AS n FROM survey_answers${ids ? ' WHERE survey_id = $1' : ''} GROUP BY survey_id`,
    ids ?? [],
  );
  return new Map(rows.map((r) => [r.survey_id, Number(r.n)]));
}

const viewOf = (row: SurveyRow, responses: number, user: Principal): SurveyView => ({
  shortcode: row.shortcode,
  status: row.status,
  version: Number(row.version),
  settings: JSON.parse(row.settings),
  definition: JSON.parse(row.definition),
  unpublishedChanges: row.status !== 'draft' && row.published !== snapshotOf(row),
  updatedAt: String(dataTime(row.updated_at)),
  updatedBy: row.updated_by_name,
  responses,
  canChange: mayChange(user, row),
});

/** Every survey, last changed first, with its response count (the editor's home). */
export async function listSurveys(db: Db, user: Principal) {
  const [rows, counts] = await Promise.all([db.query<SurveyRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM surveys ORDER BY updated_at DESC, id`), responseCounts(db)]);
  return rows.map((r) => {
    const v = viewOf(r, counts.get(r.id) ?? 0, user);
    return { shortcode: v.shortcode, title: v.settings.title, status: v.status, responses: v.responses, updatedAt: v.updatedAt, updatedBy: v.updatedBy, unpublishedChanges: v.unpublishedChanges };
  });
}

export async function getSurvey(db: Db, user: Principal, shortcode: string): Promise<SurveyView> {
  const row = await rowOf(db, shortcode);
  return viewOf(row, (await responseCounts(db, [row.id])).get(row.id) ?? 0, user);
}

/** A new draft with the starter questions; the title is the one thing asked first. */
export async function createSurvey(db: Db, user: Principal, title: string, now: Date, shortcode = newShortcode()): Promise<SurveyView> {
  if (!title.trim()) throw badRequest('A survey needs a title.', { title: ['A survey needs a title.'] });
  const settings: SurveySettings = { title: { en: title.trim() }, reportToResponses: true, stores: [], channel: DEFAULT_CHANNEL };
  const name = await displayNameOf(db, user);
  for (let attempt = 0; ; attempt++) {
    try {
      await db.query(
        `INSERT INTO surveys (id, shortcode, status, settings, definition, published, version, created_by, updated_by_name, created_at, updated_at)
         VALUES ($1, $2, 'draft', $3, $4, NULL, 1, $5, $6, CAST($7 AS TIMESTAMP), CAST($7 AS TIMESTAMP))`,
        [crypto.randomUUID(), shortcode, JSON.stringify(settings), JSON.stringify(starterDefinition(newQuestionId)), user.id, name, now],
      );
      return getSurvey(db, user, shortcode);
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
  return getSurvey(db, user, shortcode);
}

export async function saveSurvey(db: Db, user: Principal, shortcode: string, body: { version: number; settings: SurveySettings; definition: SurveyDefinition }, now: Date) {
  await changeableRow(db, user, shortcode);
  const problem = await placeProblem(db, user, body.settings);
  if (problem) throw badRequest(problem, { settings: [problem] });
  return writeAt(db, user, shortcode, body.version, { settings: JSON.stringify(body.settings), definition: JSON.stringify(body.definition) }, now);
}

/** Publishes the draft as it is (also a closed survey's, which opens it again), or says what stops it. */
export async function publishSurvey(db: Db, user: Principal, shortcode: string, version: number, now: Date): Promise<SurveyView> {
  const row = await changeableRow(db, user, shortcode);
  const settings = JSON.parse(row.settings) as SurveySettings;
  const problems = surveyProblems(settings, JSON.parse(row.definition));
  // Checked again for the one who publishes: a draft may predate the check or their claims.
  const place = await placeProblem(db, user, settings);
  if (place) problems.push({ code: 'unknownPlace', message: place });
  if (problems.length) throw badRequest(problems[0].message, { survey: problems.map((p) => p.message) });
  return writeAt(db, user, shortcode, version, { status: 'published', published: snapshotOf(row), published_at: now, closed_at: null }, now);
}

export async function closeSurvey(db: Db, user: Principal, shortcode: string, version: number, now: Date): Promise<SurveyView> {
  const row = await changeableRow(db, user, shortcode);
  if (row.status !== 'published') throw badRequest('Only a published survey can be closed.');
  return writeAt(db, user, shortcode, version, { status: 'closed', closed_at: now }, now);
}
