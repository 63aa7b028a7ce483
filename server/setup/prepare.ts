import type { Db } from '../db';
import { scryptHasher } from '../auth/password';
import { isEmpty, seed, seedEmpty } from '../seed';
import { ensureFirstAdmin, firstAdminInput, setupNeeded, type FirstAdmin } from './first-admin';

/** How a new database starts (PORTAL_START): the demo retail chain (the default) or an empty portal. */
export type StartMode = 'demo' | 'empty';

export function startMode(env: NodeJS.ProcessEnv): StartMode {
  const given = (env.PORTAL_START ?? '').trim().toLowerCase();
  if (given === '' || given === 'demo') return 'demo';
  if (given === 'empty') return 'empty';
  throw new Error(`PORTAL_START is "${env.PORTAL_START}": use demo (the default) or empty.`);
}

/** The administrator ADMIN_EMAIL and ADMIN_PASSWORD (and ADMIN_NAME) ask for, checked as the set-up screen checks it. */
export function adminFromEnv(env: NodeJS.ProcessEnv): FirstAdmin | undefined {
  if (!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) return undefined;
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD (and optionally ADMIN_NAME) to create the first administrator.');
  const parsed = firstAdminInput.safeParse({ name: env.ADMIN_NAME || 'Administrator', email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `ADMIN_${String(i.path[0]).toUpperCase()}: ${i.message}`);
  throw new Error(`The first administrator cannot be created: ${problems.join(' ')}`);
}

/**
 * What `npm start` and the cluster launcher do to a migrated database before serving: a database
 * never seeded gets the demo or, with PORTAL_START=empty, only what a portal needs; then the
 * administrator of ADMIN_EMAIL when the portal has no user yet. Settings are checked first, so a
 * mistyped one stops the start before anything is written.
 */
export async function prepareDatabase(db: Db, env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<{ mode: StartMode; setupNeeded: boolean }> {
  const mode = startMode(env);
  const admin = adminFromEnv(env);
  if (await isEmpty(db)) {
    const started = Date.now();
    // SEED_FEEDBACK_WIDGET=off seeds the widget switched off (the end-to-end tests switch it on where they test it).
    const feedbackWidget = env.SEED_FEEDBACK_WIDGET !== 'off';
    await (mode === 'empty' ? seedEmpty(db, { feedbackWidget }) : seed(db, { feedbackWidget }));
    log(`Seeded ${mode === 'empty' ? 'an empty portal' : 'the demo'} into the ${db.engine} database in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  if (admin && (await ensureFirstAdmin(db, scryptHasher, admin))) log(`Created the first administrator, ${admin.email}.`);
  return { mode, setupNeeded: await setupNeeded(db) };
}
