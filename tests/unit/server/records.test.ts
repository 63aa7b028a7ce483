import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { recordsPage } from '../../../server/smartdata/records';
import { sourcesOf } from '../../../server/datasources/registry';
import { profileColumns, profileOf } from '../../../server/smartdata/profiles';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(1200));
});
afterAll(() => h.close());

const page = (body: unknown, token = user) => h.call('POST', '/api/dataviewer/data/responses/default', { token, body });

describe('POST /api/dataviewer/data/{moduleId}/{profile}', () => {
  it('pages through every record once, in a stable order', async () => {
    const seen: number[] = [];
    for (let skip = 0; skip < 1200; skip += 500) {
      const res = await page({ skip, top: 500, orderByFields: ['Stars'], orderByOperator: 'desc' });
      expect(res.body.recordCount).toBe(1200);
      seen.push(...res.body.data.map((r: { Id: number }) => r.Id));
    }
    expect(new Set(seen).size).toBe(1200);
    const first = (await page({ top: 3, orderByFields: ['Stars'], orderByOperator: 'DESC' })).body.data;
    expect(first.every((r: { Stars: number }) => r.Stars === 5)).toBe(true);
    expect(first[0]).not.toHaveProperty('CustomerEmail');
    expect(first[0].ResponseDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('filters by smart filters and claims', async () => {
    const res = await page({ top: 500, smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] }, north);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r: { Region: string; Channel: string }) => r.Region === 'North' && r.Channel === 'Online')).toBe(true);
  });

  it('rejects unknown sort fields and bad paging with 400', async () => {
    expect((await page({ orderByFields: ['password_hash'] })).body.message).toBe('Unknown sort field "password_hash".');
    expect((await page({ orderByFields: ['Stars; DROP TABLE users'] })).status).toBe(400);
    expect((await page({ orderByOperator: 'sideways' })).body.message).toBe('orderByOperator: orderByOperator must be ASC or DESC');
    expect((await page({ top: 10_000 })).status).toBe(400);
    expect((await page({ skip: -1 })).status).toBe(400);
    expect((await h.call('POST', '/api/dataviewer/data/nope/default', { token: user, body: {} })).status).toBe(404);
  });

  // Run last: it adds responses. On DuckDB the engine writes the rows' JSON; the answer must be the
  // one the row objects gave, values JSON cannot hold and user text included.
  it('answers every kind of value as the row objects do, at the start and deep in the set', async () => {
    const [{ top }] = await h.db.query<{ top: number }>('SELECT max(id) AS top FROM responses');
    const odd = [
      ['NaN', null, 'Flagged by a moderator', 'Zoë "Q" O\'Brien \\ <b>'],
      ['Infinity', 'Line one\nline two\ttab \u2028 ✓', null, 'Ünal'],
      ['-Infinity', null, null, 'Ana'],
    ];
    for (const [i, [spend, verbatim, flag, name]] of odd.entries()) {
      await h.db.query(
        `INSERT INTO responses (id, response_date, store, region, country, channel, nps, nps_group, stars, driver_price, driver_availability, driver_service, driver_information, verbatim, verbatim_flag, customer_name, customer_email, customer_segment, spend)
         SELECT $1, CAST('2026-11-19 23:59:58.123' AS TIMESTAMP), store, region, country, channel, nps, nps_group, stars, driver_price, driver_availability, driver_service, driver_information, $2, $3, $4, customer_email, customer_segment, CAST($5 AS DOUBLE PRECISION)
         FROM responses WHERE id = 1`,
        [Number(top) + 1 + i, verbatim, flag, name, spend],
      );
    }
    // The module as the API reads it (with the columns the portal derives, Sentiment).
    const RESPONSES_MODULE = sourcesOf(h.db).get('responses')!;
    const columns = profileColumns(RESPONSES_MODULE, profileOf(RESPONSES_MODULE, 'default'));
    // Ours are the newest: on the first page newest first, on the last page oldest first, not on a deep page newest first.
    for (const [skip, dir, ours] of [[0, 'DESC', 3], [1150, 'ASC', 3], [1100, 'DESC', 0]] as const) {
      const query = { skip, top: 100, orderByFields: ['ResponseDate'], orderByOperator: dir, smartFilters: [] };
      const res = await page(query);
      expect(res.status).toBe(200);
      expect(res.body, `skip ${skip} ${dir}`).toEqual(JSON.parse(JSON.stringify(await recordsPage(h.db, RESPONSES_MODULE, query, null, columns))));
      const mine = res.body.data.filter((r: { Id: number }) => r.Id > Number(top));
      expect(mine.length, `skip ${skip} ${dir}`).toBe(ours);
    }
    const first = (await page({ top: 3, orderByFields: ['ResponseDate'], orderByOperator: 'DESC' })).body.data;
    expect(first.map((r: { Spend: unknown }) => r.Spend)).toEqual([null, null, null]);
    expect(first.map((r: { ResponseDate: string }) => r.ResponseDate)).toEqual(Array(3).fill('2026-11-19T23:59:58'));
    expect(first.map((r: { Verbatim: string | null }) => r.Verbatim)).toEqual([null, 'Line one\nline two\ttab \u2028 ✓', 'Flagged by a moderator']);
  });
});
