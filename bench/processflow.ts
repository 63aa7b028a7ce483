// npm run bench:processflow - seeds BENCH_RECORDS (default 1,000,000) responses, so about 300,000
// cases, into a fresh DuckDB file, starts the portal in its own process and prints over HTTP the
// median and p95 of: the queue counts, a queue page at the start and deep in a queue, the record
// detail, and an action (a transition with a comment). Goal (issue 15): reads p95 <= 50 ms, an
// action <= 100 ms. It prints figures; no test asserts on them.
import { apiClient, seedFresh, startPortal } from './setup';
import { median, p95 } from './stats';
import { openDb } from '../server/db';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DATA_DIR = '.tmp/bench-processflow';

const line = (label: string, xs: number[]) => console.log(`${label.padEnd(44)} median ${median(xs).toFixed(1)} ms, p95 ${p95(xs).toFixed(1)} ms (${xs.length} runs)`);

async function timed(fn: (i: number) => Promise<unknown>, runs = RUNS): Promise<number[]> {
  await fn(-1);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

const started = performance.now();
await seedFresh(DATA_DIR, RECORDS, new Date());
const db = await openDb({ DATA_DIR });
const [{ n: cases }] = await db.query<{ n: number }>("SELECT count(*) AS n FROM cases WHERE module_id = 'cases'");
const open = await db.query<{ pfo_id: string; source_object_id: number }>(`SELECT pfo_id, source_object_id FROM cases WHERE module_id = 'cases' AND state = 'New' ORDER BY pfo_id LIMIT ${RUNS + 1}`);
await db.close();
console.log(`seeded ${RECORDS.toLocaleString('en')} responses and ${Number(cases).toLocaleString('en')} cases in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);

const portal = await startPortal(DATA_DIR);
try {
  const { token, post } = await apiClient(portal.base);
  const get = async (path: string) => {
    const res = await fetch(`${portal.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };
  const PF = '/api/processflow/cases';
  line('queue counts', await timed(() => get(`${PF}/queuecounts`)));
  line('queue page: New, first 20', await timed(() => post(`${PF}/queue/New/PF`, { skip: 0, top: 20 })));
  line('queue page: All, first 100', await timed(() => post(`${PF}/queue/All/PF`, { skip: 0, top: 100 })));
  const deep = Math.max(0, Math.floor(Number(cases) / 2));
  line(`queue page: All, 100 at case ${deep.toLocaleString('en')}`, await timed(() => post(`${PF}/queue/All/PF`, { skip: deep, top: 100 })));
  line('record detail', await timed((i) => get(`${PF}/processFlowObject/${open[Math.max(0, i)].source_object_id}/PF`)));
  line('action: a transition with a comment', await timed((i) => post(`${PF}/processFlowObject/action/${open[i + 1].pfo_id}`, { actionName: 'Start work', comment: 'Calling the customer.' })));
} finally {
  portal.stop();
}
