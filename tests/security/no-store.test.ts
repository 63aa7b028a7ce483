// Answers that carry user data must never be kept by a browser's or a proxy's cache: a shared
// machine's next user, or a proxy, would read the last one's records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let admin: string;
let north: string;
beforeAll(async () => {
  portal = await startPortal();
  admin = (await portal.signIn('globaladmin@demo.cx')).access;
  north = (await portal.signIn('north.manager@demo.cx')).access;
});
afterAll(() => portal.close());

describe('Cache-Control: no-store on data answers', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['POST', '/api/smartdata/filters/responses', {}],
    ['POST', '/api/smartdata/filters/reviews', {}],
    ['POST', '/api/dataviewer/data/responses/default', { top: 5 }],
    ['POST', '/api/dataviewer/analytics/data/responses/default', { measureKeys: ['AvgNPS'], rowDimensions: ['Region'] }],
    ['POST', '/api/dataviz/visuals/overview/Default', {}],
    ['GET', '/api/dashboard/datasource/responses'],
    ['GET', '/api/processflow/cases/queuecounts'],
    ['GET', '/api/notifications'],
    ['GET', '/api/favourites/Favourites'],
    ['GET', '/reporting/api/filter/stores'],
    ['GET', '/api/UserPreferences/get'],
  ];

  it.each(calls)('%s %s', async (method, path, body) => {
    const res = await portal.call(method, path, { token: north, body });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on an administrator\'s user list and alerts, on a refusal and on an unknown API route', async () => {
    const users = await portal.call('POST', '/api/identity/getuserlist', { token: admin, body: {} });
    expect(users.status).toBe(200);
    expect(users.headers['cache-control']).toBe('no-store');
    const alerts = await portal.call('GET', '/api/alerts', { token: admin });
    expect(alerts.headers['cache-control']).toBe('no-store');
    const refused = await portal.call('POST', '/api/dataviewer/data/responses/default', { token: north, body: { orderByFields: ['NoSuchField'] } });
    expect(refused.status).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await portal.call('GET', '/api/no-such-route', { token: north });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
