// The engine floor of an API call: the SQL the server runs for it, recorded by calling the route in
// this process over the same database file, then run directly on the engine as the route runs it
// (its statements at once), with no HTTP, JSON or route code around it. DuckDB lets one process open
// a file: a server's file is measured through a copy.
import { createApp } from '../server/app';
import { openDb, type Param, type Queryable } from '../server/db';
import { DEMO_PASSWORD } from '../server/seed/people';

interface Statement {
  sql: string;
  params: readonly Param[];
}

export interface Floor {
  /** The route's analytics statements, recorded on a warm call. */
  statements: (path: string, body: unknown) => Promise<Statement[]>;
  /** Runs `statements` directly, all at once as a route does. */
  run: (statements: Statement[]) => Promise<unknown>;
  close: () => Promise<void>;
}

export async function openFloor(dataDir: string, user = 'portaluser@demo.cx'): Promise<Floor> {
  const db = await openDb({ DATA_DIR: dataDir, CX_QUERY_CACHE_MS: '0' });
  let recording: Statement[] | undefined;
  const analytics: Queryable = {
    query: (sql, params = []) => {
      recording?.push({ sql, params });
      return db.analytics.query(sql, params);
    },
  };
  const app = createApp({ deps: { db: { ...db, analytics }, secret: 'bench-floor-secret-long-enough', now: () => new Date(), failureDelayMs: 0 } });
  const signIn = await app.request('/api/identity/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password: DEMO_PASSWORD }) });
  const token = ((await signIn.json()) as { content: { access_token: string } }).content.access_token;
  const call = async (path: string, body: unknown) => {
    const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  return {
    async statements(path, body) {
      await call(path, body); // warm: samples and caches built as the server's would be
      recording = [];
      await call(path, body);
      const got = recording;
      recording = undefined;
      return got;
    },
    run: (statements) => Promise.all(statements.map((s) => db.analytics.query(s.sql, s.params))),
    close: () => db.close(),
  };
}
