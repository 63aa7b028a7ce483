// Sentiment as a dimension of any source with a verbatim (issue 49): a source imported from a CSV
// without scores gets its comments read by the background pass, and Sentiment and SentimentScore
// are then read, filtered, broken down, exported and measured like any column. Runs on DuckDB and
// (project server-pg) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { harness, type Harness } from './harness';
import { csv, sourceImports } from './datasources-upload';
import { runPasses } from '../../../server/text/worker';
import { saveAnalyses } from '../../../server/text/store';
import type { SentimentLabel } from '../../../server/text/types';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await harness(50);
  admin = await h.signIn('portaladmin@demo.cx');
}, 60_000);
afterAll(() => h.close());

const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));

/** Store visits as a file brings them: an id, a region and a comment, no score of any kind. */
const COMMENTS: Array<[string, string, string]> = [
  ['v1', 'North', 'Wonderful visit, the staff were friendly and really helpful with everything'],
  ['v2', 'South', 'Excellent service and great prices, I will definitely recommend this shop to friends'],
  ['v3', 'North', 'Terrible experience, the delivery was delayed twice and nobody answered the phone'],
  ['v4', 'South', 'The staff were rude and unhelpful, I waited forty minutes and left very angry'],
  ['v5', 'North', 'Awful: the kettle arrived broken and they refused a refund. Never again.'],
  ['v6', 'South', 'I picked up a parcel for my neighbour at the counter on Tuesday afternoon'],
  ['v7', 'North', 'Der Service war leider sehr schlecht und die Lieferung kam viel zu spät an'],
  ['v8', 'South', 'Die Mitarbeiter waren sehr freundlich und die Beratung war wirklich hervorragend'],
  ['v9', 'North', ''],
];
const FILE = csv([['Visit ID', 'Region', 'Comment'], ...COMMENTS]);

const records = (id: string, body: Record<string, unknown> = {}) => h.call('POST', `/api/dataviewer/data/${id}/default`, { token: admin, body: { skip: 0, top: 100, ...body } });
type Row = { visit_id: string; comment: string | null; Sentiment: SentimentLabel | null; SentimentScore: number | null };

describe('a source imported without scores', () => {
  let id: string;
  beforeAll(async () => {
    id = await sourceFrom('Store visits', FILE, (d) => {
      d.columns.find((c) => c.name === 'Comment')!.role = 'verbatim';
    });
    expect(await imported(id, FILE)).toMatchObject({ state: 'done', rowsWritten: COMMENTS.length });
  });

  it('has Sentiment and SentimentScore as columns, empty until its comments are read', async () => {
    const before = await records(id);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.map((r: Row) => [r.Sentiment, r.SentimentScore])).toEqual(COMMENTS.map(() => [null, null]));
    const source = await h.call('GET', `/api/datasources/${id}`, { token: admin });
    expect(source.body.columns.map((c: { key: string }) => c.key)).toEqual(expect.arrayContaining(['Sentiment', 'SentimentScore']));
    expect(source.body.textAnalysis).toMatchObject({ state: 'pending', rowsDone: 0 });
  });

  it('gets a sentiment for every comment after the background pass, with its progress shown', async () => {
    expect(await runPasses(h.db)).toBe(COMMENTS.length - 1);
    const source = await h.call('GET', `/api/datasources/${id}`, { token: admin });
    expect(source.body.textAnalysis).toMatchObject({ state: 'done', rowsDone: 8, rowsTotal: 8, message: null });
    const page = await records(id, { orderByFields: ['visit_id'] });
    const rows: Row[] = page.body.data;
    for (const r of rows.filter((r) => r.comment)) {
      expect(['positive', 'neutral', 'negative']).toContain(r.Sentiment);
      expect(r.SentimentScore).toBeGreaterThanOrEqual(-1);
      expect(r.SentimentScore).toBeLessThanOrEqual(1);
    }
    // The row without a comment has none: a blank, not a made-up neutral.
    expect(rows.find((r) => r.visit_id === 'v9')).toMatchObject({ Sentiment: null, SentimentScore: null });
    // The plainest of them, as anyone reads them.
    const label = (key: string) => rows.find((r) => r.visit_id === key)!.Sentiment;
    expect([label('v1'), label('v2'), label('v8')]).toEqual(['positive', 'positive', 'positive']);
    expect([label('v3'), label('v4'), label('v7')]).toEqual(['negative', 'negative', 'negative']);
    // A second pass finds nothing left to read.
    expect(await runPasses(h.db)).toBe(0);
  });

  it('narrows the records to Sentiment=negative, sorts by SentimentScore and counts Sentiment as a filter', async () => {
    const all: Row[] = (await records(id)).body.data;
    const negative = all.filter((r) => r.Sentiment === 'negative').map((r) => r.visit_id).sort();
    const filtered = await records(id, { smartFilters: [{ filterKey: 'Sentiment', filterValue: 'negative' }], orderByFields: ['SentimentScore'] });
    expect(filtered.status).toBe(200);
    expect(filtered.body.recordCount).toBe(negative.length);
    expect(filtered.body.data.map((r: Row) => r.visit_id).sort()).toEqual(negative);
    const scores = filtered.body.data.map((r: Row) => r.SentimentScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    // A range of scores is a filter too.
    const low = await records(id, { smartFilters: [{ filterKey: 'SentimentScore', filterValue: -1, filterValueUpperBound: -0.0001 }] });
    expect(low.body.recordCount).toBe(all.filter((r) => r.SentimentScore !== null && r.SentimentScore < 0).length);

    const bar = await h.call('POST', `/api/smartdata/filters/${id}`, { token: admin, body: { smartFilters: [] } });
    const counts = bar.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Sentiment');
    const byValue = Object.fromEntries(counts.filterDimensionValues.map((v: { dimensionLabel: string; count: number }) => [v.dimensionLabel, v.count]));
    expect(byValue.negative).toBe(negative.length);
    expect(byValue['[Blank]']).toBe(1);
  });

  it('refuses an unknown sentiment filter key and binds the value: a quote is a value, not SQL', async () => {
    const odd = await records(id, { smartFilters: [{ filterKey: 'Sentiment', filterValue: "negative' OR '1'='1" }] });
    expect(odd.status).toBe(200);
    expect(odd.body.recordCount).toBe(0);
    const unknown = await records(id, { smartFilters: [{ filterKey: 'Sentiment; DROP TABLE text_analysis', filterValue: 'x' }] });
    expect(unknown.status).toBe(400);
  });

  it('exports Sentiment beside the comments', async () => {
    const res = await h.call('POST', `/api/dataviewer/exporttoexcel/?dateTime=2026-11-20T12-00&author=someone&moduleId=${id}&profile=default`, {
      token: admin,
      body: { ExportCols: ['visit_id', 'Sentiment'], SmartDataSelection: { smartFilters: [{ filterKey: 'Sentiment', filterValue: 'negative' }] }, SortBy: { fieldKey: 'visit_id', operatorAsString: 'ASC' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = await h.fetch(`/api/dataviewer/downloadexport/?exportId=${res.body.exportId}&dateTime=2026-11-20T12-00&name=records_default`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.getWorksheet('Records')!;
    const rows = Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
    const negative = (await records(id, { smartFilters: [{ filterKey: 'Sentiment', filterValue: 'negative' }], orderByFields: ['visit_id'] })).body.data.map((r: Row) => [r.visit_id, 'negative']);
    expect(negative.length).toBeGreaterThan(0);
    expect(rows).toEqual([['Visit ID', 'Sentiment'], ...negative]);
  });

  it('keeps Sentiment as the portal computes it: its column cannot be given another role', async () => {
    const res = await h.call('PATCH', `/api/datasources/${id}`, { token: admin, body: { columns: [{ key: 'Sentiment', role: 'dimension' }] } });
    expect(res.status).toBe(400);
    expect(res.body.Message ?? res.body.message ?? JSON.stringify(res.body)).toMatch(/computed from the comments/);
  });
});

describe('net sentiment', () => {
  it('is the share of positive minus the share of negative comments, -100 to 100, on a hand-checked set', async () => {
    const rows = [
      ['n1', 'North', 'positive'],
      ['n2', 'North', 'positive'],
      ['n3', 'North', 'negative'],
      ['n4', 'South', 'positive'],
      ['n5', 'South', 'neutral'],
      ['n6', 'South', 'negative'],
      ['n7', 'South', 'negative'],
    ] as const;
    const file = csv([['Visit ID', 'Region', 'Comment'], ...rows.map(([k, region]) => [k, region, `Comment number ${k} written long enough to be read as a verbatim`])]);
    const id = await sourceFrom('Hand-checked visits', file, (d) => {
      d.columns.find((c) => c.name === 'Comment')!.role = 'verbatim';
    });
    await imported(id, file);
    // The labels are set by hand here (generation 99: no pass reads them again), so the figures are checkable.
    const now = new Date();
    await h.db.tx((q) =>
      saveAnalyses(q, id, rows.map(([key, , label]) => ({ key, analysis: { sentiment: { label, score: label === 'positive' ? 0.5 : label === 'negative' ? -0.5 : 0, lang: 'en', spans: [] }, topics: [] } })), 99, now),
    );
    const pivot = await h.call('POST', `/api/dataviewer/analytics/data/${id}/default`, { token: admin, body: { measureKeys: ['NetSentiment', 'InternalRecordCount'], rowDimensions: ['region'] } });
    expect(pivot.status, JSON.stringify(pivot.body)).toBe(200);
    // North: 2 positive, 1 negative of 3 = +33.3; South: 1 positive, 2 negative of 4 = -25; all: 3 - 3 of 7 = 0.
    expect(pivot.body.rowTotals.North.NetSentiment).toBeCloseTo(100 / 3, 6);
    expect(pivot.body.rowTotals.South.NetSentiment).toBeCloseTo(-25, 6);
    expect(pivot.body.grandTotal.NetSentiment).toBeCloseTo(0, 6);
    // Broken down by Sentiment itself, as a dimension.
    const bySentiment = await h.call('POST', `/api/dataviewer/analytics/data/${id}/default`, { token: admin, body: { measureKeys: ['InternalRecordCount'], rowDimensions: ['Sentiment'] } });
    expect(bySentiment.body.rowTotals).toMatchObject({ positive: { InternalRecordCount: 3 }, neutral: { InternalRecordCount: 1 }, negative: { InternalRecordCount: 3 } });
    // The measure is offered with the source's others.
    const params = await h.call('GET', `/api/dataviewer/analytics/parameters/${id}/default`, { token: admin });
    expect(params.body.measureDefinitions.map((m: { measureKey: string }) => m.measureKey)).toContain('NetSentiment');
    expect(params.body.dimensions.map((d: { filterKey: string }) => d.filterKey)).toContain('Sentiment');
  });
});
