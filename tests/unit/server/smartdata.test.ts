import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { RESTRICTED_MESSAGE } from '../../../server/smartdata/where';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(4000));
});
afterAll(() => h.close());

type Dim = { filterKey: string; filterDimensionStatus: string; totalFilterDimension: number; filterDimensionValues: Array<{ dimensionValue: string; count: number; dimensionLabel: string }> };
const filters = (body: unknown, token = user, path = '/api/smartdata/filters/responses') => h.call('POST', path, { token, body });
const dim = (res: { body: { smartFilters: Dim[] } }, key: string) => res.body.smartFilters.find((f) => f.filterKey === key)!;
const last90 = [{ filterKey: 'ResponseDate', filterValue: '2026-08-22', filterValueUpperBound: '2026-11-20T23:59:59', filterDataType: 'DateTime' }];

describe('POST /api/smartdata/filters/{moduleId}', () => {
  it('counts every dimension value, and the counts add up to the record count', async () => {
    const res = await filters({ smartFilters: [] });
    expect(res.status).toBe(200);
    expect(res.body.recordCount).toBe(4000);
    const regions = dim(res, 'Region');
    expect(regions.filterDimensionStatus).toBe('FullyReturned');
    expect(regions.filterDimensionValues.map((v) => v.dimensionValue).sort()).toEqual(['Benelux', 'Central', 'East', 'Ireland', 'North', 'Scotland', 'South', 'West']);
    expect(regions.filterDimensionValues.reduce((s, v) => s + v.count, 0)).toBe(4000);
    expect(regions.filterDimensionValues.every((v) => v.count > 0)).toBe(true);
    expect(res.body.smartFilters[0]).toMatchObject({ filterKey: 'ResponseDate', filterDataType: 'DateTime' });
    expect(res.body.smartFilters[0].dateFilterOptions.map((o: { name: string }) => o.name)).toContain('Last90Days');
  });

  it('restricts a user with a Region claim to their region', async () => {
    const res = await filters({ smartFilters: [] }, north);
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE region = 'North'");
    expect(res.body.recordCount).toBe(n);
    expect(dim(res, 'Region').filterDimensionValues.map((v) => v.dimensionValue)).toEqual(['North']);
    expect(dim(res, 'Country').filterDimensionValues.map((v) => v.dimensionValue)).toEqual(['United Kingdom']);
    // Asking to ignore claims does not work: the data source does not allow it.
    expect((await filters({ smartFilters: [], ignoreClaims: true }, north)).body.recordCount).toBe(n);
    // Filtering on another region gives nothing, not someone else's rows.
    expect((await filters({ smartFilters: [{ filterKey: 'Region', filterValue: 'South' }] }, north)).body.recordCount).toBe(0);
  });

  it('applies a date window, and ORs values of one key while ANDing keys', async () => {
    const window = await filters({ smartFilters: last90 });
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE response_date BETWEEN CAST('2026-08-22' AS TIMESTAMP) AND CAST('2026-11-20 23:59:59' AS TIMESTAMP)");
    expect(window.body.recordCount).toBe(n);
    const two = await filters({ smartFilters: [...last90, { filterKey: 'Region', filterValue: 'North' }, { filterKey: 'region', filterValue: 'south' }] });
    const byRegion = Object.fromEntries(dim(window, 'Region').filterDimensionValues.map((v) => [v.dimensionValue, v.count]));
    expect(two.body.recordCount).toBe(byRegion.North + byRegion.South);
    // A dimension's own filter does not hide its other values.
    expect(dim(two, 'Region').filterDimensionValues).toHaveLength(8);
    expect(dim(two, 'Channel').filterDimensionValues.reduce((s, v) => s + v.count, 0)).toBe(two.body.recordCount);
  });

  it('searches verbatims with bound values', async () => {
    const res = await filters({ smartFilters: [{ filterKey: 'Search', filterValue: 'queue', filterDataType: 'Search' }] });
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE verbatim ILIKE '%queue%'");
    expect(res.body.recordCount).toBe(n);
    expect(n).toBeGreaterThan(0);
    const injection = await filters({ smartFilters: [{ filterKey: 'Region', filterValue: "North' OR '1'='1" }] });
    expect(injection.body.recordCount).toBe(0);
  });

  it('only returns the dimensions of the requested smart-data tags', async () => {
    const res = await filters({ smartFilters: [], smartDataTags: ['PF_Driver'] });
    expect(res.body.smartFilters.slice(1).map((f: Dim) => f.filterKey)).toEqual(['Driver_Price', 'Driver_Availability', 'Driver_Service', 'Driver_Information']);
  });

  it('limits large dimensions and asks for filtering', async () => {
    const stores = dim(await filters({ smartFilters: [] }), 'Store');
    expect(stores.filterDimensionStatus).toBe('RequiresFiltering');
    expect(stores.filterDimensionValues).toHaveLength(100);
    expect(stores.totalFilterDimension).toBeGreaterThan(400);
  });

  it('accepts the optional view segments', async () => {
    const res = await filters({ smartFilters: [] }, user, '/api/smartdata/filters/responses/Dashboard/overview/main');
    expect(res.body.recordCount).toBe(4000);
    expect((await filters({}, user, '/api/smartdata/filters/responses/Dash%20board/x/y')).status).toBe(400);
  });

  it('answers bad input with 400 and a message', async () => {
    const unknown = await filters({ smartFilters: [{ filterKey: 'password_hash', filterValue: 'x' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown filter key "password_hash".');
    const words = await filters({ smartFilters: [{ filterKey: 'Search', filterValue: 'late&$filter=x', filterDataType: 'Search' }] });
    expect(words.body.message).toBe(RESTRICTED_MESSAGE);
    const badDate = await filters({ smartFilters: [{ filterKey: 'ResponseDate', filterValue: 'yesterday-ish' }] });
    expect(badDate.body.message).toBe('Filter "ResponseDate": "yesterday-ish" is not a date (invalidDateFormat).');
    const badNumber = await filters({ smartFilters: [{ filterKey: 'Stars', filterValue: 'five' }] });
    expect(badNumber.status).toBe(400);
    expect((await filters({ smartFilters: 'Region=North' })).status).toBe(400);
    expect((await h.call('POST', '/api/smartdata/filters/responses', { token: user, raw: '{' })).status).toBe(400);
    expect((await filters({}, user, '/api/smartdata/filters/nope')).status).toBe(404);
    expect((await h.call('POST', '/api/smartdata/filters/responses', { body: {} })).status).toBe(401);
  });
});

describe('POST /api/smartdata/filter/{moduleId}', () => {
  it('searches the values of one dimension', async () => {
    const res = await h.call('POST', '/api/smartdata/filter/responses', {
      token: north,
      body: { smartFilters: [], filterDimensionSelection: { filterKey: 'Store', DimensionValueContains: 'leeds' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.filterDimensionValues.length).toBeGreaterThan(0);
    expect(res.body.filterDimensionValues.every((v: { dimensionValue: string }) => v.dimensionValue.startsWith('Leeds'))).toBe(true);
    const bad = await h.call('POST', '/api/smartdata/filter/responses', { token: north, body: { filterDimensionSelection: { filterKey: 'Verbatim' } } });
    expect(bad.body.message).toBe('"Verbatim" is not a filter of this module.');
  });
});

describe('GET lastRecordedDate and rawdata', () => {
  it('gives the last recorded date under claims', async () => {
    const res = await h.call('GET', '/api/smartdata/lastRecordedDate/responses?dateFilterDimension=ResponseDate', { token: north });
    const [{ d }] = await h.db.query<{ d: Date }>("SELECT max(response_date) AS d FROM responses WHERE region = 'North'");
    expect(res.body).toEqual({ dateFilterDimension: 'ResponseDate', lastRecordedDate: d.toISOString().slice(0, 19) });
    expect((await h.call('GET', '/api/smartdata/lastRecordedDate/responses?dateFilterDimension=Region', { token: north })).status).toBe(400);
  });

  it('reveals a profanity-cleaned value to permitted roles only', async () => {
    const [row] = await h.db.query<{ id: number; verbatim_raw: string; region: string }>(
      "SELECT id, verbatim_raw, region FROM responses WHERE verbatim_flag = 'redacted_profanity' AND region <> 'North' ORDER BY id LIMIT 1",
    );
    const path = `/api/smartdata/rawdata/responses?cleanedFieldName=Verbatim&recordId=${row.id}`;
    const admin = await h.signIn('portaladmin@demo.cx');
    expect((await h.call('GET', path, { token: admin })).body).toEqual({ recordId: row.id, fieldName: 'Verbatim', rawValue: row.verbatim_raw });
    expect((await h.call('GET', path, { token: user })).status).toBe(403);
    expect((await h.call('GET', path.replace('Verbatim', 'Region'), { token: admin })).status).toBe(400);
    expect((await h.call('GET', path.replace(String(row.id), 'abc'), { token: admin })).status).toBe(400);
    expect((await h.call('GET', path.replace(String(row.id), '999999'), { token: admin })).status).toBe(404);
  });
});

describe('blank values', () => {
  it('count a missing value and “(no info)” as one [Blank] entry, and filter by it as one', async () => {
    await h.db.query("UPDATE responses SET customer_segment = '(no info)' WHERE id % 10 = 1");
    await h.db.query("UPDATE responses SET customer_segment = '' WHERE id % 10 = 2");
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE customer_segment IS NULL OR customer_segment IN ('', '(no info)')");
    const segments = dim(await filters({ smartFilters: [] }), 'Segment').filterDimensionValues;
    const blanks = segments.filter((v) => v.dimensionLabel === '[Blank]');
    expect(blanks).toEqual([{ dimensionValue: '', count: n, dimensionLabel: '[Blank]' }]);
    expect(segments.some((v) => v.dimensionLabel === '(no info)')).toBe(false);
    const filtered = await filters({ smartFilters: [{ filterKey: 'Segment', filterValue: '[Blank]' }] });
    expect(filtered.body.recordCount).toBe(n);
  });
});

describe('GET /api/smartdata/refresh/SmartData/true', () => {
  it('refreshes the smart data, skipping a refresh within a minute of the previous one, and refuses other forms', async () => {
    const first = await h.call('GET', '/api/smartdata/refresh/SmartData/true', { token: user });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isSuccess: true, refreshed: true, refreshedAt: h.clock.now.toISOString() });
    const at = h.clock.now;
    h.clock.now = new Date(at.getTime() + 30_000);
    expect((await h.call('GET', '/api/smartdata/refresh/SmartData/true', { token: user })).body).toMatchObject({ refreshed: false, refreshedAt: at.toISOString() });
    h.clock.now = new Date(at.getTime() + 61_000);
    expect((await h.call('GET', '/api/smartdata/refresh/SmartData/true', { token: user })).body).toMatchObject({ refreshed: true, refreshedAt: h.clock.now.toISOString() });
    h.clock.now = at;
    expect((await h.call('GET', '/api/smartdata/refresh/SmartData/maybe', { token: user })).status).toBe(400);
    expect((await h.call('GET', '/api/smartdata/refresh/SmartData/true')).status).toBe(401);
  });
});
