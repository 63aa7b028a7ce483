import type { Db } from './db';
import type { Principal } from './auth/tokens';

/** What every route handler can reach: the database, the signing secret and the clock. */
export interface Deps {
  db: Db;
  secret: string;
  now: () => Date;
}

export type Env = { Variables: { user: Principal; deps: Deps } };
