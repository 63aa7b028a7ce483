import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';
import { signEmbedRequest } from '../../server/embed/request';

/**
 * A dashboard's source tells its viewer whether they may edit it (cx-dashboard's "Edit" link): the
 * server's own rule (administrators, the owner, an edit share), never an embed token's.
 */

const SECRET = 'embed-secret-of-the-dashboard-edit-link-suite-01';
const PARTNER = 'https://partner.example';
let portal: Portal;
let admin: string;
let user: string;

const source = (token: string, id: string, headers?: Record<string, string>) => portal.call('POST', `/api/dataviz/smartFilterDataSource/${id}`, { token, body: {}, headers });

beforeAll(async () => {
  portal = await startPortal(200, { embedOrigins: [PARTNER], embedSecret: SECRET });
  [admin, user] = (await Promise.all(['portaladmin@demo.cx', 'portaluser@demo.cx'].map((e) => portal.signIn(e)))).map((t) => t.access);
});
afterAll(() => portal.close());

describe("a dashboard's source: may its viewer edit it", () => {
  it('says yes to an administrator and no to a PortalUser on a seeded dashboard', async () => {
    expect((await source(admin, 'overview')).body.mayEdit).toBe(true);
    const seen = await source(user, 'overview');
    expect(seen.status).toBe(200);
    expect(seen.body.mayEdit).toBe(false);
  });

  it("says yes to a PortalUser on their own published dashboard", async () => {
    const tile = { name: 'responses', width: 4, height: 2, template: 'Gauge', templateBindings: { Header: 'Responses', Query: { kind: 'kpi', measure: 'responses' } } };
    const made = await portal.call('POST', '/api/dashboards', { token: user, body: { name: 'My own board', moduleId: 'responses', dashboard: { definitions: [tile], layouts: { Default: [{ name: 'responses', x: 0, y: 0, w: 4, h: 2 }] } } } });
    expect(made.status, made.text).toBe(201);
    expect((await portal.call('POST', `/api/dashboards/${made.body.id}/publish`, { token: user, body: {} })).status).toBe(200);
    expect((await source(user, made.body.id)).body.mayEdit).toBe(true);
  });

  it('says no to an embed token, whoever signed it', async () => {
    const now = Math.floor(portal.clock.now.getTime() / 1000);
    const request = signEmbedRequest({ iss: 'partner', jti: 'edit-link', iat: now, exp: now + 300, elements: ['cx-dashboard'], dashboards: ['overview'] }, SECRET);
    const token = (await portal.call('POST', '/api/embed/token', { body: { token: request }, headers: { origin: PARTNER } })).body.access_token as string;
    const seen = await source(token, 'overview', { origin: PARTNER });
    expect(seen.status).toBe(200);
    expect(seen.body.mayEdit).toBe(false);
  });
});
