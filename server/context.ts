import type { Db } from './db';
import type { Principal } from './auth/tokens';
import { scryptHasher, type PasswordHasher } from './auth/password';
import { reviewProviders, type ReviewProviders } from './reviews/providers';

/** What every route handler can reach: the database, the signing secret and the clock. */
export interface Deps {
  db: Db;
  secret: string;
  now: () => Date;
  /** Serve the queued e-mails at GET /api/dev/mail (MAIL_OUTBOX_API=1; demos and tests only). */
  exposeMailOutbox?: boolean;
  /** Where export files go (under `exports/`); a fresh temporary directory when unset. */
  dataDir?: string;
  /** Password hashing (scrypt unless a test counts the checks). */
  hasher?: PasswordHasher;
  /** How long a wrong password waits before its answer (default 1 s; slows guessing one by one). */
  failureDelayMs?: number;
  /** Behind a load balancer (TRUST_PROXY=1): the client is the last X-Forwarded-For address. */
  trustProxy?: boolean;
  /** Origins that may call the API and frame the portal (EMBED_ORIGINS). */
  embedOrigins?: string[];
  /** The secret partners sign embed requests with (EMBED_SECRET); without it signed embedding is off. */
  embedSecret?: string;
  /** The portal's address in links sent by e-mail (PUBLIC_ORIGIN); else the request's own origin. */
  publicOrigin?: string;
  /** Where reviews come from and replies go (the local provider, and Google when GOOGLE_* is set). */
  reviews?: ReviewProviders;
}

export const FAILURE_DELAY_MS = 1000;

export type ResolvedDeps = Deps & Required<Pick<Deps, 'hasher' | 'failureDelayMs' | 'reviews'>>;

export const resolveDeps = (deps: Deps): ResolvedDeps => ({
  ...deps,
  hasher: deps.hasher ?? scryptHasher,
  failureDelayMs: deps.failureDelayMs ?? FAILURE_DELAY_MS,
  reviews: deps.reviews ?? reviewProviders(deps.secret),
});

export type Env = { Variables: { user: Principal; deps: ResolvedDeps } };
