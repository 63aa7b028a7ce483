// npm run bench:viewer - seeds BENCH_RECORDS (default 1,000,000) responses into a fresh DuckDB file,
// starts the portal in its own process and prints, in one run:
//  - the pivot (rows Region > Store, columns Channel, measures average NPS and count, with totals)
//    over HTTP, against the same pivot of the same rows computed in this Node process by
//    react-pivottable's PivotData and by @finos/perspective (in a worker thread, within a budget), with the ratios;
//  - the filter bar's counts over HTTP, against value counts by both (3 of the server's 6 dimensions);
//  - the records block fetch (100 rows, newest first) at several depths: median and p95;
//  - .xlsx exports of 100,000 and 1,000,000 rows: writing, downloading, size, server memory.
// It prints figures; no test asserts on them.
import PivotUtilities from 'react-pivottable/Utilities.js';
import { apiClient, seedFresh, startPortal } from './setup';
import { fmt, median, ms, p95, timed as timedRuns } from './stats';
import { openDb } from '../server/db';
import { rssMb } from './setup';
import { perspectiveRuns } from './perspective';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DATA_DIR = '.tmp/bench-viewer';
const EXPORT_SIZES = [100_000, 1_000_000].filter((n) => n <= RECORDS);
/** Times `fn` RUNS times (or `runs`) after one warm-up run. */
const timed = (fn: () => Promise<unknown> | unknown, runs = RUNS) => timedRuns(fn, runs);

type Row = { Id: number; Region: string; Store: string; Channel: string; NPS: number };
/** The filter dimensions in the rows the peers hold. */
const COUNTED = ['Region', 'Store', 'Channel'];

/** How long Perspective may take in all (PSP_BUDGET_S, default 10 minutes) before the bench ends it and says how far it got. */
const PSP_BUDGET_MS = Number(process.env.PSP_BUDGET_S ?? 600) * 1000;

/**
 * Runs of the in-process peers: RUNS at a million rows; above that three, and Perspective's table
 * loaded once and pivoted once after its first (one load of ten million rows and its pivots took
 * most of an hour on a slow machine).
 */
const PEER_RUNS = RECORDS > 1_000_000 ? 3 : RUNS;
const PSP_LOADS = RECORDS > 1_000_000 ? 1 : 3;
const PSP_RUNS = RECORDS > 1_000_000 ? 1 : RUNS;

await seedFresh(DATA_DIR, RECORDS, new Date());

// The rows the in-process engines pivot: read once, before the server takes the database file.
const db = await openDb({ DATA_DIR });
const rows = await db.query<Row>('SELECT id AS "Id", region AS "Region", store AS "Store", channel AS "Channel", nps AS "NPS" FROM responses');
await db.close();
console.log(`read ${rows.length.toLocaleString('en')} rows for the in-process engines`);

const portal = await startPortal(DATA_DIR);
const base = portal.base;

try {
  const { post } = await apiClient(base);

  // 1. The pivot.
  const pivot = { smartFilters: [], measureKeys: ['AvgNPS', 'InternalRecordCount'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] };
  let cells = 0;
  const http = await timed(async () => {
    const d: { data: Array<{ Children: unknown[] }>; columns: string[] } = await post('/api/dataviewer/analytics/data/responses/default', pivot);
    cells = d.data.reduce((n, r) => n + 1 + r.Children.length, 0) * d.columns.length;
  });
  console.log(`\npivot over HTTP (server SQL with GROUPING SETS: every level, row and column totals, grand total; ${cells.toLocaleString('en')} row-column cells): ${fmt(http)}`);
  // The filter bar's counts over every row: six dimensions, each value's count.
  const everyDate = [{ filterKey: 'ResponseDate', filterValue: '2000-01-01', filterValueUpperBound: '2100-01-01', filterDataType: 'DateTime' }];
  const filtersHttp = await timed(() => post('/api/smartdata/filters/responses', { smartFilters: everyDate, smartDataTags: ['Core'] }));
  console.log(`filter counts over HTTP (6 dimensions, every value's count, all ${RECORDS.toLocaleString('en')} rows): ${fmt(filtersHttp)}`);

  // 2. Records blocks at depth.
  console.log('');
  for (const skip of [0, 10_000, 100_000, Math.floor(RECORDS / 2), RECORDS - 100].filter((s) => s >= 0 && s < RECORDS)) {
    const times = await timed(() => post('/api/dataviewer/data/responses/default', { skip, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC', smartFilters: [] }), 15);
    console.log(`records block of 100 at row ${skip.toLocaleString('en')}: median ${ms(median(times))}, p95 ${ms(p95(times))} (15 runs)`);
  }

  // 3. Export: 100,000 rows three times, then a million (a workbook's limit is 1,048,575) once,
  // with the server's resident memory sampled while it writes.
  for (const rows of EXPORT_SIZES) {
    const body = { ExportCols: ['Id', 'ResponseDate', 'Region', 'Store', 'Channel', 'NPS', 'NPSGroup', 'Stars', 'Verbatim', 'CustomerName'], SmartDataSelection: { smartFilters: [{ filterKey: 'Id', filterValue: 1, filterValueUpperBound: rows }] }, SortBy: null };
    const write: number[] = [];
    const download: number[] = [];
    let bytes = 0;
    let peak = 0;
    const memory = setInterval(() => (peak = Math.max(peak, rssMb(portal.pid))), 200);
    for (let i = 0; i < (rows > 100_000 ? 1 : 3); i++) {
      let t = performance.now();
      const answer: { exportId: string; name: string } = await post('/api/dataviewer/exporttoexcel/?moduleId=responses&profile=default&dateTime=bench', body);
      write.push(performance.now() - t);
      t = performance.now();
      const file = await fetch(`${base}/api/dataviewer/downloadexport/?exportId=${answer.exportId}&name=${answer.name}`);
      bytes = (await file.arrayBuffer()).byteLength;
      download.push(performance.now() - t);
    }
    clearInterval(memory);
    console.log(`\nxlsx export of ${rows.toLocaleString('en')} rows x ${body.ExportCols.length} columns (SpreadsheetML streamed into a zip): write ${fmt(write)}; download ${fmt(download)}; ${(bytes / 1_048_576).toFixed(1)} MB; server memory peak ${peak.toFixed(0)} MB`);
  }

  // The engines in this process last: while they compute, the server's idle keep-alive sockets close.
  const { PivotData } = PivotUtilities;
  const rpt = await timed(() => {
    // One PivotData per measure: react-pivottable computes one aggregator at a time.
    for (const aggregatorName of ['Average', 'Count']) {
      const pd = new PivotData({ data: rows, rows: ['Region', 'Store'], cols: ['Channel'], aggregatorName, vals: ['NPS'] });
      pd.getRowKeys();
      pd.getColKeys();
      pd.getAggregator([], []).value();
    }
  }, PEER_RUNS);
  console.log(`\nreact-pivottable PivotData (in memory, leaf rows + totals only, no Region subtotals): ${fmt(rpt)}`);

  const h = median(http);
  console.log(`ratio to the HTTP pivot: react-pivottable ${(median(rpt) / h).toFixed(1)}x`);
  // The peers count three of the server's six dimensions (the ones in the rows they hold): in their favour.
  const rptCounts = await timed(() => {
    for (const dimension of COUNTED) {
      const pd = new PivotData({ data: rows, rows: [dimension], cols: [], aggregatorName: 'Count' });
      for (const key of pd.getRowKeys()) pd.getAggregator(key, []).value();
    }
  }, PEER_RUNS);
  console.log(`react-pivottable filter counts (${COUNTED.join(', ')}: 3 of the 6): ${fmt(rptCounts)}; ratio to the HTTP counts ${(median(rptCounts) / median(filtersHttp)).toFixed(1)}x`);
  // In a worker thread, within a budget. Run in this thread, its pivot of ten million rows never
  // settled (23 minutes, then stopped by hand): its WebAssembly held the thread, so no timer could
  // end it, and its failure was thrown where no promise caught it. A worker's failure ends the worker.
  const big = rows.length > 1_000_000;
  const secs = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const psp = await perspectiveRuns(rows, {
    numbers: ['Id', 'NPS'],
    texts: ['Region', 'Store', 'Channel'],
    counted: COUNTED,
    loads: PSP_LOADS,
    runs: PSP_RUNS,
    budgetMs: PSP_BUDGET_MS,
    onProgress: (n, t) => big && console.log(`  @finos/perspective: ${n.toLocaleString('en')} of ${rows.length.toLocaleString('en')} rows loaded after ${secs(t)}`),
  });
  const load = psp.loads.length ? median(psp.loads) : undefined;
  if (load !== undefined) console.log(`@finos/perspective (WebAssembly in a worker thread, every level + totals): table load ${fmt(psp.loads)}`);
  if (psp.firstPivot !== undefined) console.log(`@finos/perspective first pivot ${ms(psp.firstPivot)}${psp.pivots.length ? `; then ${fmt(psp.pivots)}` : ''}`);
  const pspPivot = psp.pivots.length ? median(psp.pivots) : psp.firstPivot;
  if (pspPivot !== undefined) console.log(`ratios to the HTTP pivot: perspective pivot ${(pspPivot / h).toFixed(1)}x, perspective load + pivot ${(((load ?? 0) + pspPivot) / h).toFixed(1)}x`);
  if (psp.counts.length) console.log(`@finos/perspective filter counts (3 of the 6): ${fmt(psp.counts)}; ratio to the HTTP counts ${(median(psp.counts) / median(filtersHttp)).toFixed(1)}x`);
  // Stopped or failed, what it was doing had taken at least the time since its last figure, with no answer: a lower bound.
  const unfinished = psp.failed ?? psp.stopped;
  if (psp.failed) {
    // Its WebAssembly past 2 GB breaks its own answers (perspective-dev/perspective#3050): said, not hidden.
    const { error, doing, forMs, afterMs } = psp.failed;
    console.log(`@finos/perspective failed ${secs(forMs)} into ${doing} (${secs(afterMs)} after it started), with no answer: ${error}`);
  }
  if (psp.stopped) {
    const { doing, forMs, afterMs } = psp.stopped;
    console.log(`@finos/perspective was ended after ${secs(afterMs)} (PSP_BUDGET_S=${PSP_BUDGET_MS / 1000}), ${secs(forMs)} into ${doing}`);
  }
  if (unfinished && pspPivot === undefined) {
    const pivoting = unfinished.doing === 'its first pivot' ? unfinished.forMs : 0;
    const more = (x: number) => `more than ${(x / h).toFixed(0)}x`;
    console.log(`ratios to the HTTP pivot: perspective load + pivot ${more((load ?? unfinished.afterMs) + pivoting)}${pivoting ? `, its pivot alone ${more(pivoting)}` : ''}`);
  }
  if (unfinished?.doing === 'the filter counts' && !psp.counts.length) console.log(`ratio to the HTTP counts: perspective more than ${(unfinished.forMs / median(filtersHttp)).toFixed(0)}x (its counts unfinished)`);
  console.log(`(the in-memory engines also need the rows first: ${rows.length.toLocaleString('en')} rows x 5 fields, which the HTTP pivot never sends)`);
} catch (e) {
  console.error('bench:viewer failed:', e);
  process.exitCode = 1;
} finally {
  portal.stop();
  // Perspective's module keeps threads alive: end the process here.
  process.exit();
}
