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
    expect((await exchange(request({ elements: ['cx-user-list'] }))).status).toBe(401);
    expect((await exchange(request({ dashboards: ['nope'] }))).status).toBe(400);
    const once = request();
    const answers = await inParallel(5, () => exchange(once));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401 && /already used/.test(a.body.message))).toHaveLength(4);
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
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses any other origin before the call runs', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    const res = await portal.call('POST', '/api/smartdata/filters/responses', { token: access, body: {}, headers: { origin: 'https://stranger.example' } });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body.message).toBe('The origin https://stranger.example may not call this portal’s API: it is not in EMBED_ORIGINS.');
  });
});
