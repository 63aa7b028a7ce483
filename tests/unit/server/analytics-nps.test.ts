import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDb } from './harness';
import { migrate } from '../../../server/db/migrate';
import type { Db } from '../../../server/db';
import { analyticsData, measuresOf } from '../../../server/smartdata/analytics';
import { RESPONSES_SOURCE as RESPONSES_MODULE } from '../../../server/datasources/builtin/responses';
import { writePivotWorkbook } from '../../../server/export/xlsx-pivot';
import type { AnalyticsData, PivotRow } from '../../../src/api/types';

/**
 * Ten answers whose NPS is worked out by hand (promoters 9-10, passives 7-8, detractors 0-6):
 *             Online                    Store                  row total
 *   North     10 9 8 3: 2P 1Pa 1D = 25  6 6: 2D = -100         2P 1Pa 3D of 6 = -16.7 (not the -37.5 of its cells' mean)
 *   South     10 7 7: 1P 2Pa = 33.3     9: 1P = 100            2P 2Pa of 4 = 50
 *   total     3P 3Pa 1D of 7 = 28.6     1P 2D of 3 = -33.3     4P 3Pa 3D of 10 = 10
 */
const ANSWERS: Array<[region: string, channel: string, nps: number]> = [
  ['North', 'Online', 10], ['North', 'Online', 9], ['North', 'Online', 8], ['North', 'Online', 3],
  ['North', 'Store', 6], ['North', 'Store', 6],
  ['South', 'Online', 10], ['South', 'Online', 7], ['South', 'Online', 7],
  ['South', 'Store', 9],
];
const SHARES = ['NPS', 'PromoterShare', 'PassiveShare', 'DetractorShare'];

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await freshDb();
  await migrate(db);
  for (const [i, [region, channel, nps]] of ANSWERS.entries()) {
    await db.query(
      `INSERT INTO responses (id, response_date, store, region, country, channel, nps, nps_group, stars, verbatim, customer_name, customer_email)
       VALUES ($1, $2, $3, $4, 'Testland', $5, $6, 'x', 3, NULL, 'C', 'c@example.com')`,
      [i + 1, '2026-11-01 10:00:00', `${region} 1`, region, channel, nps],
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'cx-nps-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await db.close();
});

const pivot = (measureKeys = SHARES) => analyticsData(db, RESPONSES_MODULE, { smartFilters: [], measureKeys, rowDimensions: ['Region'], columnDimensions: ['Channel'] }, null);
const row = (d: AnalyticsData, key: string) => d.data.find((r: PivotRow) => r.DimensionValueKey === key)!;

describe('NPS and its groups\' shares in the pivot', () => {
  it('gives NPS from -100 to 100 and the shares as fractions, with totals from the totals\' own counts', async () => {
    const d = await pivot();
    expect(row(d, 'North').Value.Online.NPS).toBeCloseTo(25, 10);
    expect(row(d, 'North').Value.Store.NPS).toBeCloseTo(-100, 10);
    expect(row(d, 'South').Value.Online.NPS).toBeCloseTo(100 / 3, 10);
    // A row total is not the mean of its cells (-37.5): 2 promoters less 3 detractors of 6.
    expect(d.rowTotals.North.NPS).toBeCloseTo(-100 / 6, 10);
    expect(d.rowTotals.South.NPS).toBeCloseTo(50, 10);
    expect(d.colTotals.Online.NPS).toBeCloseTo(200 / 7, 10);
    expect(d.colTotals.Store.NPS).toBeCloseTo(-100 / 3, 10);
    expect(d.grandTotal.NPS).toBeCloseTo(10, 10);
    expect([d.grandTotal.PromoterShare, d.grandTotal.PassiveShare, d.grandTotal.DetractorShare].map((v) => Number(v!.toFixed(10)))).toEqual([0.4, 0.3, 0.3]);
    expect([d.rowTotals.North.PromoterShare, d.rowTotals.North.PassiveShare, d.rowTotals.North.DetractorShare].map((v) => Number(v!.toFixed(10)))).toEqual([0.3333333333, 0.1666666667, 0.5]);
    expect(d.recordCount).toBe(10);
  });

  it('gives the same figures when a distinct count makes the pivot group row by row', async () => {
    // The same figures, whatever order each path lists a row's columns in.
    const strip = (d: AnalyticsData) => JSON.parse(JSON.stringify([d.grandTotal, d.rowTotals, d.colTotals, d.data], (k, v) => (k === 'Customers' ? undefined : typeof v === 'number' ? Number(v.toFixed(9)) : v)));
    expect(strip(await pivot([...SHARES, 'Customers']))).toEqual(strip(await pivot()));
  });

  it('names the measures with formats for points and percentages', () => {
    const info = Object.fromEntries(measuresOf(RESPONSES_MODULE).filter((m) => SHARES.includes(m.measureKey)).map((m) => [m.measureKey, [m.measureName, m.format]]));
    expect(info).toEqual({ NPS: ['NPS', '0.0'], PromoterShare: ['Share of promoters', '0.0%'], PassiveShare: ['Share of passives', '0.0%'], DetractorShare: ['Share of detractors', '0.0%'] });
  });

  it('writes them to Excel as numbers in their formats: NPS in points, shares as percentages', async () => {
    const d = await pivot();
    const measures = measuresOf(RESPONSES_MODULE).filter((m) => SHARES.includes(m.measureKey)).map((m) => ({ key: m.measureKey, name: m.measureName, format: m.format }));
    const file = join(dir, 'pivot.xlsx');
    await writePivotWorkbook(file, d, { measures, rowNames: ['Region'], hideRowTotals: false, hideColumnTotals: false }, { author: 'a', title: 'Analytics', dateTime: '2026-11-20T12-00', filters: [] });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Analytics')!;
    // Columns: name, then Online, Store and Total with the four measures each; rows: two headers, North, South, Total.
    const totalNps = ws.getCell(5, 2 + 2 * 4);
    expect(ws.getCell(5, 1).value).toBe('Total');
    expect(totalNps.value).toBeCloseTo(10, 10);
    expect(totalNps.numFmt).toBe('0.0');
    const northTotal = [0, 1, 2, 3].map((i) => ws.getCell(3, 2 + 2 * 4 + i));
    expect(northTotal[0].value).toBeCloseTo(-100 / 6, 10);
    expect(northTotal.slice(1).map((c) => Number((c.value as number).toFixed(10)))).toEqual([0.3333333333, 0.1666666667, 0.5]);
    expect(northTotal.map((c) => c.numFmt)).toEqual(['0.0', '0.0%', '0.0%', '0.0%']);
    expect((ws.getRow(2).values as unknown[]).slice(2, 6)).toEqual(['NPS', 'Share of promoters', 'Share of passives', 'Share of detractors']);
  });
});
