import type { Db, Queryable } from '../db';
import { inTurn } from '../db/turns';
import { rolesOf } from './users';

const GLOBAL_ADMIN = 'GlobalAdmin';

/** Users holding GlobalAdmin (in their comma list of roles) who are not deactivated. */
async function activeGlobalAdmins(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number | bigint }>(
    `SELECT COUNT(*) AS n FROM users u LEFT JOIN user_status st ON st.user_id = u.id
     WHERE (st.active IS NULL OR st.active) AND (',' || replace(u.role, ' ', '') || ',') LIKE $1`,
    [`%,${GLOBAL_ADMIN},%`],
  );
  return Number(row.n);
}

/**
 * Runs `change` to `user` (a deactivation, a delete, a new set of roles) inside the caller's
 * transaction, refusing it when it leaves no active GlobalAdmin: the portal's set-up works on an
 * empty portal only, so nobody could administer it again. Changes to GlobalAdmins take turns
 * (advisory lock on PostgreSQL, the one writer on DuckDB): of two racing ones, the second counts
 * after the first.
 */
export async function keepingAGlobalAdmin<T>(
  db: Db,
  q: Queryable,
  user: { user_name: string; role: string; active: boolean },
  change: () => Promise<T>,
  refuse: (message: string) => Error,
): Promise<T> {
  const wasAdmin = user.active && rolesOf(user).includes(GLOBAL_ADMIN);
  if (wasAdmin) await inTurn(db, q, 'global-admins');
  const result = await change();
  if (wasAdmin && (await activeGlobalAdmins(q)) === 0) {
    throw refuse(`${user.user_name} is the last active GlobalAdmin: deactivating, deleting or removing the role would leave nobody to administer the portal. Make another user a GlobalAdmin first.`);
  }
  return result;
}
