import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { OTHERS_KEY, type MeasureKey, type Series, type VisualDefinition, type VisualQuery, type VisualItem } from '../../../src/api/visual-types';
import { flow } from '../../../src/lib/grid-layout';

/** The query extension of issue 46: averages, shares, buckets, last year's comparison, top N with "Others", sorts; each checked against SQL over the seeded rows. */

let h: Harness;
let admin: string;
/** A channel name full of SQL: it must be bound, never spliced. */
const ODD = `O'Brien"); DROP TABLE responses; -- =%_`;
const FROM = '2026-10-21 00:00:00';
const TO = '2026-11-19 23:59:59';
const window = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2026-10-21T00:00:00Z', filterValueUpperBound: '2026-11-19T23:59:59Z' }];

beforeAll(async () => {
  h = await harness(3000);
  admin = await h.signIn('portaladmin@demo.cx');
  // Three responses of the window on the odd channel.
  await h.db.query(
    `UPDATE responses SET channel = $1 WHERE id IN (SELECT id FROM responses WHERE response_date BETWEEN CAST($2 AS TIMESTAMP) AND CAST($3 AS TIMESTAMP) ORDER BY id LIMIT 3)`,
    [ODD, FROM, TO],
  );
});
afterAll(() => h.close());

let made = 0;
/** Draws tiles of these queries on a dashboard of the responses, through the real route; the answer's status and series by tile. */
async function draw(queries: Record<string, VisualQuery>, lang = 'en') {
  const id = `tile-measures-${++made}`;
  const definitions: VisualDefinition[] = Object.entries(queries).map(([name, Query]) => ({ name, width: 6, height: 3, template: Query.kind === 'kpi' ? 'HeroText' : Query.kind === 'trend' ? 'Line' : Query.kind === 'table' ? 'TableWithDeltaColumns' : 'Donut', templateBindings: { Query } }));
  const definition = { breadcrumb: { name: id, templateBindings: { path: [] } }, definitions, layouts: { Default: flow(definitions) } };
  await h.db.query('INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, updated_at) VALUES ($1, $1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [id, 'responses', JSON.stringify(definition), '', new Date()]);
  const res = await h.call('POST', `/api/dataviz/visuals/${id}/Default`, { token: admin, body: { smartFilters: window }, headers: { 'accept-language': lang } });
  const series = (name: string) => (res.body.visuals as VisualItem[]).find((v) => v.name === name)!.primary.data as Series;
  return { status: res.status as number, message: res.body.message as string | undefined, series };
}

/** One number from SQL over the responses between two bounds. */
async function sql(select: string, from: string, to: string, params: unknown[] = [], where = 'TRUE'): Promise<number | null> {
  const [row] = await h.db.query<{ v: unknown }>(`SELECT ${select} AS v FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) AND ${where}`, [from, to, ...params] as never);
  return row.v === null ? null : Number(row.v);
}
const rowsOf = (s: Series) => s.content.map((e) => ({ name: e.Name, val: e.data[0].Val, before: e.data[0].ValForDelta }));

describe('average:{column}', () => {
  it("is the column's mean in each period, named in the request's language, and a 400 naming a column that is no Number", async () => {
    const { status, series } = await draw({ spend: { kind: 'kpi', measure: 'average:Spend' } });
    expect(status).toBe(200);
    const [row] = series('spend').content[0].data;
    expect(row.Name).toBe('Average Spend');
    expect(row.Val).toBeCloseTo((await sql('avg(spend)', FROM, TO))!, 8);
    const p = series('spend').previousPeriod;
    expect(row.ValForDelta).toBeCloseTo((await sql('avg(spend)', p.startDateTime, p.endDateTime))!, 8);
    const de = await draw({ spend: { kind: 'kpi', measure: 'average:Spend' } }, 'de');
    expect(de.series('spend').content[0].Name).toBe('Durchschnitt Ausgaben');
    for (const bad of ['average:Channel', 'average:CustomerEmail', 'average:Nope']) {
      const res = await draw({ bad: { kind: 'kpi', measure: bad as MeasureKey } });
      expect(res.status).toBe(400);
      expect(res.message).toContain(`"${bad.slice('average:'.length)}"`);
    }
  });
});

describe('share:{column}={value}', () => {
  it('is the fraction of rows holding the value, the value bound as a parameter however odd', async () => {
    const { status, series } = await draw({
      odd: { kind: 'kpi', measure: `share:Channel=${ODD}` },
      online: { kind: 'breakdown', measure: 'share:Channel=Online', axisKey: 'Region' },
      none: { kind: 'kpi', measure: "share:Channel=x' OR '1'='1" },
    });
    expect(status).toBe(200);
    const total = (await sql('count(*)', FROM, TO))!;
    expect(series('odd').content[0].data[0].Val).toBeCloseTo(3 / total, 10);
    expect(series('odd').content[0].Name).toBe(`${ODD} share`);
    expect(series('none').content[0].data[0].Val).toBe(0);
    for (const r of rowsOf(series('online'))) {
      const expected = (await sql("CAST(count(*) FILTER (WHERE channel = 'Online') AS DOUBLE PRECISION) / count(*)", FROM, TO, [r.name], 'region = $3'))!;
      expect(r.val).toBeCloseTo(expected, 10);
    }
    // The table is still there, and a share of something that is no dimension is a 400 naming it.
    expect(await sql('count(*)', FROM, TO, [ODD], 'channel = $3')).toBe(3);
    const bad = await draw({ bad: { kind: 'kpi', measure: 'share:Spend=10' } });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('"Spend"');
  });
});

describe('trend buckets and comparisons', () => {
  it('buckets by week and month as asked, the counts adding up to the period', async () => {
    const { series } = await draw({ weeks: { kind: 'trend', measure: 'responses', bucket: 'week' }, months: { kind: 'trend', measure: 'responses', bucket: 'month' } });
    const total = (await sql('count(*)', FROM, TO))!;
    const weeks = series('weeks').content[0].data;
    expect(weeks.every((d) => new Date(`${d.Key}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.reduce((t, d) => t + (d.Val ?? 0), 0)).toBe(total);
    const months = series('months').content[0].data;
    expect(months.map((d) => d.Key)).toEqual(['2026-10-01', '2026-11-01']);
    expect(months[0].Val).toBe(await sql('count(*)', FROM, '2026-10-31 23:59:59'));
  });

  it('compares with the same period a year back: kpi, trend buckets and breakdown', async () => {
    const { series } = await draw({
      nps: { kind: 'kpi', measure: 'nps', compare: 'lastYear' },
      months: { kind: 'trend', measure: 'responses', bucket: 'month', compare: 'lastYear' },
      regions: { kind: 'breakdown', measure: 'responses', axisKey: 'Region', compare: 'lastYear' },
    });
    const nps = series('nps');
    expect(nps.previousPeriod).toEqual({ startDateTime: '2025-10-21 00:00:00', endDateTime: '2025-11-19 23:59:59' });
    const npsSql = 'CAST(count(*) FILTER (WHERE nps >= 9) - count(*) FILTER (WHERE nps <= 6) AS DOUBLE PRECISION) / count(nps)';
    expect(nps.content[0].data[0].ValForDelta).toBeCloseTo((await sql(npsSql, '2025-10-21 00:00:00', '2025-11-19 23:59:59'))!, 10);
    expect(nps.content[0].data[0].Val).toBeCloseTo((await sql(npsSql, FROM, TO))!, 10);
    expect(nps.previousRecordCount).toBe(await sql('count(*)', '2025-10-21 00:00:00', '2025-11-19 23:59:59'));
    expect(nps.currentRecordCount).toBe(await sql('count(*)', FROM, TO));
    const october = series('months').content[0].data.find((d) => d.Key === '2026-10-01')!;
    expect(october.ValForDelta).toBe(await sql('count(*)', '2025-10-21 00:00:00', '2025-10-31 23:59:59'));
    for (const r of rowsOf(series('regions'))) expect(r.before).toBe(await sql('count(*)', '2025-10-21 00:00:00', '2025-11-19 23:59:59', [r.name], 'region = $3'));
  });
});

describe('top N, Others and sort', () => {
  it('keeps the top stores by value and sums the rest as Others, adding up to the total', async () => {
    const { series } = await draw({
      stores: { kind: 'breakdown', measure: 'responses', axisKey: 'Store', top: 3, others: true },
      'nps-stores': { kind: 'breakdown', measure: 'nps', axisKey: 'Store', top: 2, others: true, sort: 'value-desc' },
      table: { kind: 'table', rowKey: 'Store', measures: ['responses', 'nps'], top: 4, others: true },
    });
    const counts = await h.db.query<{ store: string; n: unknown }>(
      'SELECT store, count(*) AS n FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) GROUP BY store ORDER BY count(*) DESC, store',
      [FROM, TO],
    );
    const total = (await sql('count(*)', FROM, TO))!;
    const rows = rowsOf(series('stores'));
    expect(rows.length).toBe(4);
    expect(rows[3].name).toBe('Others');
    expect(rows.slice(0, 3).map((r) => r.val)).toEqual(counts.slice(0, 3).map((c) => Number(c.n)));
    expect(rows.reduce((t, r) => t + (r.val ?? 0), 0)).toBe(total);
    // Others of a score is the score over the rest's rows.
    const nps = rowsOf(series('nps-stores'));
    expect(nps.length).toBe(3);
    expect(nps[0].val!).toBeGreaterThanOrEqual(nps[1].val!);
    const npsSql = 'CAST(count(*) FILTER (WHERE nps >= 9) - count(*) FILTER (WHERE nps <= 6) AS DOUBLE PRECISION) / count(nps)';
    expect(nps[2].val).toBeCloseTo((await sql(npsSql, FROM, TO, [nps[0].name, nps[1].name], 'store NOT IN ($3, $4)'))!, 10);
    const table = series('table').content;
    expect(table.map((e) => e.Name)).toEqual([...counts.slice(0, 4).map((c) => c.store), 'Others']);
    expect(table.reduce((t, e) => t + (e.data[0].Val ?? 0), 0)).toBe(total);
  });

  it('keys Others apart from a category named "Others", which keeps its own key', async () => {
    // A third of the window's rows in a store named "Others": the largest, so the one kept.
    const moved = await h.db.query<{ id: unknown; store: string }>('SELECT id, store FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) AND id % 3 = 0', [FROM, TO]);
    await h.db.query("UPDATE responses SET store = 'Others' WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) AND id % 3 = 0", [FROM, TO]);
    try {
      const { series } = await draw({
        stores: { kind: 'breakdown', measure: 'responses', axisKey: 'Store', top: 1, others: true },
        table: { kind: 'table', rowKey: 'Store', measures: ['responses'], top: 1, others: true },
      });
      for (const s of [series('stores'), series('table')]) {
        expect(s.content.map((e) => [e.Name, e.key])).toEqual([
          ['Others', 'Others'],
          ['Others', OTHERS_KEY],
        ]);
      }
      expect(series('stores').content[1].data[0].Key).toBe(OTHERS_KEY);
    } finally {
      for (const r of moved) await h.db.query('UPDATE responses SET store = $2 WHERE id = $1', [r.id, r.store] as never);
    }
  });

  it('sorts by value either way or by name', async () => {
    const { series } = await draw({
      asc: { kind: 'breakdown', measure: 'nps', axisKey: 'Region', sort: 'value-asc' },
      desc: { kind: 'breakdown', measure: 'responses', axisKey: 'Region', sort: 'value-desc' },
      name: { kind: 'breakdown', measure: 'responses', axisKey: 'Region', sort: 'name' },
    });
    const asc = rowsOf(series('asc')).map((r) => r.val!);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = rowsOf(series('desc'));
    expect(desc.map((r) => r.val!)).toEqual(desc.map((r) => r.val!).sort((a, b) => b - a));
    for (const r of desc) expect(r.val).toBe(await sql('count(*)', FROM, TO, [r.name], 'region = $3'));
    // Both periods' regions, as the engine orders them.
    const regions = await h.db.query<{ region: string }>('SELECT DISTINCT region FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) ORDER BY region', ['2026-09-21 00:00:00', TO]);
    expect(rowsOf(series('name')).map((r) => r.name)).toEqual(regions.map((r) => r.region));
  });
});
