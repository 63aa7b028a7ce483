import { describe, expect, it } from 'vitest';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../../../server/context';
import { answeredByRead, readOnly } from '../../../server/auth/reads';

// Which routes may start their work beside the session check (requireAuth): only those marked readOnly.
const probe: MiddlewareHandler<Env> = async (c, next) => {
  c.header('x-read', String(answeredByRead(c)));
  await next();
};
const check: MiddlewareHandler<Env> = (_, next) => next();

function app() {
  const routes = new Hono<Env>()
    .post('/marked', readOnly((c) => c.json({})))
    .post('/unmarked', (c) => c.json({}))
    .post('/own-check', check, readOnly((c) => c.json({})));
  // Mounted as the portal mounts its areas: behind middleware, inside an API with an error handler of its own.
  const area = new Hono<Env>().use(probe, check).route('/', routes);
  const api = new Hono<Env>().route('/api/area', area);
  api.onError((e, c) => c.json({ message: e.message }, 500));
  api.all('/api/*', (c) => c.json({}, 404));
  return new Hono<Env>().route('/', api);
}

const isRead = async (path: string) => (await app().request(path, { method: 'POST' })).headers.get('x-read');

describe('answeredByRead', () => {
  it('should take a route marked readOnly for a read, through the mounts and error handlers around it', async () => {
    expect(await isRead('/api/area/marked')).toBe('true');
  });

  it('should not take an unmarked route, one with middleware of its own, or an unknown path for a read', async () => {
    expect(await isRead('/api/area/unmarked')).toBe('false');
    expect(await isRead('/api/area/own-check')).toBe('false');
    expect(await isRead('/api/area/nothing-here')).toBe('false');
  });
});
