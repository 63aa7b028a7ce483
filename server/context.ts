import type { Db } from './db';
import type { Principal } from './auth/tokens';
import { availableParallelism } from 'node:os';
import { scryptHasher, type PasswordHasher } from './auth/password';
import { HashQueue, queuedHasher } from './auth/hash-queue';
import { reviewProviders, type ReviewProviders } from './reviews/providers';
import type { SubmissionLimits } from './http/rate-counts';
import type { PreviewLimits } from './datasources/limits';

/** What every route handler can reach: the database, the signing secret and the clock. */
export interface Deps {
  db: Db;
  secret: string;
  now: () => Date;
  /** Serve the queued e-mails at GET /api/dev/mail (MAIL_OUTBOX_API=1; demos and tests only). */
  exposeMailOutbox?: boolean;
  /** Operations may read the case clocks as of a later time (CASE_CLOCK_AT=1; end-to-end tests only). */
  caseClockAt?: boolean;
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
  /** The portal's address in links sent by e-mail (PUBLIC_ORIGIN); else `localOrigin()`, never a request's Host. */
  publicOrigin?: string;
  /** Where reviews come from and replies go (the local provider, and Google when GOOGLE_* is set). */
  reviews?: ReviewProviders;
  /** Lower limits of survey answers and feedback than the defaults (tests). */
  submissionLimits?: Partial<SubmissionLimits>;
  /** Other limits of data-source previews than the defaults (tests; DATASOURCE_MAX_BYTES sets the size). */
  datasourceLimits?: Partial<PreviewLimits>;
}

export const FAILURE_DELAY_MS = 1000;

/** E-mailed links' origin without PUBLIC_ORIGIN: this machine at the configured port, never a request's Host. */
export const localOrigin = (port: string | number = process.env.PORT ?? 8080) => `http://localhost:${port}`;

export type ResolvedDeps = Deps & Required<Pick<Deps, 'hasher' | 'failureDelayMs' | 'reviews' | 'publicOrigin'>>;

/**
 * Hashes at once: all cores but one (the API keeps a core); waiting: about 3.5 s of hashing
 * (32 x 110 ms) before a sign-in is refused with a 503. HASH_CONCURRENCY and HASH_QUEUE_MAX set them.
 */
const hashQueue = () =>
  new HashQueue(Number(process.env.HASH_CONCURRENCY) || Math.max(1, availableParallelism() - 1), Number(process.env.HASH_QUEUE_MAX) || 32);

export const resolveDeps = (deps: Deps): ResolvedDeps => ({
  ...deps,
  hasher: deps.hasher ?? queuedHasher(scryptHasher, hashQueue()),
  failureDelayMs: deps.failureDelayMs ?? FAILURE_DELAY_MS,
  reviews: deps.reviews ?? reviewProviders(deps.secret),
  publicOrigin: deps.publicOrigin ?? localOrigin(),
});

export type Env = { Variables: { user: Principal; deps: ResolvedDeps } };
