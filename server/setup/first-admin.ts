import type { Db, Queryable } from '../db';
import type { PasswordHasher } from '../auth/password';
import { passwordProblem } from '../auth/password';
import { isUniqueViolation } from '../db/types';
import { findUserById, type UserRow } from '../identity/users';
import { z } from '../http/validate';

/**
 * Every first administrator takes this id: of two set-ups at once (two requests, two processes
 * starting with ADMIN_EMAIL) the key lets exactly one in, on either engine, whatever each saw.
 */
export const FIRST_ADMIN_ID = 'u-first-admin';

/** What the set-up screen (and ADMIN_NAME, ADMIN_EMAIL, ADMIN_PASSWORD) give: checked as the user screens check them. */
export const firstAdminInput = z.object({
  name: z.string({ message: 'Enter your name.' }).trim().min(1, 'Enter your name.').max(200),
  // User names are e-mail addresses, stored in lower case, as the user screens store them.
  email: z.string({ message: 'Enter a valid e-mail address.' }).trim().email('Enter a valid e-mail address.').max(256).transform((e) => e.toLowerCase()),
  password: z.string({ message: 'Enter a password.' }).max(1024).superRefine((p, ctx) => {
    const problem = passwordProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type FirstAdmin = z.infer<typeof firstAdminInput>;

/** True while the portal has no user at all: only then may anyone make the first administrator. */
export async function setupNeeded(q: Queryable): Promise<boolean> {
  const [row] = await q.query('SELECT 1 AS found FROM users LIMIT 1');
  return !row;
}

/** "Grace Hopper" -> first name Grace, last name Hopper; one word is a first name alone. */
const nameParts = (name: string): [string, string] => {
  const [first, ...rest] = name.split(/\s+/);
  return [first, rest.join(' ')];
};

/**
 * Creates the first administrator (GlobalAdmin) while no user exists; undefined when one does,
 * also when a racing set-up got there first. `passwordHash` is made before: no hashing in the write.
 */
export async function createFirstAdmin(db: Db, admin: FirstAdmin, passwordHash: string, now: Date): Promise<UserRow | undefined> {
  const [first, last] = nameParts(admin.name);
  try {
    const created = await db.tx((q) =>
      q.query(
        `INSERT INTO users (id, user_name, email, first_name, last_name, phone_number, company, role, password_hash, created_on,
           change_password_on_next_login, can_manage_app_registrations, failed_sign_ins, locked_until)
         SELECT $1, $2, $2, $3, $4, NULL, NULL, 'GlobalAdmin', $5, CAST($6 AS TIMESTAMP), false, true, 0, NULL
         WHERE NOT EXISTS (SELECT 1 FROM users) RETURNING id`,
        [FIRST_ADMIN_ID, admin.email, first, last, passwordHash, now],
      ),
    );
    return created.length ? findUserById(db, FIRST_ADMIN_ID) : undefined;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The same, for automation: hashes with `hasher` and says whether it made the administrator. */
export async function ensureFirstAdmin(db: Db, hasher: Pick<PasswordHasher, 'hash'>, admin: FirstAdmin, now = new Date()): Promise<boolean> {
  if (!(await setupNeeded(db))) return false;
  return (await createFirstAdmin(db, admin, await hasher.hash(admin.password), now)) !== undefined;
}
