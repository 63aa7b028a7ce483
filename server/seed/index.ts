import type { Db } from '../db';
import { seedPeople } from './people';
import { seedDemoNavigation, seedStructure } from './portal';
import { seedDashboards } from './dashboards';
import { seedResponses } from './responses';
import { seedCases } from './cases';
import { seedReviews } from './reviews';
import { seedSurveys } from './surveys';
import { seedEditorSurveys } from './editor-surveys';
import { BUILTIN_SOURCES } from '../datasources/builtin';

export const DEFAULT_RECORDS = 20_000;
const MAX_SEEDED_REVIEWS = 1_000_000;

export interface SeedOptions {
  records?: number;
  /** The last day of the two years of responses; the same records and anchor give the same rows. */
  anchor?: Date;
  onProgress?: (done: number) => void;
  /** Seed the feedback widget switched on (the default) or off. */
  feedbackWidget?: boolean;
}

/** True when the database holds no seeded data yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM roles');
  return row.n === 0;
}

/** Seeds the demo, everything, into an empty, migrated database. */
export async function seed(db: Db, { records = DEFAULT_RECORDS, anchor = new Date(), onProgress, feedbackWidget }: SeedOptions = {}): Promise<void> {
  await seedStructure(db, { feedbackWidget });
  await seedDemoNavigation(db);
  await seedDashboards(db, anchor);
  await seedPeople(db, anchor);
  await seedResponses(db, records, anchor, onProgress);
  await seedCases(db, anchor);
  // A public review for about every tenth survey response (at least 400, so a small seed has a feed;
  // at most a million, as ten million responses give: a store's reviews are a feed, not a data set).
  await seedReviews(db, Math.min(MAX_SEEDED_REVIEWS, Math.max(400, Math.round(records / 10))), anchor);
  await seedSurveys(db, anchor);
  await seedEditorSurveys(db, anchor);
}

/** Seeds an empty portal (PORTAL_START=empty): only what it needs to work, no demo users, data or dashboards. */
export const seedEmpty = (db: Db, { feedbackWidget }: Pick<SeedOptions, 'feedbackWidget'> = {}) => seedStructure(db, { feedbackWidget });

/** Empties every seeded table (for `npm run seed`, which replaces the data). */
export async function clear(db: Db): Promise<void> {
  const tables = ['alert_firings', 'alerts', 'operations_log', 'recovery_answers', 'survey_answers', 'surveys', 'feedback_sessions', 'feedback_suppressions', 'survey_invites', 'survey_people', 'social_tokens', 'review_sync', 'reviews', 'notifications', 'case_reads', 'case_tags', 'case_history', 'cases', 'favourites', 'dashboards', 'telemetry_events', 'responses', 'user_state', 'user_preferences', 'client_plugins', 'nav_items', 'modules', 'content_profiles', 'locale_strings', 'settings',
    'trial_requests', 'mail_outbox', 'app_registrations', 'one_time_tokens', 'refresh_tokens', 'user_status', 'group_external', 'group_members', 'groups', 'user_claims', 'users', 'roles'];
  for (const t of tables) await db.query(`DELETE FROM ${t}`);
  // What the text analysis read of the built-in sources' rows: re-seeded rows reuse their ids and would
  // look analysed. An imported source keeps its rows, and with them its analysis and taxonomy.
  const builtin = BUILTIN_SOURCES.map((s) => s.moduleId);
  for (const t of ['text_topic_hits', 'text_analysis', 'text_backfills', 'text_topics', 'text_models']) {
    await db.query(`DELETE FROM ${t} WHERE source_id IN (${builtin.map((_, i) => `$${i + 1}`).join(', ')})`, builtin);
  }
}
