import { inTurn } from '../db/turns';
import type { Db } from '../db';
import { dataTime } from '../db';
import type { Principal } from '../auth/tokens';
import { ApiError, badRequest, notFound } from '../http/errors';
import { alertWhere, checkMeasurable } from './measure';
import { moduleById } from '../smartdata/schema';
import { portalFeatures } from '../routes/settings';
import { alertProblems, type AlertDefinition } from '../../src/lib/alerts';

interface AlertRow {
  id: string;
  definition: string;
  active: boolean;
  created_at: Date;
  last_checked_at: Date | null;
  last_value: number | null;
  firing: boolean;
  last_fired_at: Date | null;
}


/** The most alerts one user may have (docs/decisions.md, "Alerts per user"). */
export const MAX_ALERTS_PER_USER = 50;

/** Alerts exist only with the alerting feature (spec part 1 section 6). */
export async function requireAlerting(db: Db): Promise<void> {
  if (!(await portalFeatures(db)).alerting) throw notFound('Alerts are not available on this portal.');
}

/** Checks a subscription against its rules and the module it reads (the caller's roles decide which). */
export function checkAlert(db: Db, a: AlertDefinition, user: Principal): void {
  const problems = alertProblems(a);
  const fields = Object.keys(problems);
  if (fields.length) throw badRequest(problems[fields[0]], Object.fromEntries(fields.map((f) => [f, [problems[f]]])));
  let module;
  try {
    module = moduleById(db, a.moduleId, user.roles);
    checkMeasurable(a, module);
  } catch (error) {
    const refused = `There is no data "${a.moduleId}" to watch${error instanceof ApiError && error.status === 400 ? `: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}` : '.'}`;
    throw badRequest(refused, { moduleId: [refused] });
  }
  // Unknown filter fields are refused here, as the filter bar refuses them.
  alertWhere(a, module, null);
}

const viewOf = (r: AlertRow) => ({
  id: r.id,
  ...(JSON.parse(r.definition) as AlertDefinition),
  active: r.active,
  createdAt: String(dataTime(r.created_at)),
  lastCheckedAt: r.last_checked_at ? String(dataTime(r.last_checked_at)) : null,
  lastValue: r.last_value === null ? null : Number(r.last_value),
  firing: r.firing,
  lastFiredAt: r.last_fired_at ? String(dataTime(r.last_fired_at)) : null,
});
export type AlertView = ReturnType<typeof viewOf>;

export async function listAlerts(db: Db, userId: string): Promise<AlertView[]> {
  const rows = await db.query<AlertRow & Record<string, unknown>>(
    'SELECT id, definition, active, created_at, last_checked_at, last_value, firing, last_fired_at FROM alerts WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows.map(viewOf);
}

/**
 * Adds an alert while the user has fewer than MAX_ALERTS_PER_USER. The count and the insert are one
 * transaction that racing requests of the user take in turn (DuckDB's writes take turns anyway;
 * PostgreSQL takes a lock keyed by the user until the end), so they never pass the limit together.
 */
export async function createAlert(db: Db, user: Principal, a: AlertDefinition, now: Date): Promise<AlertView[]> {
  checkAlert(db, a, user);
  await db.tx(async (q) => {
    await inTurn(db, q, `alerts:${user.id}`);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*) AS n FROM alerts WHERE user_id = $1', [user.id]);
    if (Number(n) >= MAX_ALERTS_PER_USER) {
      const full = `You have ${MAX_ALERTS_PER_USER} alerts, the most one user may have: delete one to add another.`;
      throw badRequest(full, { name: [full] });
    }
    await q.query(
      `INSERT INTO alerts (id, user_id, definition, schedule, active, created_at, updated_at, checks, last_checked_at, last_value, firing, last_fired_at)
       VALUES ($1, $2, $3, $4, true, CAST($5 AS TIMESTAMP), CAST($5 AS TIMESTAMP), 0, NULL, NULL, false, NULL)`,
      [crypto.randomUUID(), user.id, JSON.stringify(a), a.schedule, now],
    );
  });
  return listAlerts(db, user.id);
}

/** Changes one of the user's alerts (another user's is not found); a change starts its watch afresh. */
export async function updateAlert(db: Db, user: Principal, id: string, a: AlertDefinition & { active: boolean }, now: Date): Promise<AlertView[]> {
  const { active, ...definition } = a;
  checkAlert(db, definition, user);
  const rows = await db.query(
    `UPDATE alerts SET definition = $3, schedule = $4, active = $5, updated_at = CAST($6 AS TIMESTAMP), firing = false, last_checked_at = NULL, last_value = NULL
     WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, user.id, JSON.stringify(definition), definition.schedule, active, now],
  );
  if (!rows.length) throw notFound('No such alert.');
  return listAlerts(db, user.id);
}

export async function deleteAlert(db: Db, user: Principal, id: string): Promise<AlertView[]> {
  const rows = await db.query('DELETE FROM alerts WHERE id = $1 AND user_id = $2 RETURNING id', [id, user.id]);
  if (!rows.length) throw notFound('No such alert.');
  await db.query('DELETE FROM alert_firings WHERE alert_id = $1', [id]);
  return listAlerts(db, user.id);
}
