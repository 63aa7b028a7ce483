import { rowsOf } from '../smartdata/rows';
import { Hono } from 'hono';
import type { Env } from '../context';
import { RESPONSES_SOURCE } from '../datasources/builtin/responses';
import { buildWhere } from '../smartdata/where';

/** Claim filter nodes: one per claim type the user has (spec part 1 section 6). */
export const claimFilterRoutes = new Hono<Env>().get('/', (c) => {
  const byType = new Map<string, string[]>();
  for (const [type, value] of c.var.user.claims) byType.set(type, [...(byType.get(type) ?? []), value]);
  return c.json(
    [...byType].map(([type, values]) => ({ label: type, name: type, filterName: type, fields: [type], Selection: values, defaultValue: values[0] })),
  );
});

/** Stores the user may see, with their region. */
export const storeFilterRoutes = new Hono<Env>().get('/stores', async (c) => {
  const w = buildWhere(RESPONSES_SOURCE, [], c.var.user.claims);
  const rows = await rowsOf(c.var.deps.db, RESPONSES_SOURCE).query<{ store: string; region: string }>(
    `SELECT DISTINCT store, region FROM responses ${w.sql} ORDER BY store`,
    w.params,
  );
  return c.json(rows.map((r) => ({ name: r.store, region: r.region })));
});

/** Test endpoints of spec part 1 section 7. */
export const dummyRoutes = new Hono<Env>()
  .get('/', (c) => c.json({ message: 'The CX portal API is running.' }))
  .get('/exception', () => {
    throw new Error('A test exception from /api/dummy/exception');
  })
  .get('/data', (c) => c.json([{ id: 1, name: 'First' }, { id: 2, name: 'Second' }]));
