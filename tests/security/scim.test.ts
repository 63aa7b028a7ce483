// SCIM 2.0 provisioning (issue 48) over real HTTP: the Entra-like client script provisions,
// renames and deactivates users; a deactivated user's session ends at once and no sign-in path
// lets them back; tokens, filters, paging, errors and limits as an identity provider meets them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, linkToken, startPortal, type Portal } from './portal';
import { scimClient, USER_SCHEMA } from '../tools/scim-client';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PASSWORD = 'Provisioned-2345!';

let portal: Portal;
let admin: string;
let token: string;
let scim: ReturnType<typeof scimClient>;
beforeAll(async () => {
  portal = await startPortal();
  admin = (await portal.signIn('globaladmin@demo.cx')).access;
  const issued = await portal.call('POST', '/api/scim/tokens', { token: admin, body: { name: 'Entra ID' } });
  expect(issued.status).toBe(201);
  token = issued.body.token;
  scim = scimClient(portal.origin, token);
});
afterAll(() => portal.close());

const signIn = (username: string, password = PASSWORD) => portal.call('POST', '/api/identity/token', { body: { username, password } });
const me = (access: string) => portal.call('POST', '/api/identity/userdetail', { token: access });

/** A provisioned user sets a password the way any user can: a reset mail. */
async function givePassword(userName: string) {
  await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: userName } });
  const link = await linkToken(portal, userName);
  const set = await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: PASSWORD, confirmPassword: PASSWORD } });
  expect(set.status).toBe(200);
}

async function provisionedAndSignedIn(userName: string) {
  const created = await scim.create(userName);
  expect(created.status).toBe(201);
  await givePassword(userName);
  const answer = await signIn(userName);
  expect(answer.status).toBe(200);
  return { id: created.body.id as string, access: answer.body.content.access_token as string, refresh: answer.body.content.refresh_token as string };
}

describe('tokens', () => {
  it('only a GlobalAdmin issues tokens; the list never shows one; a revoked or wrong token is refused', async () => {
    const portalAdmin = (await portal.signIn('portaladmin@demo.cx')).access;
    expect((await portal.call('POST', '/api/scim/tokens', { token: portalAdmin, body: { name: 'Mine' } })).status).toBe(403);
    expect((await portal.call('GET', '/api/scim/tokens', { token: portalAdmin })).status).toBe(403);
    expect((await portal.call('POST', '/api/scim/tokens', { token: admin, body: {} })).status).toBe(400);

    const issued = await portal.call('POST', '/api/scim/tokens', { token: admin, body: { name: 'Okta' } });
    expect(issued.body.token).toMatch(/^scim_/);
    const list = await portal.call('GET', '/api/scim/tokens', { token: admin });
    expect(list.text).not.toContain(issued.body.token);
    expect(list.body.tokens.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Entra ID', 'Okta']));
    expect(Object.keys(list.body.tokens[0])).not.toContain('tokenHash');

    const okta = scimClient(portal.origin, issued.body.token);
    expect((await okta.send('GET', '/ServiceProviderConfig')).status).toBe(200);
    expect((await portal.call('DELETE', `/api/scim/tokens/${issued.body.id}`, { token: admin })).status).toBe(200);
    const revoked = await okta.send('GET', '/Users');
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ schemas: [ERROR], status: '401' });
    expect((await scimClient(portal.origin, `${token}x`).send('GET', '/Users')).status).toBe(401);
    expect((await portal.call('GET', '/scim/v2/Users')).status).toBe(401);
    // The portal's own access token is no provisioning token.
    expect((await portal.call('GET', '/scim/v2/Users', { token: admin })).status).toBe(401);
  });

  it('a client that sends many wrong tokens is throttled (429 with Retry-After), also when it then sends a right one', async () => {
    const from = '127.0.0.61';
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await portal.call('GET', '/scim/v2/Users', { token: `scim_wrong${i}`, from }));
    expect(answers.slice(0, 20).every((a) => a.status === 401)).toBe(true);
    expect(answers[20].status).toBe(429);
    expect(answers[20].headers['retry-after']).toBeDefined();
    expect((await portal.call('GET', '/scim/v2/Users', { token, from })).status).toBe(429);
    // Another client is not affected.
    expect((await portal.call('GET', '/scim/v2/Users', { token, from: '127.0.0.62' })).status).toBe(200);
  });
});

describe('the Entra-like client script provisions a user', () => {
  it('creates, renames and deactivates a user who had signed in: their session ends at once and no sign-in lets them back', async () => {
    const userName = 'casey.scim@example.com';
    expect((await scim.find(userName)).body.totalResults).toBe(0);
    const created = await scim.create(userName, 'Casey', 'Entra');
    expect(created.status).toBe(201);
    expect(created.contentType).toContain('application/scim+json');
    expect(created.body).toMatchObject({ schemas: [USER_SCHEMA], userName, active: true, name: { givenName: 'Casey', familyName: 'Entra' }, roles: [{ value: 'PortalUser' }] });
    // Provisioned without a password: no password signs them in until they set one.
    expect((await signIn(userName)).status).toBe(400);

    await givePassword(userName);
    const session = await signIn(userName);
    expect(session.status).toBe(200);
    const access = session.body.content.access_token;
    const refresh = session.body.content.refresh_token;
    expect((await me(access)).status).toBe(200);

    const renamed = await scim.rename(created.body.id, 'Cassandra', 'Provisioned');
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toMatchObject({ givenName: 'Cassandra', familyName: 'Provisioned' });
    expect((await me(access)).body.firstName).toBe('Cassandra');

    const deactivated = await scim.deactivate(created.body.id);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect((await me(access)).status).toBe(401);
    expect((await portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', refresh_token: refresh } })).status).toBe(400);
    const again = await signIn(userName);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This account is deactivated.');
    // A wrong password is told nothing about the account.
    expect((await signIn(userName, 'Wrong-2345!')).body.message).toBe('The user name or password is incorrect.');

    const reactivated = await scim.reactivate(created.body.id);
    expect(reactivated.body.active).toBe(true);
    expect((await signIn(userName)).status).toBe(200);
  });

  it('runs as a command-line script', async () => {
    const script = new URL('../tools/scim-client.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, portal.origin, token, 'create', 'cli.scim@example.com', 'Cli', 'User']);
    expect(stdout).toMatch(/^201 application\/scim\+json/);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{'))).userName).toBe('cli.scim@example.com');
  });

  it('an Okta-style path-less replace deactivates and ends the session too', async () => {
    const user = await provisionedAndSignedIn('okta.scim@example.com');
    expect((await portal.call('POST', '/api/identity/totp/next', { token: user.access })).status).toBe(200);
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'okta.scim@example.com' } });
    const link = await linkToken(portal, 'okta.scim@example.com', 2);
    const answer = await scim.oktaDeactivate(user.id);
    expect(answer.status).toBe(200);
    expect(answer.body.active).toBe(false);
    expect((await me(user.access)).status).toBe(401);
    expect((await portal.call('POST', '/api/identity/totp/next', { token: user.access })).status).toBe(401);
    expect((await signIn('okta.scim@example.com')).body.message).toBe('This account is deactivated.');
    // A link mailed before the deactivation is spent with it.
    const late = await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: 'Late-Link-2345!', confirmPassword: 'Late-Link-2345!' } });
    expect(late.body.tokenInvalid).toBe(true);
  });

  it('Entra-style PATCH bodies: e-mail by filter path, roles, path-less dotted keys, extension attributes', async () => {
    const user = await provisionedAndSignedIn('entra.patch@example.com');
    const answer = await scim.patch(user.id, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'entra.mail@example.com' },
      { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' },
      { op: 'Replace', value: { 'name.givenName': 'Eve', externalId: 'ext-eve' } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ emails: [{ value: 'entra.mail@example.com' }], name: { givenName: 'Eve' }, externalId: 'ext-eve' });
    // A role change ends the session, as an administrator's does.
    expect((await me(user.access)).status).toBe(200);
    const promoted = await scim.patch(user.id, [{ op: 'Add', path: 'roles', value: [{ value: 'surveyeditor' }, { value: 'NotARole' }] }]);
    expect(promoted.body.roles.map((r: { value: string }) => r.value)).toEqual(['PortalUser', 'SurveyEditor']);
    expect((await me(user.access)).status).toBe(401);
    const byExternal = await scim.send('GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-eve"')}`);
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([user.id]);
  });

  it('DELETE removes the portal user and their sessions', async () => {
    const user = await provisionedAndSignedIn('gone.scim@example.com');
    expect((await scim.remove(user.id)).status).toBe(204);
    expect((await scim.get(user.id)).status).toBe(404);
    expect((await me(user.access)).status).toBe(401);
    expect((await portal.db.query('SELECT id FROM users WHERE id = $1', [user.id])).length).toBe(0);
  });
});

describe('queries and discovery', () => {
  it('filters by userName, pages with startIndex and count (capped), and serves the discovery documents', async () => {
    for (let i = 0; i < 3; i++) expect((await scim.create(`page${i}.scim@example.com`)).status).toBe(201);
    const found = await scim.find('PAGE1.scim@example.com');
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ userName: 'page1.scim@example.com' }] });

    const all = (await scim.send('GET', '/Users?count=0')).body.totalResults;
    const page = await scim.send('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: all, startIndex: 2, itemsPerPage: 2 });
    const first = await scim.send('GET', '/Users?startIndex=1&count=3');
    expect(page.body.Resources[0].id).toBe(first.body.Resources[1].id);
    expect((await scim.send('GET', '/Users?count=5000')).body.itemsPerPage).toBeLessThanOrEqual(200);

    const put = await scim.send('PUT', `/Users/${found.body.Resources[0].id}`, { schemas: [USER_SCHEMA], userName: 'page1.scim@example.com', name: { givenName: 'Put', familyName: 'Whole' }, roles: [{ value: 'SurveyEditor' }] });
    expect(put.body).toMatchObject({ name: { givenName: 'Put', familyName: 'Whole' }, roles: [{ value: 'SurveyEditor' }], active: true });

    const config = await scim.send('GET', '/ServiceProviderConfig');
    expect((await portal.call('GET', '/scim/v2/ServiceProviderConfig', { token })).headers['cache-control']).toBe('no-store');
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    expect((await scim.send('GET', '/Schemas')).body.Resources.map((s: { id: string }) => s.id)).toContain(USER_SCHEMA);
    expect((await scim.send('GET', '/ResourceTypes/User')).body.endpoint).toBe('/Users');
    expect((await scim.send('GET', '/ResourceTypes/Nope')).status).toBe(404);
  });

  it('groups: create with members, Entra member add and remove (members[value eq]), filter by displayName', async () => {
    const a = (await scim.create('group.a@example.com')).body.id;
    const b = (await scim.create('group.b@example.com')).body.id;
    const group = await scim.send('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Care Team', externalId: 'grp-1', members: [{ value: a }] });
    expect(group.status).toBe(201);
    const id = group.body.id;
    const patch = (Operations: unknown[]) => scim.send('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations });
    expect((await patch([{ op: 'Add', path: 'members', value: [{ value: b }] }])).body.members.map((m: { value: string }) => m.value).sort()).toEqual([a, b].sort());
    expect((await patch([{ op: 'Remove', path: `members[value eq "${a}"]` }])).body.members.map((m: { value: string }) => m.value)).toEqual([b]);
    expect((await patch([{ op: 'replace', value: { id, displayName: 'Care Team EU' } }])).body.displayName).toBe('Care Team EU');
    expect((await patch([{ op: 'Add', path: 'members', value: [{ value: 'u-nobody' }] }])).status).toBe(400);
    const found = await scim.send('GET', `/Groups?filter=${encodeURIComponent('displayName eq "care team eu"')}&excludedAttributes=members`);
    expect(found.body.Resources).toEqual([expect.objectContaining({ id, externalId: 'grp-1' })]);
    expect(found.body.Resources[0].members).toBeUndefined();
    expect((await portal.call('GET', `/api/groups/${id}`, { token: admin })).body.members.map((m: { id: string }) => m.id)).toEqual([b]);
    expect((await scim.send('DELETE', `/Groups/${id}`)).status).toBe(204);
  });
});

describe('bad requests are SCIM errors, never 500', () => {
  const expectError = (reply: { status: number; body: Record<string, unknown>; contentType: string }, status: number, scimType?: string) => {
    expect(reply.status).toBe(status);
    expect(reply.contentType).toContain('application/scim+json');
    expect(reply.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
    expect(typeof reply.body.detail).toBe('string');
  };

  it('malformed JSON, unknown attributes, bad filters, bad PATCH values', async () => {
    const raw = await portal.call('POST', '/scim/v2/Users', { token, raw: '{"userName": ', headers: { 'content-type': 'application/scim+json' } });
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ schemas: [ERROR], status: '400' });
    expectError(await scim.send('POST', '/Users', { userName: 'odd@example.com', shoeSize: 44 }), 400, 'invalidSyntax');
    expectError(await scim.send('POST', '/Users', { userName: 'not an address' }), 400, 'invalidValue');
    expectError(await scim.send('POST', '/Users', { name: { givenName: 'No' } }), 400, 'invalidValue');
    expectError(await scim.send('GET', `/Users?filter=${encodeURIComponent('userName sw "a"')}`), 400, 'invalidFilter');
    expectError(await scim.send('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, 'invalidFilter');
    expectError(await scim.send('GET', '/Users?startIndex=abc'), 400);
    const id = (await scim.create('bad.patch@example.com')).body.id;
    expectError(await scim.patch(id, [{ op: 'replace', path: 'active', value: 'maybe' }]), 400, 'invalidValue');
    expectError(await scim.patch(id, [{ op: 'replace', path: 'shoeSize', value: 1 }]), 400, 'invalidPath');
    expectError(await scim.patch(id, [{ op: 'jump', path: 'active', value: true }]), 400, 'invalidSyntax');
    expectError(await scim.patch(id, [{ op: 'remove' }]), 400, 'noTarget');
    expectError(await scim.send('PATCH', `/Users/${id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectError(await scim.get('u-nobody'), 404);
    expectError(await scim.send('GET', '/Nowhere'), 404);
  });

  it('a taken userName is 409 uniqueness; of parallel creates of one userName exactly one wins', async () => {
    expect((await scim.create('twice.scim@example.com')).status).toBe(201);
    expectError(await scim.create('Twice.Scim@example.com'), 409, 'uniqueness');
    const answers = await inParallel(8, () => scim.create('race.scim@example.com'));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 201)) expectError(loser, 409, 'uniqueness');
    expect((await scim.find('race.scim@example.com')).body.totalResults).toBe(1);
  });
});

describe('the last active GlobalAdmin', () => {
  const LAST_ADMIN = /^globaladmin@demo\.cx is the last active GlobalAdmin/;
  const refused = (reply: { status: number; body: { schemas: string[]; scimType?: string; detail: string } }) => {
    expect(reply.status).toBe(400);
    expect(reply.body.schemas).toEqual([ERROR]);
    expect(reply.body.scimType).toBe('invalidValue');
    expect(reply.body.detail).toMatch(LAST_ADMIN);
  };

  it('is never deactivated, deleted or stripped of the role, so provisioning cannot lock every administrator out', async () => {
    const [found] = (await scim.find('globaladmin@demo.cx')).body.Resources;
    refused(await scim.deactivate(found.id));
    refused(await scim.oktaDeactivate(found.id));
    refused(await scim.remove(found.id));
    refused(await scim.patch(found.id, [{ op: 'Replace', path: 'roles', value: [{ value: 'PortalUser' }] }]));
    refused(await scim.patch(found.id, [{ op: 'Remove', path: 'roles[value eq "GlobalAdmin"]' }]));
    refused(await scim.send('PUT', `/Users/${found.id}`, { schemas: [USER_SCHEMA], userName: 'globaladmin@demo.cx', roles: [], active: true }));
    expect((await me(admin)).status).toBe(200);
    expect((await scim.get(found.id)).body).toMatchObject({ active: true, roles: [{ value: 'GlobalAdmin' }] });
  });

  it('with a second GlobalAdmin one may go, but of two racing deactivations exactly one wins', async () => {
    const [first] = (await scim.find('globaladmin@demo.cx')).body.Resources;
    const second = await scim.create('second.admin@example.com');
    expect((await scim.patch(second.body.id, [{ op: 'Add', path: 'roles', value: [{ value: 'GlobalAdmin' }] }])).status).toBe(200);
    const ids = [first.id as string, second.body.id as string];
    const raced = await inParallel(2, (i) => scim.deactivate(ids[i]));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    const still = (await Promise.all(ids.map((id) => scim.get(id)))).filter((r) => r.body.active);
    expect(still).toHaveLength(1);
    // The one deactivated comes back (the demo administrator signs in again for any later test).
    expect((await scim.reactivate(ids[raced.findIndex((r) => r.status === 200)])).status).toBe(200);
    admin = (await portal.signIn('globaladmin@demo.cx')).access;
  });
});
