import { Hono } from 'hono';
import type { Env } from '../context';
import { notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { MODULES } from '../smartdata/schema';
import { MAX_PAGE, recordsPage } from '../smartdata/records';
import { smartFilter } from './smartdata';

const recordsBody = z.object({
  skip: z.number().int().min(0).default(0),
  top: z.number().int().min(1).max(MAX_PAGE, `top must be at most ${MAX_PAGE}`).default(100),
  orderByFields: z.array(z.string().max(100)).max(5).default([]),
  orderByOperator: z
    .string()
    .default('ASC')
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { message: 'orderByOperator must be ASC or DESC' })),
  smartFilters: z.array(smartFilter).max(200).default([]),
});

/** Data viewer records (spec part 2 section 7); the profile segment names the view of the module. */
export const dataViewerRoutes = new Hono<Env>().post('/data/:moduleId/:profile', async (c) => {
  const module = MODULES[c.req.param('moduleId')];
  if (!module) throw notFound(`No smart-data module "${c.req.param('moduleId')}".`);
  const body = await readBody(c, recordsBody);
  return c.json(await recordsPage(c.var.deps.db, module, body, c.var.user.claims));
});
