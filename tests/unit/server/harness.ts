import pg from 'pg';
import { createApp } from '../../../server/app';
import { openDuckDb } from '../../../server/db/duckdb';
import { openPostgres } from '../../../server/db/postgres';
import { migrate } from '../../../server/db/migrate';
import { seed, seedEmpty } from '../../../server/seed';
import { DEMO_PASSWORD } from '../../../server/seed/people';
import type { Db } from '../../../server/db';
import type { Deps } from '../../../server/context';

/** The day the test data ends; tests move `clock` to test expiry and lockout. */
export const ANCHOR = new Date('2026-11-20T00:00:00Z');

/** The engine under test: PostgreSQL in the `server-pg` project (a fresh database per file), else in-memory DuckDB. */
export const ENGINE = process.env.CX_TEST_ENGINE === 'postgres' ? 'postgres' : 'duckdb';

/** An empty database of the engine under test. */
export async function freshDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (ENGINE === 'duckdb') return openDuckDb(':memory:');
  if (!url) throw new Error('CX_TEST_ENGINE=postgres needs TEST_DATABASE_URL (tests/tools/postgres.sh start sets it).');
  return openPostgres(await freshPostgresUrl(url));
}

/** A new, empty database in the PostgreSQL cluster at `url`: its address. */
export async function freshPostgresUrl(url: string): Promise<string> {
  const name = `cx_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read field by field in assertions */
export interface Harness {
  db: Db;
  clock: { now: Date };
  call: (method: string, path: string, options?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> }) => Promise<{ status: number; body: any; headers: Headers }>;
  signIn: (email: string, password?: string) => Promise<string>;
  /** The raw response, for bodies that are not JSON (downloads). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A fresh, migrated database seeded with `records` responses (or `'empty'`: an empty portal, PORTAL_START=empty), and a clock at noon of the anchor day. */
export async function seededDb(records: number | 'empty'): Promise<{ db: Db; clock: { now: Date } }> {
  const db = await freshDb();
  await migrate(db);
  await (records === 'empty' ? seedEmpty(db) : seed(db, { records, anchor: ANCHOR }));
  return { db, clock: { now: new Date(ANCHOR.getTime() + 12 * 3_600_000) } };
}

/** A migrated, seeded database and the app over it, called through `app.request()`. */
export async function harness(records = 3000, extra: Partial<Deps> = {}): Promise<Harness> {
  const { db, clock } = await seededDb(records);
  const app = createApp({ deps: { db, secret: 'test-secret-that-is-long-enough', now: () => clock.now, failureDelayMs: 0, ...extra } });

  const call: Harness['call'] = async (method, path, { body, token, raw, headers = {} } = {}) => {
    const res = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/api/identity/token', { body: { username: email, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(res.body)}`);
    return res.body.content.access_token as string;
  };

  return { db, clock, call, signIn, fetch: async (path, init) => app.request(path, init), close: () => db.close() };
}

/** A harness and the two users most server tests act as: a portal user and the manager who sees only North. */
export async function harnessWithUsers(records: number, extra: Partial<Deps> = {}): Promise<{ h: Harness; user: string; north: string }> {
  const h = await harness(records, extra);
  const [user, north] = await Promise.all([h.signIn('portaluser@demo.cx'), h.signIn('north.manager@demo.cx')]);
  return { h, user, north };
}
