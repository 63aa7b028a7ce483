import type { Db, Param } from '../db';
import { CASES_MODULE } from '../processflow/queues';
import { CASE_COLUMNS, COPIED } from '../processflow/case-table';
import type { CaseState } from '../processflow/workflow';
import { Random } from './random';
import { addWorkingHours } from '../caserules/calendar';
import { queueNamed, sourceSettings } from '../caserules/store';
import type { CaseQueue } from '../caserules/definition';

const DAY = 86_400_000;
/** Who works the seeded cases: Petra and Paul everywhere, Nora in the North. */
export const WORKERS = [
  { id: 'u-portaluser', name: 'Petra User', role: 'PortalUser' },
  { id: 'u-portaladmin', name: 'Paul Admin', role: 'PortalAdmin' },
];
const NORTH = { id: 'u-north', name: 'Nora North', role: 'PortalUser' };
const TAGS = ['queue', 'staff', 'refund', 'stock', 'callback'];
export const MAX_SEEDED_CASES = 400_000;

type Step = { type: number; name: string; from: CaseState; to: CaseState; comment: string; at: Date; by: (typeof WORKERS)[number] };

/** The steps a case of this age has been through, as a team would have taken them. */
function lifeOf(random: Random, created: Date, now: Date, worker: (typeof WORKERS)[number]): Step[] {
  const age = (now.getTime() - created.getTime()) / DAY;
  const after = (days: number) => new Date(Math.min(now.getTime() - 60_000, created.getTime() + days * DAY));
  const steps: Step[] = [];
  if (age < 2 && random.chance(0.7)) return steps;
  steps.push({ type: 1, name: 'Assign', from: 'New', to: 'Assigned', comment: `Assigned to ${worker.name}.`, at: after(0.3), by: WORKERS[1] });
  if (age < 5 && random.chance(0.5)) return steps;
  steps.push({ type: 0, name: 'Start work', from: 'Assigned', to: 'InProgress', comment: 'Called the store manager to hear their side.', at: after(1), by: worker });
  if (age < 14 && random.chance(0.6)) return steps;
  const resolved = random.chance(0.75);
  steps.push(resolved
    ? { type: 0, name: 'Resolve', from: 'InProgress', to: 'Resolved', comment: 'Spoke to the customer; apology and voucher sent.', at: after(3), by: worker }
    : { type: 0, name: 'Close without action', from: 'InProgress', to: 'ClosedNoAction', comment: 'No contact details that work; closed.', at: after(3), by: worker });
  return steps;
}

/** The seeded cases' queue (migration 028 adds it), and what their clocks and closings write. */
const SEEDED_QUEUE = 'Customer care';
const CLOCK_COLUMNS = ['queue_name', 'priority', 'first_response_due_at', 'resolution_due_at', 'first_responded_at', 'closed_at', 'escalation_level', 'root_cause', 'problem_resolved', 'outcome', 'hours_to_first_response', 'hours_to_close'];
const hoursBetween = (from: Date, to: Date | undefined) => (to ? Math.round(((to.getTime() - from.getTime()) / 3_600_000) * 100) / 100 : null);

/**
 * A seeded case's clock and how it closed, in CLOCK_COLUMNS' order: its queue's deadlines from its
 * creation, its first action as the first response, a root cause for a closed one. An open one
 * counts as escalated in full already (as if before the data was loaded): the demo's clocks
 * escalate only the cases that come after it, and never mail hundreds of escalations at once.
 */
function caseClock(queue: CaseQueue, causes: string[], priority: 'High' | 'Normal', created: Date, steps: Step[], state: CaseState, random: Random): Param[] {
  const firstDue = addWorkingHours(created, queue.firstResponseHours[priority], queue.calendar);
  const resolutionDue = addWorkingHours(created, queue.resolutionHours[priority], queue.calendar);
  const responded = steps[0]?.at;
  const closed = state === 'Resolved' || state === 'ClosedNoAction' ? steps.at(-1)!.at : undefined;
  const resolved = closed ? state === 'Resolved' : null;
  return [SEEDED_QUEUE, priority, firstDue, resolutionDue, responded ?? null, closed ?? null, closed ? 0 : 2, closed && causes.length ? causes[random.int(0, causes.length - 1)] : null,
    resolved, closed ? (resolved ? 'Resolved' : 'Not resolved') : null, hoursBetween(created, responded), hoursBetween(created, closed)];
}

/**
 * Cases over the responses (spec part 3, process flow): every detractor and every response of 1 or
 * 2 stars, and one in twenty of the others, each with the history its age makes likely.
 */
export async function seedCases(db: Db, now: Date): Promise<void> {
  const responses = await db.query<{ id: number; response_date: Date; region: string } & Record<(typeof COPIED)[number], Param>>(
    // The newest MAX_SEEDED_CASES at most (a million responses give 385,000; ten million would give
    // four million, and their history three times as many rows), in date order: a queue's pages in
    // date order are then short row ranges (server/processflow/cases.ts).
    `SELECT * FROM (
       SELECT id, response_date, ${COPIED.join(', ')} FROM responses WHERE nps_group = 'Detractor' OR stars <= 2 OR id % 20 = 0
       ORDER BY response_date DESC, id DESC LIMIT ${MAX_SEEDED_CASES}
     ) newest ORDER BY response_date, id`,
  );
  const random = new Random(11);
  const queue = (await queueNamed(db, SEEDED_QUEUE))!;
  const causes = (await sourceSettings(db, 'responses')).rootCauses;
  // Root causes draw from a sequence of their own: the cases' other seeded values stay as they were.
  const causeDraws = new Random(12);
  const clockOf = (r: { nps: Param; stars: Param }, created: Date, steps: Step[], state: CaseState) =>
    caseClock(queue, causes, Number(r.nps) <= 2 || Number(r.stars) === 1 ? 'High' : 'Normal', created, steps, state, causeDraws);
  const cases: Param[][] = [];
  const history: Param[][] = [];
  const tags: Param[][] = [];
  for (const r of responses) {
    const pfo = `pf-${r.id}`;
    const created = new Date(r.response_date.getTime() + 30 * 60_000);
    const worker = r.region === 'North' && random.chance(0.5) ? NORTH : WORKERS[random.int(0, WORKERS.length - 1)];
    const steps = lifeOf(random, created, now, worker);
    const last = steps.at(-1);
    const state: CaseState = last?.to ?? 'New';
    const assigned = steps.find((s) => s.type === 1);
    const tag = random.chance(0.2) ? TAGS[random.int(0, TAGS.length - 1)] : null;
    cases.push([
      pfo, CASES_MODULE, r.id, state, null, last?.type ?? null, last?.name ?? null, last?.at ?? null, last?.by.id ?? null, last?.by.name ?? null, last?.comment ?? null,
      last?.at ?? null, last?.by.id ?? null, last?.by.name ?? null, assigned?.at ?? null, assigned ? worker.id : null, assigned ? worker.name : null, assigned ? worker.role : null,
      assigned?.by.id ?? null, assigned?.by.name ?? null, created, steps.length, r.response_date, ...COPIED.map((k) => r[k]), tag,
      ...clockOf(r, created, steps, state),
    ]);
    steps.forEach((s, i) => history.push([`${pfo}-h${i + 1}`, pfo, s.type, s.name, s.from, s.to, s.comment, '{}', s.by.id, s.by.name, s.at, i + 1]));
    if (tag) tags.push([pfo, tag, 'UserDefined', created, WORKERS[1].id]);
  }
  await db.insertMany('cases', [...CASE_COLUMNS, ...CLOCK_COLUMNS], cases);
  await db.insertMany('case_history', ['history_id', 'pfo_id', 'action_type', 'action_name', 'from_state', 'to_state', 'comment', 'properties', 'user_id', 'user_name', 'actioned_at', 'version'], history);
  await db.insertMany('case_tags', ['pfo_id', 'tag_value', 'input_source', 'added_at', 'added_by'], tags);
}
