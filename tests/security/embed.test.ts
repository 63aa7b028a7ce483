import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { signEmbedRequest } from '../../server/embed/request';

const SECRET = 'embed-secret-of-the-security-suite-0123456789';
const PARTNER = 'https://partner.example';
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal(200, { embedOrigins: [PARTNER], embedSecret: SECRET });
});
afterAll(() => portal.close());

let jti = 0;
const now = () => Math.floor(portal.clock.now.getTime() / 1000);
const request = (over: Record<string, unknown> = {}, secret = SECRET) =>
  signEmbedRequest({ iss: 'partner', jti: `r-${++jti}`, iat: now(), exp: now() + 300, elements: ['cx-visual'], modules: ['responses'], ...over }, secret);
const exchange = (token: string) => portal.call('POST', '/api/embed/token', { body: { token }, headers: { origin: PARTNER } });
const scoped = async (over: Record<string, unknown> = {}) => {
  const res = await exchange(request(over));
  if (res.status !== 200) throw new Error(res.text);
  return res.body.access_token as string;
};
const call = (token: string, method: string, path: string) => portal.call(method, path, { token, body: method === 'POST' ? {} : undefined, headers: { origin: PARTNER } });

describe('signed embedding', () => {
  it('exchanges a partner’s signed request for a token that reads only the elements and data it names', async () => {
    const token = await scoped();
    expect((await call(token, 'POST', '/api/dashboard/visuals/responses/nps')).status).toBe(200);
    expect((await call(token, 'POST', '/api/smartdata/filters/responses')).status).toBe(200);
    // Another module, another element's calls, the user screens: refused.
    expect((await call(token, 'POST', '/api/smartdata/filters/cases')).status).toBe(403);
    expect((await call(token, 'POST', '/api/dataviewer/data/responses/default')).status).toBe(403);
    expect((await call(token, 'POST', '/api/dataviz/visuals/overview/Default')).status).toBe(403);
    expect((await call(token, 'POST', '/api/identity/userdetail')).status).toBe(403);
    expect((await call(token, 'GET', '/api/favourites/Favourites')).status).toBe(403);
  });

  it('a dashboard in the request brings its module, and no other dashboard', async () => {
    const token = await scoped({ elements: ['cx-dashboard'], modules: [], dashboards: ['overview'] });
    expect((await call(token, 'POST', '/api/dataviz/visuals/overview/Default')).status).toBe(200);
    expect((await call(token, 'POST', '/api/smartdata/filters/responses')).status).toBe(200);
    expect((await call(token, 'POST', '/api/dataviz/visuals/drivers/Default')).status).toBe(403);
    // The dashboard's filter bar asks for the token's own claim filters; the stores of the data stay out of reach.
    expect((await call(token, 'GET', '/api/filter')).status).toBe(200);
    expect((await call(token, 'GET', '/reporting/api/filter/stores')).status).toBe(403);
  });

  it('applies the request’s claims to a service identity', async () => {
    const token = await scoped({ claims: [['Region', 'North']] });
    const res = await call(token, 'POST', '/api/smartdata/filters/responses');
    const regions = res.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues;
    expect(regions.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);
  });

  it('refuses a claim type the portal does not know, in any casing, instead of ignoring it', async () => {
    for (const type of ['region', 'Regoin', 'REGION', 'constructor']) {
      const res = await exchange(request({ claims: [[type, 'North']] }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The embed request names an unknown claim type "${type}": claim types are Region, Country, Store.`);
    }
    // Also when it only rides along a known one: no part of a request is silently dropped.
    expect((await exchange(request({ sub: 'north.manager@demo.cx', claims: [['Region', 'North'], ['region', 'South']] }))).status).toBe(400);
  });

  it('acts as a named user, whose own claims a request can narrow but never widen', async () => {
    const north = await scoped({ sub: 'north.manager@demo.cx' });
    const res = await call(north, 'POST', '/api/smartdata/filters/responses');
    expect(res.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues).toHaveLength(1);
    const wider = await exchange(request({ sub: 'north.manager@demo.cx', claims: [['Region', 'South']] }));
    expect(wider.status).toBe(403);
    // A user without a data role (SurveyEditor) cannot be embedded as.
    expect((await exchange(request({ sub: 'surveyeditor@demo.cx' }))).status).toBe(403);
  });

  it('refuses forged, expired, over-long, replayed and malformed requests', async () => {
    expect((await exchange(request({}, 'a-different-secret-of-the-same-length-01234'))).body.message).toMatch(/not signed with the portal’s embed secret/);
    expect((await exchange(request({ iat: now() - 900, exp: now() - 10 }))).body.message).toBe('The embed request has expired.');
    expect((await exchange(request({ exp: now() + 3600 }))).body.message).toMatch(/at most 10 minutes/);
    // What the partner cannot be granted is its mistake to fix: a 400 naming it, not a 401.
    const refused = await exchange(request({ elements: ['cx-visual', 'cx-user-list'] }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The embed request is malformed: elements\.1: cx-user-list cannot be embedded by a signed request: elements may be cx-visual, /);
    expect((await exchange(request({ dashboards: ['nope'] }))).status).toBe(400);
    const once = request();
    const answers = await inParallel(5, () => exchange(once));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401 && /already used/.test(a.body.message))).toHaveLength(4);
  });

  it('serves every data element: queues, a case, review tiles, viewers, each for its own module only', async () => {
    const queue = await scoped({ elements: ['cx-queue', 'cx-record-detail'], modules: ['cases'] });
    expect((await call(queue, 'GET', '/api/processflow/cases/queues')).status).toBe(200);
    expect((await call(queue, 'GET', '/api/processflow/cases/queuecounts')).status).toBe(200);
    expect((await call(queue, 'POST', '/api/processflow/smartdata/queue/New/filters/cases')).status).toBe(200);
    const page = await call(queue, 'POST', '/api/processflow/cases/queue/All/PF');
    expect(page.status).toBe(200);
    const id = String(page.body.data[0].SourceObjectId);
    expect((await call(queue, 'GET', `/api/processflow/cases/processFlowObject/${id}/PF`)).status).toBe(200);
    expect((await call(queue, 'GET', `/api/processflow/validUserAllocations?moduleId=cases&sourceObjectId=${id}`)).status).toBe(200);
    expect((await call(queue, 'POST', `/api/processflow/cases/markread/${id}`)).status).toBe(200);
    // Another case module, the colleagues of another, and an export: refused.
    expect((await call(queue, 'GET', '/api/processflow/reviews/queues')).status).toBe(403);
    expect((await call(queue, 'GET', `/api/processflow/validUserAllocations?moduleId=reviews&sourceObjectId=${id}`)).status).toBe(403);
    expect((await call(queue, 'GET', `/api/processflow/cases/processFlowObjectHistory/${page.body.data[0].ProcessFlowObjectId}/export`)).status).toBe(403);

    const reviews = await scoped({ elements: ['cx-review-feed', 'cx-review-ratings', 'cx-like-for-like', 'cx-data-viewer'], modules: ['reviews'] });
    expect((await call(reviews, 'POST', '/api/dashboard/visuals/reviews/review-ratings')).status).toBe(200);
    expect((await call(reviews, 'GET', '/api/dataviewer/profiles/reviews')).status).toBe(200);
    expect((await call(reviews, 'POST', '/api/dashboard/visuals/responses/nps')).status).toBe(403);
    // The data viewer's favourites are a user's own: an embed keeps none (and reads no one's).
    expect((await call(reviews, 'GET', '/api/favourites/available/Favourites')).body).toEqual({ available: false });
    expect((await call(reviews, 'GET', '/api/favourites/Favourites')).status).toBe(403);
  });

  it('lets the elements that highlight comments read the highlights of their own modules only', async () => {
    const highlights = (token: string, sourceId: string) =>
      portal.call('POST', '/api/text/highlights', { token, body: { sourceId, rowKeys: ['1'] }, headers: { origin: PARTNER } });
    const viewer = await scoped({ elements: ['cx-data-viewer'], modules: ['responses'] });
    expect((await highlights(viewer, 'responses')).status).toBe(200);
    expect((await highlights(viewer, 'reviews')).status).toBe(403);
    // A case's page highlights its comment, a row of the case outcomes: only the rows of its case modules.
    const detail = await scoped({ elements: ['cx-queue', 'cx-record-detail'], modules: ['cases'] });
    const { access } = await portal.signIn('portaluser@demo.cx');
    const [ours, theirs] = await Promise.all(['cases', 'reviews'].map(async (m) => String((await call(access, 'POST', `/api/processflow/${m}/queue/All/PF`)).body.data[0].ProcessFlowObjectId)));
    const outcomes = (token: string) => portal.call('POST', '/api/text/highlights', { token, body: { sourceId: 'case-outcomes', rowKeys: [ours, theirs] }, headers: { origin: PARTNER } });
    expect(Object.keys((await outcomes(access)).body.rows).sort()).toEqual([ours, theirs].sort());
    const read = await outcomes(detail);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.rows)).toEqual([ours]);
    expect((await highlights(detail, 'responses')).status).toBe(403);
    expect((await highlights(viewer, 'case-outcomes')).status).toBe(403);
    // A tile (a review feed) highlights its module's comments; a filter bar shows none.
    expect((await highlights(await scoped(), 'responses')).status).toBe(200);
    expect((await highlights(await scoped(), 'reviews')).status).toBe(403);
    expect((await highlights(await scoped({ elements: ['cx-smart-filter-bar'] }), 'responses')).status).toBe(403);
  });

  it('lets a tile or a dashboard read the topic impact of its own modules only', async () => {
    const impact = (token: string, sourceId: string) => call(token, 'GET', `/api/datasources/${sourceId}/topics/impact`);
    const tile = await scoped();
    expect((await impact(tile, 'responses')).status).toBe(200);
    expect((await impact(tile, 'reviews')).status).toBe(403);
    // The taxonomy itself stays the administrators': no element reads it.
    expect((await call(tile, 'GET', '/api/datasources/responses/topics')).status).toBe(403);
    const dashboard = await scoped({ elements: ['cx-dashboard'], modules: [], dashboards: ['overview'] });
    expect((await impact(dashboard, 'responses')).status).toBe(200);
    expect((await impact(await scoped({ elements: ['cx-smart-filter-bar'] }), 'responses')).status).toBe(403);
  });

  it('ends with its session like any other token', async () => {
    const token = await scoped();
    await portal.db.query('UPDATE sessions SET revoked = true WHERE user_id = $1', ['embed:partner']);
    expect((await call(token, 'POST', '/api/dashboard/visuals/responses/nps')).status).toBe(401);
  });
});

describe('the origin allow-list', () => {
  it('answers a listed origin’s preflight, cached and without credentials', async () => {
    const res = await portal.call('OPTIONS', '/api/smartdata/filters/responses', {
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-max-age']).toBe('7200');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    // An embedded element sends its latest write's token (read-your-writes with the replica, issue 50).
    expect(res.headers['access-control-allow-headers']).toMatch(/X-Cx-Read-After/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a listed origin save with PUT, DELETE and PATCH: the methods follow the routes', async () => {
    const preflight = await portal.call('OPTIONS', '/api/alerts/a-1', {
      headers: { origin: PARTNER, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']));
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // The save itself answers with the grant (a 404 for an alert that does not exist: the browser reads it).
    const { access } = await portal.signIn('portaluser@demo.cx');
    const save = await portal.call('PUT', '/api/alerts/nope', { token: access, body: {}, headers: { origin: PARTNER } });
    expect(save.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(save.headers['access-control-expose-headers']).toMatch(/Content-Disposition/i);
    expect(save.headers['access-control-expose-headers']).toMatch(/X-Cx-Read-After/i);
  });

  it('gives an unlisted origin no grant, preflight or not', async () => {
    const preflight = await portal.call('OPTIONS', '/api/alerts/a-1', {
      headers: { origin: 'https://stranger.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses any other origin before the call runs', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    const res = await portal.call('POST', '/api/smartdata/filters/responses', { token: access, body: {}, headers: { origin: 'https://stranger.example' } });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body.message).toBe('The origin https://stranger.example may not call this portal’s API: it is not in EMBED_ORIGINS.');
  });
});
