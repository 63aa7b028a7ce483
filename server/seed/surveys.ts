import type { Db, Param } from '../db';
import { DEFAULT_FEEDBACK_CONFIG } from '../feedback/config';
import { SURVEY_MODULE_ID } from '../inportalsurvey/config';
import { npsGroup } from './responses';
import { Random } from './random';
import { FIRST_NAMES, LAST_NAMES, REGIONS } from './vocabulary';

const DAY = 86_400_000;
const TEAMS = ['Store operations', 'Customer service', 'Marketing', 'Insight', 'Supply chain', 'Finance', 'IT', 'People'];
const TITLES = ['Store manager', 'Deputy manager', 'Team leader', 'Analyst', 'Specialist', 'Coordinator', 'Head of department', 'Advisor'];
const COMMENTS: Record<string, string[]> = {
  Promoter: ['The dashboards answer my questions before the weekly call.', 'Case management saves me an hour a day.', 'Quick and easy to find what I need.'],
  Neutral: ['Good, but the data viewer could load faster.', 'Useful. I would like more export options.', ''],
  Detractor: ['Hard to find the right filters.', 'Too slow on Monday mornings.', 'I could not work out how to share a view.'],
};

/** The 360-feedback page's directory: colleagues in every region (the region claim restricts it). */
function people(rand: Random): Param[][] {
  const regions = REGIONS.map((r) => r.region);
  return Array.from({ length: 160 }, (_, i) => {
    // Each name once (a directory with two people of one name would be a test of its own).
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[(i + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length];
    return [i + 1, SURVEY_MODULE_ID, `${first} ${last}`, `${first}.${last}.${i + 1}@colleagues.demo.cx`.toLowerCase().replace(/\s+/g, ''), rand.pick(TITLES), rand.pick(TEAMS), regions[i % regions.length]];
  });
}

/** Feedback widget answers of the last four months, most complete, some left after the score. */
function feedback(rand: Random, anchor: Date): Param[][] {
  const drivers = DEFAULT_FEEDBACK_CONFIG.Questions.find((q) => q.type === 'driver')?.properties?.options ?? [];
  return Array.from({ length: 180 }, (_, i) => {
    const at = new Date(anchor.getTime() - rand.int(0, 120) * DAY - rand.int(0, 86_399) * 1000);
    const nps = Math.max(0, Math.min(10, Math.round(8 + rand.normal() * 1.8)));
    const group = npsGroup(nps);
    const completed = rand.chance(0.8);
    const chosen = completed ? [...new Set([rand.pick(drivers), ...(rand.chance(0.4) ? [rand.pick(drivers)] : [])])].join(',') : null;
    const verbatim = completed ? rand.pick(COMMENTS[group]) || null : null;
    const callback = completed && group === 'Detractor' && rand.chance(0.3);
    const user = `u-staff-${String((i % 70) + 1).padStart(3, '0')}`;
    return [crypto.randomUUID(), user, at, at, completed ? 'Completed' : 'Partial', nps, group, null, chosen, verbatim, callback, callback ? `Staff member ${(i % 70) + 1}` : null, null, rand.pick(['/dashboard/overview/', '/content/insights/responses', '/content/cases/cases/New'])];
  });
}

/** The in-portal survey's directory and the feedback widget's earlier answers. */
export async function seedSurveys(db: Db, anchor: Date): Promise<void> {
  const rand = new Random(360);
  await db.insertMany('survey_people', ['id', 'module_id', 'name', 'email', 'job_title', 'inv_group', 'region'], people(rand));
  await db.insertMany(
    'feedback_sessions',
    ['id', 'user_id', 'created_at', 'updated_at', 'status', 'nps', 'nps_group', 'stars', 'drivers', 'verbatim', 'callback_requested', 'callback_name', 'callback_email', 'page'],
    feedback(rand, anchor),
  );
}
