import { z } from 'zod';
import { placeholder, type Db } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, notFound } from '../http/errors';
import { check } from '../http/validate';
import { npsGroup } from '../seed/responses';
import { DAY_MS, forgetOldCounts, takeCount } from '../http/rate-counts';
import type { FeedbackConfig, QuestionType } from './config';

/** Answers (spec part 2 section 3): nps, npsStar, driver (a comma list), verbatim, isCallbackRequested. */
const answers = z
  .object({
    nps: z.number({ message: 'nps is a number from 0 to 10.' }).int('nps is a whole number from 0 to 10.').min(0, 'nps is a number from 0 to 10.').max(10, 'nps is a number from 0 to 10.').optional(),
    npsStar: z.number({ message: 'npsStar is a number from 1 to 5.' }).int('npsStar is a whole number from 1 to 5.').min(1, 'npsStar is a number from 1 to 5.').max(5, 'npsStar is a number from 1 to 5.').optional(),
    driver: z.string().max(1000, 'driver is too long.').optional(),
    verbatim: z.string().max(4000, 'verbatim has at most 4000 characters.').optional(),
    isCallbackRequested: z.boolean({ message: 'isCallbackRequested is true or false.' }).optional(),
  })
  .strict();

export type Answers = z.infer<typeof answers>;

/** The save body: Data as an object or as JSON text (both are seen in the wild). */
export const saveBody = z.object({
  SessionId: z.string().max(64).nullish(),
  Data: z.union([z.string().max(8000), z.record(z.string(), z.unknown())]),
  IsCompleted: z.boolean({ message: 'IsCompleted is true or false.' }).optional(),
  /** Where in the portal the widget was answered (for the report), optional. */
  Page: z.string().max(300).optional(),
});

/** The answers of a post, checked against the questions the widget asks. */
export function readAnswers(data: string | Record<string, unknown>, config: FeedbackConfig): Answers {
  let raw: unknown = data;
  if (typeof data === 'string') {
    try {
      raw = JSON.parse(data);
    } catch {
      throw badRequest('Data is not valid JSON.');
    }
  }
  const a = check(answers, raw);
  const asked = new Set<QuestionType>(config.Questions.map((q) => q.type));
  if (a.nps !== undefined && !asked.has('nps')) throw badRequest('The widget does not ask for an NPS score.');
  if (a.npsStar !== undefined && !asked.has('star')) throw badRequest('The widget does not ask for stars.');
  if (a.driver !== undefined) {
    const options = config.Questions.find((q) => q.type === 'driver')?.properties?.options ?? [];
    const chosen = a.driver.split(',').map((d) => d.trim()).filter(Boolean);
    const unknown = chosen.find((d) => !options.includes(d));
    if (unknown !== undefined) throw badRequest(`"${unknown}" is not one of the drivers.`);
    a.driver = [...new Set(chosen)].join(',');
  }
  return a;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores a post: a new session when SessionId is empty, else the answers merged into the user's
 * own open session (another user's, or a finished one, cannot be written). A user starts at most
 * `perDay` sessions a day (each completes once: docs/decisions.md). Returns the session id.
 */
export async function saveFeedback(db: Db, user: Principal, body: z.infer<typeof saveBody>, config: FeedbackConfig, now: Date, perDay: number): Promise<string> {
  const a = readAnswers(body.Data, config);
  const completed = body.IsCompleted === true;
  const callback = a.isCallbackRequested === true ? (await db.query<{ name: string; email: string }>("SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name, email FROM users WHERE id = $1", [user.id]))[0] : undefined;
  const values = {
    nps: a.nps,
    nps_group: a.nps === undefined ? undefined : npsGroup(a.nps),
    stars: a.npsStar,
    drivers: a.driver,
    verbatim: a.verbatim?.trim(),
    callback_requested: a.isCallbackRequested,
    // A name only when the user asked to be called back; taken away again if they untick it.
    callback_name: a.isCallbackRequested === undefined ? undefined : (callback?.name || callback?.email) ?? null,
    callback_email: a.isCallbackRequested === undefined ? undefined : callback?.email ?? null,
  };
  const set = Object.entries(values).filter(([, v]) => v !== undefined) as Array<[string, string | number | boolean | null]>;
  if (!body.SessionId) {
    const id = crypto.randomUUID();
    const columns = ['id', 'user_id', 'created_at', 'updated_at', 'status', 'callback_requested', 'page', ...set.filter(([k]) => k !== 'callback_requested').map(([k]) => k)];
    const params = [id, user.id, now, now, completed ? 'Completed' : 'Partial', a.isCallbackRequested ?? false, body.Page ?? null, ...set.filter(([k]) => k !== 'callback_requested').map(([, v]) => v)];
    await forgetOldCounts(db, now);
    await db.tx(async (q) => {
      await takeCount(q, { counter: `feedback:${user.id}`, max: perDay, windowMs: DAY_MS, refusal: `You have sent feedback ${perDay} times today: thank you!` }, now);
      await q.query(`INSERT INTO feedback_sessions (${columns.join(', ')}) VALUES (${params.map((p, i) => placeholder(p, i + 1)).join(', ')})`, params);
    });
    return id;
  }
  if (!UUID.test(body.SessionId)) throw badRequest('SessionId is not a feedback session id.');
  const assignments = [...set.map(([k], i) => `${k} = $${i + 4}`), 'updated_at = CAST($3 AS TIMESTAMP)', ...(completed ? ["status = 'Completed'"] : [])];
  // One statement: the owner and the open state are checked where the row is written, so a
  // finished session cannot be changed by a late or a parallel post.
  const [row] = await db.query<{ id: string }>(
    `UPDATE feedback_sessions SET ${assignments.join(', ')} WHERE id = $1 AND user_id = $2 AND status = 'Partial' RETURNING id`,
    [body.SessionId, user.id, now, ...set.map(([, v]) => v)],
  );
  if (row) return row.id;
  const [mine] = await db.query('SELECT id FROM feedback_sessions WHERE id = $1 AND user_id = $2', [body.SessionId, user.id]);
  if (!mine) throw notFound('No such feedback session.');
  throw badRequest('This feedback has been sent already.');
}

/** Opt-out: the widget does not open by itself for this user for `days` days. */
export async function optOut(db: Db, userId: string, days: number, now: Date): Promise<void> {
  const until = new Date(now.getTime() + days * 86_400_000);
  // One upsert: two opt-outs at once (two tabs) both succeed.
  await db.query('INSERT INTO feedback_suppressions (user_id, until_at) VALUES ($1, CAST($2 AS TIMESTAMP)) ON CONFLICT (user_id) DO UPDATE SET until_at = excluded.until_at', [userId, until]);
}

/** 0 when the widget may open by itself, 1 while the user's opt-out lasts. */
export async function suppressionStatus(db: Db, userId: string, now: Date): Promise<0 | 1> {
  const [row] = await db.query('SELECT 1 AS s FROM feedback_suppressions WHERE user_id = $1 AND until_at > CAST($2 AS TIMESTAMP)', [userId, now]);
  return row ? 1 : 0;
}
