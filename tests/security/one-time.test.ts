import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, linkToken, startPortal, type Portal } from './portal';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

const later = (ms: number) => (portal.clock.now = new Date(portal.clock.now.getTime() + ms));
const reset = (link: string, password: string) => portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: password, confirmPassword: password } });

describe('one-time tokens have exactly one winner', () => {
  it('one reset link used 10 times at once sets one password', async () => {
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'portaluser@demo.cx' } });
    const link = await linkToken(portal, 'portaluser@demo.cx');
    const answers = await inParallel(10, (i) => reset(link, `Parallel-Pass-${i}`));
    const winners = answers.map((a, i) => (a.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.tokenInvalid === true)).toHaveLength(9);
    expect((await portal.call('POST', '/api/identity/token', { body: { username: 'portaluser@demo.cx', password: `Parallel-Pass-${winners[0]}` } })).status).toBe(200);
  });

  it('an older unused reset link stops working once a newer one is used', async () => {
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'surveyeditor@demo.cx' } });
    const older = await linkToken(portal, 'surveyeditor@demo.cx');
    later(1000);
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'surveyeditor@demo.cx' } });
    const newer = await linkToken(portal, 'surveyeditor@demo.cx', 2);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'Newer-Link-1')).status).toBe(200);
    const stale = await reset(older, 'Older-Link-1');
    expect(stale.status).toBe(400);
    expect(stale.body.tokenInvalid).toBe(true);
    expect((await portal.call('GET', `/api/identity/otpWho/${older}`)).status).toBe(404);
  });

  it('one QR code registers one device, however many requests race', async () => {
    const { access } = await portal.signIn('north.manager@demo.cx');
    const { code } = (await portal.call('POST', '/api/identity/totp/next', { token: access })).body;
    const answers = await inParallel(10, () => portal.call('POST', '/api/identity/application/register', { token: access, body: { code, scopeLabel: 'Tablet' } }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
    const list = await portal.call('GET', '/api/identity/application/list', { token: access });
    expect(list.body.results).toHaveLength(1);
  });

  it('a single sign-on assertion signs in once, however many requests race', async () => {
    const signedIn = await portal.call('POST', '/api/sso/local/authorize', {
      form: { returnTo: '/sso/confirm', relayState: '/', email: 'portaladmin@demo.cx', password: 'Demo-2345!' },
    });
    const assertion = new URL(signedIn.headers.location as string, portal.origin).searchParams.get('assertion')!;
    const answers = await inParallel(10, () => portal.call('POST', '/api/sso/token', { body: { assertion } }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === 'The sign-on response was already used.')).toHaveLength(9);
  });

  it('a weak password does not spend the link', async () => {
    later(1000);
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'system@demo.cx' } });
    const link = await linkToken(portal, 'system@demo.cx');
    expect((await reset(link, 'weak')).status).toBe(400);
    expect((await reset(link, 'Strong-Enough-1')).status).toBe(200);
  });
});
