// Two API processes on one PostgreSQL database behind Debian's HAProxy (npm run cluster's launcher):
// sessions and exports cross processes, and a process killed mid-load costs no request once
// HAProxy's health check has taken it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startCluster, type Cluster } from '../../server/cluster/launch';
import { freePort } from '../../server/cluster/ports';
import { freshPostgresUrl } from '../unit/server/harness';
import { call as callAt, signIn } from '../tools/http';

const JWT_SECRET = 'cluster-test-secret-of-forty-characters!';
let cluster: Cluster;
let token: string;

const direct = (port: number) => `http://127.0.0.1:${port}`;
const call = (base: string, method: string, path: string, body?: unknown) => callAt(base, method, path, { body, token });

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The cluster test needs PostgreSQL: TEST_DATABASE_URL (npm test starts a throwaway cluster).');
  cluster = await startCluster({ processes: 2, port: await freePort(), databaseUrl: await freshPostgresUrl(url), jwtSecret: JWT_SECRET, dir: mkdtempSync(join(tmpdir(), 'cx-cluster-')) });
  token = (await signIn(cluster.base, 'portaladmin@demo.cx')).access;
}, 120_000);
afterAll(() => cluster?.stop(), 30_000);

describe('npm run cluster', () => {
  it('refuses to start a process of several without JWT_SECRET, saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env: { ...process.env, CX_PROCESSES: '2', JWT_SECRET: '', PORT: '1' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('JWT_SECRET is not set: 2 processes would each sign tokens with a key of their own');
  });

  it('takes a session on either process, draws a dashboard, and hands out on one process an export made on the other', async () => {
    const [one, two] = cluster.processes;
    for (const p of cluster.processes) expect((await call(direct(p.port), 'GET', '/api/UserPreferences/get')).status, p.name).toBe(200);
    expect(await cluster.states()).toEqual({ p1: 'UP', p2: 'UP' });

    const visuals = await call(cluster.base, 'POST', '/api/dataviz/visuals/overview/Default', { smartFilters: [] });
    expect(visuals.status).toBe(200);

    const query = '?dateTime=2026-11-20T12-00&moduleId=responses&profile=default';
    const made = await call(direct(one.port), 'POST', `/api/dataviewer/exporttoexcel/${query}`, { ExportCols: ['ResponseDate', 'Region', 'NPS'], SmartDataSelection: { smartFilters: [{ filterKey: 'Region', filterValue: 'North' }] } });
    expect(made.status).toBe(200);
    const download = `/api/dataviewer/downloadexport/?exportId=${made.body.exportId}&name=records`;
    const got = await fetch(`${direct(two.port)}${download}`);
    expect(got.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await got.arrayBuffer());
    const sheet = wb.getWorksheet('Records')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Response date', 'Region', 'Likelihood to recommend']);
    expect(sheet.rowCount).toBeGreaterThan(100);
    expect(new Set(sheet.getColumn(2).values.slice(2))).toEqual(new Set(['North']));
    // Once only, whichever process is asked.
    expect((await fetch(`${direct(one.port)}${download}`)).status).toBe(404);
  });

  it('fails no request after HAProxy takes a killed process out, and keeps every acknowledged write', async () => {
    const results: Array<{ start: number; end: number; ok: boolean; status: number }> = [];
    const saved: string[] = [];
    let stop = false;
    let n = 0;
    const mix = [
      () => call(cluster.base, 'GET', '/api/content'),
      () => call(cluster.base, 'POST', '/api/smartdata/filters/responses', { smartFilters: [{ filterKey: 'Region', filterValue: 'South' }] }),
      () => call(cluster.base, 'POST', '/api/dataviewer/data/responses/default', { skip: 0, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC' }),
      async () => {
        const title = `Load ${++n}`;
        const res = await call(cluster.base, 'POST', '/api/favourites/responses', { title, description: title, payload: JSON.stringify({ smartDataSelection: { smartFilters: [{ filterKey: 'Store', filterValue: title }] } }) });
        if (res.status === 200) saved.push(title);
        return res;
      },
    ];
    const client = async (i: number) => {
      for (let k = i; !stop; k++) {
        const start = Date.now();
        const res = await mix[k % mix.length]().catch(() => ({ status: 0 }));
        results.push({ start, end: Date.now(), ok: res.status === 200, status: res.status });
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i));
    await new Promise((r) => setTimeout(r, 2000));
    const killedAt = Date.now();
    cluster.processes[0].child.kill('SIGKILL');
    while ((await cluster.states()).p1 !== 'DOWN') await new Promise((r) => setTimeout(r, 50));
    const removedAt = Date.now();
    await new Promise((r) => setTimeout(r, 4000));
    stop = true;
    await Promise.all(clients);

    // In flight when the process died, or sent before HAProxy knew: a write there may fail (never twice sent).
    const between = results.filter((r) => r.end >= killedAt && r.start < removedAt);
    const after = results.filter((r) => r.start >= removedAt);
    console.log(
      `cluster: ${results.length} requests; p1 killed, taken out by HAProxy after ${removedAt - killedAt} ms; ` +
        `${between.filter((r) => !r.ok).length} of ${between.length} failed in between (${[...new Set(between.filter((r) => !r.ok).map((r) => r.status))].join(', ') || 'none'}), ` +
        `${after.filter((r) => !r.ok).length} of ${after.length} after; ${saved.length} acknowledged favourites`,
    );
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((r) => !r.ok)).toEqual([]);
    expect(results.filter((r) => r.end < killedAt && !r.ok)).toEqual([]);

    const stored = (await call(cluster.base, 'GET', '/api/favourites/Favourites')).body as Array<{ title: string }>;
    const titles = new Set(stored.map((f) => f.title));
    expect(saved.filter((t) => !titles.has(t))).toEqual([]);
  }, 60_000);
});
