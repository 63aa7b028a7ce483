import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
let user: string;
let other: string;
beforeAll(async () => {
  h = await harness(200);
  [user, other] = await Promise.all([h.signIn('portaluser@demo.cx'), h.signIn('north.manager@demo.cx')]);
});
afterAll(() => h.close());

const view = (region: string) => JSON.stringify({ smartDataSelection: { smartFilters: [{ filterKey: 'Region', filterValue: region }] }, viewMode: 'RecordsViewer' });
const body = (title: string, region = 'North') => ({ title, description: `Region: ${region}`, payload: view(region) });

describe('/api/favourites', () => {
  it('is available, saves after NoIssue, and lists only the caller\'s own', async () => {
    expect((await h.call('GET', '/api/favourites/available/Favourites', { token: user })).status).toBe(200);
    const check = await h.call('POST', '/api/favourites/validate/responses', { token: user, body: body('North stores') });
    expect(check.body).toMatchObject({ outcome: 'NoIssue', data: null });
    const saved = await h.call('POST', '/api/favourites/responses', { token: user, body: body('North stores') });
    expect(saved.status).toBe(200);
    const mine = await h.call('GET', '/api/favourites/Favourites', { token: user });
    expect(mine.body.map((f: { title: string }) => f.title)).toEqual(['North stores']);
    expect((await h.call('GET', '/api/favourites/Favourites', { token: other })).body).toEqual([]);
  });

  it('answers SameTitle (any case) and SamePayload with the messages of the spec', async () => {
    const title = await h.call('POST', '/api/favourites/validate/responses', { token: user, body: body('NORTH STORES', 'South') });
    expect(title.body).toMatchObject({ outcome: 'SameTitle', message: 'The favourite with the name you have entered already exists. Please use another name.' });
    const payload = await h.call('POST', '/api/favourites/validate/responses', { token: user, body: body('Another name') });
    expect(payload.body).toMatchObject({ outcome: 'SamePayload', message: 'You have already added this view to the favourites as "North stores". Do you want to add it again?' });
    // A confirmed SamePayload saves; a same title never does.
    expect((await h.call('POST', '/api/favourites/responses', { token: user, body: body('Another name') })).status).toBe(200);
    const refused = await h.call('POST', '/api/favourites/responses', { token: user, body: body('north stores', 'West') });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The favourite with the name you have entered already exists. Please use another name.');
  });

  it('updates the last access when opened as one\'s own (f=), not through a share link (s=)', async () => {
    const [first] = (await h.call('GET', '/api/favourites/Favourites', { token: user })).body;
    expect(first.LastAccessedAt).toBeNull();
    const shared = await h.call('GET', `/api/favourites/share/favourites/${first.favouritesId}`, { token: other });
    expect(shared.body.payload).toBe(first.payload);
    expect((await h.call('GET', `/api/favourites/Favourites/${first.favouritesId}`, { token: user })).body.LastAccessedAt).toBeNull();
    const opened = await h.call('GET', `/api/favourites/Favourites/${first.favouritesId}?updateAccessedAt=true&_=1`, { token: user });
    expect(opened.body.LastAccessedAt).not.toBeNull();
    expect((await h.call('GET', `/api/favourites/Favourites/${first.favouritesId}`, { token: other })).status).toBe(404);
  });

  it('removes only the caller\'s own and refuses bad input with a message', async () => {
    const [first] = (await h.call('GET', '/api/favourites/Favourites', { token: user })).body;
    expect((await h.call('DELETE', `/api/favourites/Favourites/${first.favouritesId}`, { token: other })).status).toBe(404);
    expect((await h.call('DELETE', `/api/favourites/Favourites/${first.favouritesId}`, { token: user })).status).toBe(200);
    expect((await h.call('GET', '/api/favourites/Favourites', { token: user })).body).toHaveLength(1);
    const empty = await h.call('POST', '/api/favourites/responses', { token: user, body: { title: ' ', payload: view('x') } });
    expect(empty.body.message).toBe('title: A title is required.');
    expect((await h.call('POST', '/api/favourites/responses', { token: user, body: { title: 'x', payload: 'not json' } })).body.message).toBe('payload: The view state must be JSON text.');
    expect((await h.call('POST', '/api/favourites/nope', { token: user, body: body('y') })).status).toBe(404);
    expect((await h.call('GET', '/api/favourites/Favourites')).status).toBe(401);
  });
});
