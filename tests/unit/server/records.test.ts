import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';

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
});
