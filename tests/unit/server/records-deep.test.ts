import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { clearPositionIndexes } from '../../../server/smartdata/position-index';

// Deep pages of the responses are read between sampled sort keys, not with OFFSET: they must be the
// very pages OFFSET gives, in every order, under filters and claims, and an export must hold every row once.
const RECORDS = 3000;
let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(RECORDS));
});
afterAll(() => h.close());

const page = (body: object, token = user) => h.call('POST', '/api/dataviewer/data/responses/default', { token, body: { smartFilters: [], ...body } });

/** The ids of the same page asked of the database with OFFSET. */
async function offsetIds(order: string, skip: number, top: number, where = '') {
  const rows = await h.db.query<{ id: number }>(`SELECT id FROM responses ${where} ORDER BY ${order} LIMIT ${top} OFFSET ${skip}`);
  return rows.map((r) => Number(r.id));
}

describe('records deep in the set', () => {
  const orders = [
    { fields: ['ResponseDate'], dir: 'DESC', sql: 'response_date DESC, id DESC' },
    { fields: ['Store'], dir: 'ASC', sql: 'store ASC, id ASC' },
    { fields: ['NPS', 'Store'], dir: 'DESC', sql: 'nps DESC, store DESC, id DESC' },
    // Comments may be NULL: this order keeps OFFSET, and must still be right.
    { fields: ['Verbatim'], dir: 'ASC', sql: 'verbatim ASC NULLS LAST, id ASC' },
  ];
  for (const o of orders) {
    it(`pages by ${o.fields.join(', ')} ${o.dir} as OFFSET does, at every depth`, async () => {
      clearPositionIndexes();
      for (const skip of [2500, 0, 1023, 1024, 1100, 2047, 2990, 3000]) {
        const res = await page({ skip, top: 100, orderByFields: o.fields, orderByOperator: o.dir });
        expect(res.status).toBe(200);
        expect(res.body.recordCount).toBe(RECORDS);
        expect(res.body.data.map((r: { Id: number }) => r.Id), `skip ${skip}`).toEqual(await offsetIds(o.sql, skip, 100));
      }
      // Every order was looked at once for samples (the operations page's "clear cache" counts them).
      expect(clearPositionIndexes()).toBe(1);
    });
  }

  it('pages a claimed region deep down as OFFSET does', async () => {
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE region = 'North'");
    const skip = Math.max(0, Number(n) - 150);
    const res = await page({ skip, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'ASC' }, north);
    expect(res.body.recordCount).toBe(Number(n));
    expect(res.body.data.map((r: { Id: number }) => r.Id)).toEqual(await offsetIds('response_date ASC, id ASC', skip, 100, "WHERE region = 'North'"));
  });

  // Run last: it adds responses. A deep page is read beside the count with the samples held; once
  // the count has moved, that read is thrown away and the page read again with fresh samples.
  it('reads a deep page again once new responses have moved it', async () => {
    const ask = { skip: 2500, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC' };
    await page(ask); // samples for the set as it is
    const newest = await h.db.query('SELECT * FROM responses ORDER BY response_date DESC, id DESC LIMIT 5');
    const [{ top }] = await h.db.query<{ top: number }>('SELECT max(id) AS top FROM responses');
    const columns = Object.keys(newest[0]);
    await h.db.insertMany('responses', columns, newest.map((row, i) => columns.map((c) => (c === 'id' ? Number(top) + 1 + i : row[c])) as never));
    const res = await page(ask);
    expect(res.body.recordCount).toBe(RECORDS + 5);
    expect(res.body.data.map((r: { Id: number }) => r.Id)).toEqual(await offsetIds('response_date DESC, id DESC', 2500, 100));
  });
});
