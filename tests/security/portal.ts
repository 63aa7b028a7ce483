import { vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { scryptHasher } from '../../server/auth/password';
import type { Db } from '../../server/db';
import type { Deps } from '../../server/context';
import { seededDb } from '../unit/server/harness';
import { routesOf, type RouteInfo } from './junk';
import { call as callAt, signIn as signInAt, type CallOptions, type Reply } from '../tools/http';

export type { CallOptions, Reply } from '../tools/http';

export interface Portal {
  origin: string;
  db: Db;
  clock: { now: Date };
  /** How many password checks (scrypt verifications) the server has run. */
  verifications: { count: number };
  /** Every API route the app registers. */
  routes: RouteInfo[];
  call: (method: string, path: string, options?: CallOptions) => Promise<Reply>;
  /** Signs in with a password; the answer's access and refresh tokens. */
  signIn: (email: string, password?: string, from?: string) => Promise<{ access: string; refresh: string }>;
  /** The e-mails that were sent to `recipient`, newest first. */
  mails: (recipient: string) => Promise<Array<{ subject: string; body: string }>>;
  close: () => Promise<void>;
}

/**
 * The real server (the same `createApp` that `npm start` serves) on a real socket over a freshly
 * seeded database (`'empty'`: an empty portal, as PORTAL_START=empty starts it), called over HTTP.
 * Tests move `clock` for lockouts and expiry.
 */
export async function startPortal(records: number | 'empty' = 200, extra: Partial<Deps> | ((origin: string) => Partial<Deps>) = {}): Promise<Portal> {
  const { db, clock } = await seededDb(records);
  const verifications = { count: 0 };
  const hasher = {
    hash: scryptHasher.hash,
    verify: (password: string, stored: string | null | undefined) => {
      verifications.count++;
      return scryptHasher.verify(password, stored);
    },
  };
  // The app is made once the port is known: `extra` may depend on the origin (PUBLIC_ORIGIN = itself, for single sign-on).
  const late: { app?: ReturnType<typeof createApp> } = {};
  const server = serve({ fetch: (...args: Parameters<ReturnType<typeof createApp>['fetch']>) => late.app!.fetch(...args), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const app = (late.app = createApp({ deps: { db, secret: 'security-suite-secret-long-enough', now: () => clock.now, hasher, failureDelayMs: 0, ...(typeof extra === 'function' ? extra(origin) : extra) } }));

  const call: Portal['call'] = (method, path, options) => callAt(origin, method, path, options);
  const signIn: Portal['signIn'] = (email, password = DEMO_PASSWORD, from) => signInAt(origin, email, password, from);

  const mails: Portal['mails'] = (recipient) =>
    db.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC, id', [recipient]);

  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  };
  return { origin, db, clock, verifications, routes: routesOf(app as never), call, signIn, mails, close };
}

/**
 * The link token of the newest e-mail to `recipient` that carries one. Reset mail is sent after the
 * answer, so this waits until `atLeast` such e-mails have arrived.
 */
export async function linkToken(portal: Portal, recipient: string, atLeast = 1): Promise<string> {
  return vi.waitFor(
    async () => {
      const links = (await portal.mails(recipient)).filter((m) => /\/(resetPassword|userCreation)\//.test(m.body));
      const mail = links.length >= atLeast ? links[0] : undefined;
      if (!mail) throw new Error(`no link was mailed to ${recipient}`);
      return /\/(?:resetPassword|userCreation)\/([\w-]+)/.exec(mail.body)![1];
    },
    { timeout: 30_000, interval: 20 },
  );
}

/** The same request `n` times at once. */
export const inParallel = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
