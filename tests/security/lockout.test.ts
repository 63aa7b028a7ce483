import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, linkToken, startPortal, type Portal } from './portal';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

const INCORRECT = 'The user name or password is incorrect.';
const LOCKED = /^This account is locked after 5 failed sign-ins\. Try again in \d+ minutes?\.$/;
const token = (username: string, password: string, from?: string) => portal.call('POST', '/api/identity/token', { body: { username, password }, from });
const later = (minutes: number) => (portal.clock.now = new Date(portal.clock.now.getTime() + minutes * 60_000));

describe('lockout holds under parallel guesses', () => {
  it('checks at most 5 of 30 parallel wrong passwords, then the account is locked for the right one too', async () => {
    const before = portal.verifications.count;
    const answers = await inParallel(30, (i) => token('portaluser@demo.cx', `guess-${i}`, '127.0.0.11'));
    const checked = answers.filter((a) => a.body.message === INCORRECT).length;
    expect(checked).toBe(5);
    expect(answers.filter((a) => LOCKED.test(a.body.message))).toHaveLength(25);
    expect(portal.verifications.count - before).toBe(5);
    expect(LOCKED.test((await token('portaluser@demo.cx', 'Demo-2345!', '127.0.0.11')).body.message)).toBe(true);
  });
});

describe('every path that takes a password shares the one sign-in check', () => {
  it('single sign-on neither signs in a locked account nor guesses without limit', async () => {
    const sso = (password: string) =>
      portal.call('POST', '/api/sso/local/authorize', { form: { returnTo: '/sso/confirm', relayState: '/', email: 'surveyeditor@demo.cx', password }, from: '127.0.0.12' });
    for (let i = 0; i < 5; i++) expect((await sso(`nope-${i}`)).status).toBe(400);
    const right = await sso('Demo-2345!');
    expect(right.status).toBe(400);
    expect(right.headers.location).toBeUndefined();
    expect(right.text).toMatch(/This account is locked after 5 failed sign-ins/);
    // The password grant sees the same lock from the same client.
    expect(LOCKED.test((await token('surveyeditor@demo.cx', 'Demo-2345!', '127.0.0.12')).body.message)).toBe(true);
  });

  it('the change-after-login call counts wrong old passwords and does not clear a lock', async () => {
    const change = (oldPassword: string) =>
      portal.call('POST', '/api/identity/requestPasswordResetAfterLogin', {
        body: { username: 'north.manager@demo.cx', changePasswordData: { oldPassword, newPassword: 'Taken-Over-1', confirmPassword: 'Taken-Over-1' } },
        from: '127.0.0.13',
      });
    for (let i = 0; i < 5; i++) expect((await change(`old-${i}`)).status).toBe(400);
    const locked = await change('Demo-2345!');
    expect(locked.status).toBe(400);
    expect(locked.body.message).toMatch(LOCKED);
    expect(LOCKED.test((await token('north.manager@demo.cx', 'Demo-2345!', '127.0.0.13')).body.message)).toBe(true);
    // The password was not changed by the refused call.
    later(16);
    expect((await token('north.manager@demo.cx', 'Taken-Over-1', '127.0.0.13')).status).toBe(400);
    expect((await token('north.manager@demo.cx', 'Demo-2345!', '127.0.0.13')).status).toBe(200);
  });

  it('the signed-in password change counts wrong old passwords too', async () => {
    const { access } = await portal.signIn('globaladmin@demo.cx', undefined, '127.0.0.14');
    const change = (oldPassword: string) =>
      portal.call('POST', '/api/identity/changePassword', { token: access, from: '127.0.0.14', body: { oldPassword, newPassword: 'Global-Admin-9', confirmPassword: 'Global-Admin-9' } });
    for (let i = 0; i < 5; i++) expect((await change(`old-${i}`)).status).toBe(400);
    expect((await change('Demo-2345!')).body.message).toMatch(LOCKED);
  });
});

describe('a known user name is not a denial-of-service switch', () => {
  it('five anonymous wrong guesses lock the account for that client only', async () => {
    for (let i = 0; i < 5; i++) await token('portaladmin@demo.cx', `x-${i}`, '127.0.0.21');
    expect(LOCKED.test((await token('portaladmin@demo.cx', 'Demo-2345!', '127.0.0.21')).body.message)).toBe(true);
    // The account's owner, elsewhere, signs in.
    expect((await token('portaladmin@demo.cx', 'Demo-2345!', '127.0.0.22')).status).toBe(200);
  });

  it('a client guessing across many accounts is stopped (429) after 30 failures', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await token(`someone${i}@demo.cx`, 'wrong', '127.0.0.23'));
    expect(answers.slice(0, 30).every((a) => a.status === 400)).toBe(true);
    expect(answers[30].status).toBe(429);
    expect(answers[30].body.message).toMatch(/^Too many failed sign-ins from your network\. Try again in \d+ minutes?\.$/);
    // Another client is not affected.
    expect((await token('portaluser@demo.cx', 'Demo-2345!', '127.0.0.24')).status).toBe(200);
    // 32 password checks at scrypt's full strength, one after another: past 5 s while other suites run.
  }, 60_000);

  it('a locked account is unlocked by a reset e-mail', async () => {
    for (let i = 0; i < 5; i++) await token('system@demo.cx', `y-${i}`, '127.0.0.25');
    expect(LOCKED.test((await token('system@demo.cx', 'Demo-2345!', '127.0.0.25')).body.message)).toBe(true);
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'system@demo.cx' }, from: '127.0.0.25' });
    const link = await linkToken(portal, 'system@demo.cx');
    const reset = await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: 'System-Again-7', confirmPassword: 'System-Again-7' } });
    expect(reset.status).toBe(200);
    expect((await token('system@demo.cx', 'System-Again-7', '127.0.0.25')).status).toBe(200);
  });

  it('unknown and known names lock alike, so the lock reveals no account', async () => {
    for (let i = 0; i < 5; i++) await token('nobody.here@demo.cx', `z-${i}`, '127.0.0.26');
    expect(LOCKED.test((await token('nobody.here@demo.cx', 'whatever', '127.0.0.26')).body.message)).toBe(true);
  });
});
