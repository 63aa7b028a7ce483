// Shared set-up of the server-side benchmarks: a freshly seeded DuckDB file and a free port.
export { freePort } from '../server/cluster/ports';
import { freePort } from '../server/cluster/ports';
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';

/** Seeds `records` responses ending at `anchor` into a new database in `dir`; prints the time it took. */
export async function seedFresh(dir: string, records: number, anchor: Date): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const started = Date.now();
  const db = await openDb({ DATA_DIR: dir });
  await migrate(db);
  await seed(db, { records, anchor, onProgress: (n) => process.stdout.write(`\rseeding ${n.toLocaleString('en')}`) });
  await db.close();
  console.log(`\nseeded ${records.toLocaleString('en')} responses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Starts `script` (the portal by default) on a free port over the database in `dataDir`, in its own
 * process group (npx runs it as a grandchild), and resolves once it prints `readyText`.
 */
export async function startPortal(dataDir: string, script = 'server/start.ts', readyText = 'CX portal on'): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn('npx', ['tsx', script], {
    // The engine's own speed: the query cache is off unless the caller's environment turns it on.
    env: { CX_QUERY_CACHE_MS: '0', ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d) => String(d).includes(readyText) && resolve()));
  return { base: `http://127.0.0.1:${port}`, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

/** Signs in over HTTP and returns a JSON POST with the bearer token. */
export async function apiClient(base: string, user = 'portaluser@demo.cx', password = 'Demo-2345!') {
  const signIn = await fetch(`${base}/api/identity/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password }) });
  const token = ((await signIn.json()) as { content: { access_token: string } }).content.access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  const post = async (path: string, body: unknown): Promise<any> => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { token, post };
}
