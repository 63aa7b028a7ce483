import type { Queryable } from '../db';
import { cleanProfanity, npsGroup } from '../seed/responses';
import { recoveryQuestions, type Answers, type SurveyDefinition } from '../../src/lib/survey-model';
import { writeHistory } from '../processflow/history';

/** Who a recovery answer is written as in its case's history. */
const CUSTOMER = { id: 'customer', name: 'Customer' };

/** The kind of a survey invitation sent when a case closes (server/caserules/recovery.ts). */
export const RECOVERY_KIND = 'Recovery';

/** An invitation of a survey, as an answer to it finds it (before taking it). */
export interface Invitation {
  kind: string;
  /** The case a recovery invitation was sent for. */
  pfoId: string | null;
  sentAt: Date;
  /** That case's store: a recovery answer reported to the responses data lands under it. */
  caseStore: string | null;
}

/** The invitation of this survey with this id, or undefined (an answer with it is refused when taken). */
export async function findInvitation(q: Queryable, shortcode: string, inviteId: string): Promise<Invitation | undefined> {
  const [row] = await q.query<{ kind: string; pfo_id: string | null; created_at: Date; store: string | null }>(
    'SELECT i.kind, i.pfo_id, i.created_at, c.store FROM survey_invites i LEFT JOIN cases c ON c.pfo_id = i.pfo_id WHERE i.id = $1 AND i.definition_id = $2',
    [inviteId, shortcode],
  );
  return row && { kind: row.kind, pfoId: row.pfo_id, sentAt: row.created_at, caseStore: row.store };
}

export const isRecovery = (i: Invitation | undefined): i is Invitation & { pfoId: string } => i?.kind === RECOVERY_KIND && !!i.pfoId;

/** The score (the survey's NPS or stars answer) and the comment (its free texts) of an answer set. */
function recoveryOf(def: SurveyDefinition, kept: Answers) {
  const { score, comments } = recoveryQuestions(def);
  const value = score && typeof kept[score.id] === 'number' ? (kept[score.id] as number) : null;
  const comment = comments.map((q) => kept[q.id]).filter((a): a is string => typeof a === 'string' && a !== '').join('\n\n') || null;
  return { value, kind: value === null ? null : score!.kind, comment };
}

interface CaseRow {
  state: string;
  version: number;
  module_id: string;
  source_object_id: number;
  store: string | null;
  region: string | null;
  country: string | null;
  channel: string | null;
  nps: number | null;
  stars: number | null;
  root_cause: string | null;
  problem_resolved: boolean | null;
}

/**
 * Lands a recovery answer, in the answer's transaction: its score and comment on the case (a new
 * version, and a history entry by the customer), and a row of the "Recovery surveys" data. The
 * comment is cleaned as every comment is; the raw text stays in the data for the roles allowed.
 * Undefined when the case is gone (the answer itself is still kept).
 */
export async function recordRecoveryAnswer(
  q: Queryable,
  invite: Invitation & { pfoId: string },
  answer: { id: string; shortcode: string; definition: SurveyDefinition; kept: Answers },
  now: Date,
): Promise<{ caseId: string; score: number | null } | undefined> {
  const { value, kind, comment } = recoveryOf(answer.definition, answer.kept);
  const cleaned = comment && cleanProfanity(comment);
  const [c] = await q.query<CaseRow & Record<string, unknown>>(
    `UPDATE cases SET recovery_score = $2, recovery_comment = $3, version = version + 1 WHERE pfo_id = $1
     RETURNING state, version, module_id, source_object_id, store, region, country, channel, nps, stars, root_cause, problem_resolved`,
    [invite.pfoId, value, cleaned],
  );
  if (!c) return undefined;
  await writeHistory(q, { pfoId: invite.pfoId, actionName: 'Recovery survey answered', fromState: c.state, toState: c.state, comment: cleaned, properties: { score: value }, by: CUSTOMER, at: now, version: Number(c.version) });
  const nps = kind === 'nps' ? value : null;
  const resolved = c.problem_resolved === null || c.problem_resolved === undefined ? null : c.problem_resolved ? 'Yes' : 'No';
  await q.query(
    `INSERT INTO recovery_answers (id, answered_at, sent_at, pfo_id, case_module, source_object_id, survey, store, region, country, channel, nps, nps_group, stars,
       case_nps, case_stars, root_cause, problem_resolved, verbatim, verbatim_raw, verbatim_flag)
     VALUES ($1, CAST($2 AS TIMESTAMP), CAST($3 AS TIMESTAMP), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
    [answer.id, now, invite.sentAt, invite.pfoId, c.module_id, Number(c.source_object_id), answer.shortcode, c.store, c.region, c.country, c.channel,
      nps, nps === null ? null : npsGroup(nps), kind === 'stars' ? value : null, c.nps ?? null, c.stars ?? null, c.root_cause, resolved,
      cleaned, cleaned !== comment ? comment : null, cleaned !== comment ? 'redacted_profanity' : null],
  );
  return { caseId: invite.pfoId, score: value };
}
