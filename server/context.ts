import type { Db } from './db';
import type { Principal } from './auth/tokens';

/** What every route handler can reach: the database, the signing secret and the clock. */
export interface Deps {
  db: Db;
  secret: string;
  now: () => Date;
  /** Serve the queued e-mails at GET /api/dev/mail (MAIL_OUTBOX_API=1; demos and tests only). */
  exposeMailOutbox?: boolean;
  /** Where export files go (under `exports/`); a fresh temporary directory when unset. */
  dataDir?: string;
}

export type Env = { Variables: { user: Principal; deps: Deps } };
