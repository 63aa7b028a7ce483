import type { Db } from '../db';
import { dataTime } from '../db';
import { claimsOf, findUserById, rolesOf } from '../identity/users';
import { mayRead, syncSources } from '../datasources/registry';
import { notify } from '../notifications/notifications';
import { queueMail } from '../mail/outbox';
import { conditionMet, SCHEDULE_MS, type AlertDefinition } from '../../src/lib/alerts';
import { filterLink } from '../../src/lib/filter-link';
import { alertDays, measureAlert, newDetractors } from './measure';
import { describeFiring } from './describe';
import { every, underLease } from '../operations/schedule';
import { emitEvent } from '../webhooks/emit';

/** Where an alert's link leads: the Overview dashboard with the alert's filters and days. */
export const ALERT_DASHBOARD = '/dashboard/overview/';
/** How often the scheduler looks for due alerts. */
export const ALERT_INTERVAL_MS = 60_000;

interface DueRow {
  id: string;
  user_id: string;
  definition: string;
  schedule: keyof typeof SCHEDULE_MS;
  checks: number;
  created_at: Date;
  last_checked_at: Date | null;
  firing: boolean;
  seen_until: Date | null;
}

/**
 * Checks every due alert (a daily alert a day after its last check, an immediate one on every
 * run): claimed first by moving its check counter on, then measured under its owner's claims. The
 * result is kept, and a firing recorded, notified and e-mailed, in one transaction and only while
 * no later run has claimed the alert: of two runs at once, one result counts.
 */
export async function runDueAlerts(db: Db, now: Date, origin: string): Promise<{ checked: number; fired: number }> {
  const rows = await db.query<DueRow & Record<string, unknown>>('SELECT id, user_id, definition, schedule, checks, created_at, last_checked_at, firing, seen_until FROM alerts WHERE active = true ORDER BY id');
  let checked = 0;
  let fired = 0;
  for (const row of rows) {
    if (row.last_checked_at && now.getTime() - row.last_checked_at.getTime() < SCHEDULE_MS[row.schedule]) continue;
    // The claim answers the state as it is now: a run that finished in between is seen.
    const [claimed] = await db.query<{ firing: boolean; seen_until: Date | null }>(
      'UPDATE alerts SET checks = checks + 1, last_checked_at = CAST($3 AS TIMESTAMP) WHERE id = $1 AND checks = $2 RETURNING firing, seen_until',
      [row.id, row.checks, now],
    );
    if (!claimed) continue;
    // One alert its source no longer answers (a score or filter column changed since) does not stop the others.
    const result = await checkAlert(db, { ...row, ...claimed, checks: Number(row.checks) + 1 }, now, origin).catch((error: unknown) => {
      console.error(`Alert ${row.id} could not be checked:`, error instanceof Error ? error.message : error);
      return { kept: false, fired: false };
    });
    if (result.kept) checked++;
    if (result.fired) fired++;
  }
  return { checked, fired };
}

/**
 * The page an alert's link opens: the overview for the survey responses, else the source's first
 * dashboard, else its records (a source with no dashboard still has its data viewer).
 */
async function pageOf(db: Db, moduleId: string): Promise<string> {
  if (moduleId === 'responses') return ALERT_DASHBOARD;
  const [d] = await db.query<{ dashboard_id: string }>('SELECT dashboard_id FROM dashboards WHERE module_id = $1 ORDER BY dashboard_id LIMIT 1', [moduleId]);
  return d ? `/dashboard/${encodeURIComponent(d.dashboard_id)}/` : `/content/insights/${encodeURIComponent(moduleId)}`;
}

async function checkAlert(db: Db, row: DueRow, now: Date, origin: string): Promise<{ kept: boolean; fired: boolean }> {
  const a = JSON.parse(row.definition) as AlertDefinition;
  const user = await findUserById(db, row.user_id);
  const module = (await syncSources(db)).get(a.moduleId);
  // Its owner's roles may no longer read the source: an alert never tells more than its owner may see.
  if (!user || !module || !mayRead(module, rolesOf(user))) return { kept: false, fired: false };
  const claims = await claimsOf(db, user.id);
  let value: number | null;
  let previous: number | null = null;
  let met: boolean;
  if (a.condition === 'newDetractor') {
    value = await newDetractors(db, a, module, claims, row.seen_until ?? row.created_at, now);
    met = value > 0;
  } else {
    ({ value, previous } = await measureAlert(db, a, module, claims, now));
    met = conditionMet(a, value, previous);
  }
  // An immediate alert tells of the change into its condition, not of every minute it lasts; a
  // daily or weekly one reports at each check while the condition holds.
  const fire = met && (a.condition === 'newDetractor' || a.schedule !== 'immediate' || !row.firing);
  // The link opens the days measured, not Last 7 Days as of whenever it is followed.
  // Looked up only for an alert that fires: most checks fire nothing.
  const link = fire ? filterLink(await pageOf(db, module.moduleId), alertDays(module, now).days, a.filters) : '';
  const { subject, text } = describeFiring(a, value, previous);
  return db.tx(async (q) => {
    // Kept only while this run's claim is the latest; a later run's result stands instead.
    const kept = await q.query(
      `UPDATE alerts SET last_value = $3, firing = $4, seen_until = CAST($5 AS TIMESTAMP)${fire ? ', last_fired_at = CAST($5 AS TIMESTAMP)' : ''} WHERE id = $1 AND checks = $2 RETURNING id`,
      [row.id, row.checks, value, met, now],
    );
    if (!kept.length || !fire) return { kept: kept.length > 0, fired: false };
    await q.query('INSERT INTO alert_firings (id, alert_id, fired_at, value, previous, message) VALUES ($1, $2, CAST($3 AS TIMESTAMP), $4, $5, $6)', [
      crypto.randomUUID(), row.id, now, value, previous, text,
    ]);
    await notify(q, user.id, 'alert', text, link, now);
    // Outbound webhooks hear of it in the same transaction: a firing not kept sends nothing.
    await emitEvent(q, 'alert.fired', { alertId: row.id, name: a.name, source: module.moduleId, value, previous, message: text, url: `${origin}${link}`, firedAt: dataTime(now) }, now);
    await queueMail(q, user.email, subject, `Hello ${user.first_name},\n\n${text}\n\nSee the dashboard with the alert's filters: ${origin}${link}\n\nChecked at ${String(dataTime(now)).replace('T', ' ')} UTC. Change or stop this alert at ${origin}/alerts.`, now);
    return { kept: true, fired: true };
  });
}

/** How long a run holds the scheduler's lease; one whose process died lets go after this. */
export const ALERT_LEASE_MS = 10 * 60_000;

/**
 * A scheduled run, unless another is still going in any process over this database (a lease): of
 * overlapping runs each would re-check every immediate alert and throw the other's results away.
 */
export const runScheduledAlerts = (db: Db, now: Date, origin: string) => underLease(db, 'alert-scheduler', ALERT_LEASE_MS, now, () => runDueAlerts(db, now, origin));

/** Runs the scheduler every `intervalMs` until stopped (`every`). */
export const startAlertScheduler = (db: Db, origin: string, intervalMs = ALERT_INTERVAL_MS) => every(intervalMs, 'Alert scheduler', () => runScheduledAlerts(db, new Date(), origin));
