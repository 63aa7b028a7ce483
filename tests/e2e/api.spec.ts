import { test, expect } from '@playwright/test';

// The real server, its seeded DuckDB and real HTTP, as `npm start` runs them.
test('a demo user signs in and the restricted user counts only their region', async ({ request }) => {
  const signIn = await request.post('/api/identity/token', { data: { username: 'north.manager@demo.cx', password: 'Demo-2345!' } });
  expect(signIn.status()).toBe(200);
  const { isSuccess, content } = await signIn.json();
  expect(isSuccess).toBe(true);
  expect(content).toMatchObject({ userName: 'north.manager@demo.cx', roles: 'PortalUser', claims: 'Region=North', token_type: 'bearer' });

  const filters = await request.post('/api/smartdata/filters/responses', {
    headers: { authorization: `Bearer ${content.access_token}` },
    data: { smartFilters: [] },
  });
  const body = await filters.json();
  const region = body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region');
  expect(region.filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);
  expect(body.recordCount).toBe(region.filterDimensionValues[0].count);
});

test('a portal route reloads to the host page and unknown API calls get JSON 404s', async ({ request }) => {
  expect((await request.get('/user/changePassword')).headers()['content-type']).toContain('text/html');
  const missing = await request.get('/api/does/not/exist');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: 'No API route for GET /api/does/not/exist' });
});
