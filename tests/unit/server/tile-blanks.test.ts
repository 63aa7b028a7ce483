import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from './harness';
import type { Db } from '../../../server/db';
import { syncSources, moduleById } from '../../../server/datasources/registry';
import { dashboardItems } from '../../../server/dashboards/one-scan';
import { visualItem } from '../../../server/dashboards/visual-item';
import type { SeriesInput } from '../../../server/dashboards/series';
import type { Series, VisualDefinition, VisualItem, VisualQuery } from '../../../src/api/visual-types';

/**
 * Issue 50: tiles group rows by a cheap key per row and label each group after (server/dashboards/scan.ts
 * Grouping). A missing value and an empty one must still be ONE '[Blank]' category, its measures
 * (NPS: not additive) over all of its rows, on a tile's own and in one scan.
 */

let db: Db;
let input: SeriesInput;
beforeAll(async () => {
  let now: Date;
  ({ db, clock: { now } } = await seededDb(3000));
  await syncSources(db);
  // A fifth of the rows without a segment, another fifth with an empty one.
  await db.query(`UPDATE responses SET customer_segment = CASE WHEN id % 5 = 0 THEN NULL ELSE '' END WHERE id % 5 IN (0, 1)`);
  const from = new Date(now.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
  const filters = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: `${from}T00:00:00Z`, filterValueUpperBound: `${now.toISOString().slice(0, 10)}T23:59:59Z` }];
  input = { db, module: moduleById(db, 'responses', ['GlobalAdmin'])!, filters, claims: null, now, roles: ['GlobalAdmin'], lang: 'en' };
});
afterAll(() => db.close());

const tile = (name: string, Query: VisualQuery): VisualDefinition => ({ name, width: 6, height: 3, template: 'Line', templateBindings: { Query } });
const TILES = [
  tile('breakdown', { kind: 'breakdown', measure: 'nps', axisKey: 'Segment' }),
  tile('table', { kind: 'table', rowKey: 'Segment', measures: ['responses', 'nps'] }),
  tile('trend', { kind: 'trend', measure: 'nps', seriesKey: 'Segment', bucket: 'month' }),
  tile('stacked', { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'Segment' }),
];

/** NPS and the count of the blank-segment rows in a period, straight from SQL. */
async function blanks(p: Series['currentPeriod']) {
  const [r] = await db.query<{ nps: unknown; n: unknown }>(
    `SELECT CAST(count(*) FILTER (WHERE nps >= 9) - count(*) FILTER (WHERE nps <= 6) AS DOUBLE PRECISION) / count(nps) AS nps, count(*) AS n
     FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) AND (customer_segment IS NULL OR customer_segment = '')`,
    [p.startDateTime, p.endDateTime],
  );
  return { nps: Number(r.nps), n: Number(r.n) };
}

const ways: Record<string, () => Promise<VisualItem[]>> = {
  'on its own': () => Promise.all(TILES.map((d) => visualItem(input, d))),
  'in one scan': async () => (await dashboardItems(input, TILES)).visuals,
};

describe('a blank category', () => {
  for (const [way, draw] of Object.entries(ways)) {
    it(`is one [Blank] group, missing and empty values together, ${way}`, async () => {
      const items = await draw();
      const series = (name: string) => items.find((v) => v.name === name)!.primary.data as Series;
      const now = await blanks(series('breakdown').currentPeriod);
      const before = await blanks(series('breakdown').previousPeriod);
      expect(now.n).toBeGreaterThan(0);

      const breakdown = series('breakdown').content.filter((e) => e.Name === '[Blank]');
      expect(breakdown).toHaveLength(1);
      expect(breakdown[0].data[0].Val).toBeCloseTo(now.nps, 10);
      expect(breakdown[0].data[0].ValForDelta).toBeCloseTo(before.nps, 10);

      const table = series('table').content.filter((e) => e.Name === '[Blank]');
      expect(table).toHaveLength(1);
      expect(table[0].data.map((d) => d.Val)).toEqual([now.n, expect.closeTo(now.nps, 10)]);

      expect(series('trend').content.filter((e) => e.Name === '[Blank]')).toHaveLength(1);

      for (const channel of series('stacked').content) expect(channel.data.filter((d) => d.Name === '[Blank]').length).toBeLessThanOrEqual(1);
      const stackedBlanks = series('stacked').content.flatMap((c) => c.data.filter((d) => d.Name === '[Blank]').map((d) => Number(d.Count ?? 0)));
      expect(stackedBlanks.reduce((a, b) => a + b, 0)).toBe(now.n);
    });
  }
});
