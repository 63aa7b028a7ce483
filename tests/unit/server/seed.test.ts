import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from './harness';
import { migrate } from '../../../server/db/migrate';
import { seedResponses } from '../../../server/seed/responses';
import type { Db } from '../../../server/db';

// npm start seeds up to now: a dashboard opened at noon showed answers dated that evening.
const ANCHOR = new Date('2026-11-20T18:00:00Z');
let db: Db;
beforeAll(async () => {
  db = await freshDb();
  await migrate(db);
  await seedResponses(db, 3000, ANCHOR);
});
afterAll(() => db.close());

describe('the seeded responses', () => {
  it('answer nothing later than the anchor, and the anchor day has answers up to it', async () => {
    const [row] = await db.query<{ latest: Date; n: number; today: number }>(
      "SELECT max(response_date) AS latest, count(*) AS n, count(*) FILTER (WHERE response_date >= CAST('2026-11-20 00:00:00' AS TIMESTAMP)) AS today FROM responses",
    );
    expect(Number(row.n)).toBe(3000);
    expect(row.latest.getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
    expect(Number(row.today)).toBeGreaterThan(0);
  });

  it('are the same rows for the same count and anchor, and leave no load table behind', async () => {
    const other = await freshDb();
    try {
      await migrate(other);
      await seedResponses(other, 3000, ANCHOR);
      const rows = (d: Db) => d.query('SELECT id, response_date, store, nps, verbatim FROM responses ORDER BY id');
      expect(await rows(other)).toEqual(await rows(db));
      expect(await other.query("SELECT table_name FROM information_schema.tables WHERE table_name = 'responses_load'")).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('are numbered in order of arrival, each e-mail with its own row\'s number', async () => {
    const rows = await db.query<{ id: number; response_date: Date; customer_email: string }>('SELECT id, response_date, customer_email FROM responses ORDER BY id');
    expect(rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    const dates = rows.map((r) => r.response_date.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    for (const r of rows) expect(r.customer_email).toMatch(new RegExp(`^[a-z.]+\\.${r.id}@example\\.com$`));
  });
});
