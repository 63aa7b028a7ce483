import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { inParallel, startPortal, type Portal } from './portal';

let portal: Portal;
const keyBefore = process.env.SECRETS_KEY;
beforeAll(async () => {
  // A portal with a key seals the authenticator secrets (server/http/seal.ts).
  process.env.SECRETS_KEY = 'second-factor-suite-key';
  portal = await startPortal();
});
afterAll(async () => {
  if (keyBefore === undefined) delete process.env.SECRETS_KEY;
  else process.env.SECRETS_KEY = keyBefore;
  await portal.close();
});

const PASSWORD = 'Demo-2345!';
const ASK = 'Enter the code from your authenticator app.';
const WRONG = 'The code is incorrect.';
const LOCKED = /^This account is locked after 5 failed sign-ins\. Try again in \d+ minutes?\.$/;
const SET_UP_FIRST = 'Set up a second factor to continue.';

const later = (seconds: number) => (portal.clock.now = new Date(portal.clock.now.getTime() + seconds * 1000));
const token = (username: string, otp?: string, from?: string, password = PASSWORD) =>
  portal.call('POST', '/api/identity/token', { body: { username, password, ...(otp === undefined ? {} : { otp }) }, from });
const codeOf = (secret: string, at = portal.clock.now) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
/** A code that is none of the three the server accepts now (one step either side). */
const notNow = (secret: string) => {
  const near = [-30_000, 0, 30_000].map((d) => codeOf(secret, new Date(portal.clock.now.getTime() + d)));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
};

/** Enrols a user through the API as they would in the account page: the secret and the ten recovery codes. */
async function enrol(username: string, from?: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { access } = await portal.signIn(username, PASSWORD, from);
  const setup = await portal.call('POST', '/api/account/second-factor/setup', { token: access, from });
  expect(setup.status).toBe(200);
  expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/CX%20Portal:.+\?.*issuer=CX%20Portal/);
  expect(setup.body.qrSvg).toMatch(/^<svg /);
  const confirmed = await portal.call('POST', '/api/account/second-factor/confirm', { token: access, from, body: { code: codeOf(setup.body.secret) } });
  expect(confirmed.status).toBe(200);
  // The code that confirmed is spent: the first sign-in waits for the next step.
  later(30);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

describe('a user with a second factor', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    ({ secret, recoveryCodes } = await enrol('portaluser@demo.cx', '127.0.1.1'));
  });

  it('is enrolled with ten recovery codes kept only as hashes, and the secret sealed', async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const { access } = await portal.signIn('surveyeditor@demo.cx');
    expect((await portal.call('GET', '/api/account/second-factor', { token: access })).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const stored = await portal.db.query<{ code_hash: string }>("SELECT r.code_hash FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.user_name = 'portaluser@demo.cx'");
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    const [factor] = await portal.db.query<{ secret: string }>("SELECT f.secret FROM second_factors f JOIN users u ON u.id = f.user_id WHERE u.user_name = 'portaluser@demo.cx'");
    expect(factor.secret).toMatch(/^v1\./);
    expect(factor.secret).not.toContain(secret);
  });

  it('cannot sign in with the password alone', async () => {
    const answer = await token('portaluser@demo.cx', undefined, '127.0.1.2');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ isSuccess: false, message: ASK, content: null, secondFactor: true });
  });

  it('a wrong code is refused; a wrong password with the right code says nothing about the code', async () => {
    const wrong = await token('portaluser@demo.cx', notNow(secret), '127.0.1.3');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ isSuccess: false, message: WRONG, secondFactor: true });
    const badPassword = await token('portaluser@demo.cx', codeOf(secret), '127.0.1.3', 'not-the-password');
    expect(badPassword.body.message).toBe('The user name or password is incorrect.');
    expect(badPassword.body.secondFactor).toBeUndefined();
  });

  it('signs in with the code, and the same code cannot be used again (replay), even in parallel', async () => {
    later(30);
    const code = codeOf(secret);
    const answers = await inParallel(4, () => token('portaluser@demo.cx', code, '127.0.1.4'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === WRONG)).toHaveLength(3);
    expect((await token('portaluser@demo.cx', code, '127.0.1.4')).body.message).toBe(WRONG);
    // The code of the step before is older than the one used: refused too.
    expect((await token('portaluser@demo.cx', codeOf(secret, new Date(portal.clock.now.getTime() - 30_000)), '127.0.1.4')).body.message).toBe(WRONG);
  });

  it('a recovery code signs in once', async () => {
    const [first] = recoveryCodes;
    const once = await token('portaluser@demo.cx', first.toUpperCase(), '127.0.1.5');
    expect(once.status).toBe(200);
    expect(once.body.content.access_token).toBeTruthy();
    const again = await token('portaluser@demo.cx', first, '127.0.1.5');
    expect(again.body).toMatchObject({ message: WRONG, secondFactor: true });
    const { access } = await portal.signIn('portaluser@demo.cx', PASSWORD, '127.0.1.5').catch(() => ({ access: once.body.content.access_token as string }));
    expect((await portal.call('GET', '/api/account/second-factor', { token: access })).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 9 });
  });

  it('5 wrong codes lock the account like 5 wrong passwords, for the right code too', async () => {
    for (let i = 0; i < 5; i++) expect((await token('portaluser@demo.cx', notNow(secret), '127.0.1.6')).body.message).toBe(WRONG);
    later(30);
    expect((await token('portaluser@demo.cx', codeOf(secret), '127.0.1.6')).body.message).toMatch(LOCKED);
    // Asking without a code does not count and does not clear the lock.
    expect((await token('portaluser@demo.cx', undefined, '127.0.1.6')).body.message).toMatch(LOCKED);
  });

  it('30 parallel code guesses: at most 5 are checked, the rest are refused by the lock', async () => {
    const answers = await inParallel(30, (i) => token('portaluser@demo.cx', String(100000 + i * 7919).slice(0, 6), '127.0.1.7'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.body.message === WRONG)).toHaveLength(5);
    expect(answers.filter((a) => LOCKED.test(a.body.message))).toHaveLength(25);
  });

  it('asking without a code between wrong codes does not reset the count', async () => {
    for (let i = 0; i < 4; i++) await token('portaluser@demo.cx', notNow(secret), '127.0.1.8');
    expect((await token('portaluser@demo.cx', undefined, '127.0.1.8')).body.message).toBe(ASK);
    expect((await token('portaluser@demo.cx', notNow(secret), '127.0.1.8')).body.message).toBe(WRONG);
    expect((await token('portaluser@demo.cx', notNow(secret), '127.0.1.8')).body.message).toMatch(LOCKED);
  });

  it('the local single sign-on page asks for the code too', async () => {
    const sso = (form: Record<string, string>) => portal.call('POST', '/api/sso/local/authorize', { form: { returnTo: '/sso/confirm', relayState: '/', email: 'portaluser@demo.cx', password: PASSWORD, ...form }, from: '127.0.1.9' });
    const asked = await sso({});
    expect(asked.status).toBe(400);
    expect(asked.headers.location).toBeUndefined();
    expect(asked.text).toContain(ASK);
    expect(asked.text).toContain('name="otp"');
    expect((await sso({ otp: notNow(secret) })).text).toContain(WRONG);
    later(30);
    const signedIn = await sso({ otp: codeOf(secret) });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toMatch(/^\/sso\/confirm\?assertion=/);
  });

  it('the signed-out password change needs the code too', async () => {
    const change = (otp?: string) =>
      portal.call('POST', '/api/identity/requestPasswordResetAfterLogin', {
        from: '127.0.1.12',
        body: { username: 'portaluser@demo.cx', changePasswordData: { oldPassword: PASSWORD, newPassword: 'Taken-Over-1', confirmPassword: 'Taken-Over-1' }, ...(otp ? { otp } : {}) },
      });
    const asked = await change();
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe(ASK);
    expect((await change(notNow(secret))).body.message).toBe(WRONG);
    // The password was not changed.
    later(30);
    expect((await token('portaluser@demo.cx', codeOf(secret), '127.0.1.12')).status).toBe(200);
  });

  it('new recovery codes need a current code, and the guesses there count too', async () => {
    later(30);
    const { access } = await portal.signIn('portaluser@demo.cx', PASSWORD, '127.0.1.10').catch(async () => {
      const res = await token('portaluser@demo.cx', codeOf(secret), '127.0.1.10');
      return { access: res.body.content.access_token as string };
    });
    const renew = (code: string) => portal.call('POST', '/api/account/second-factor/recovery-codes', { token: access, from: '127.0.1.10', body: { code } });
    for (let i = 0; i < 5; i++) expect((await renew(notNow(secret))).body.message).toBe(WRONG);
    later(30);
    expect((await renew(codeOf(secret))).body.message).toMatch(LOCKED);
  });

  it('turning it off takes the password', async () => {
    later(16 * 60);
    const res = await token('portaluser@demo.cx', codeOf(secret), '127.0.1.11');
    const access = res.body.content.access_token as string;
    const wrong = await portal.call('POST', '/api/account/second-factor/disable', { token: access, from: '127.0.1.11', body: { password: 'nope' } });
    expect(wrong.status).toBe(400);
    const off = await portal.call('POST', '/api/account/second-factor/disable', { token: access, from: '127.0.1.11', body: { password: PASSWORD } });
    expect(off.body).toEqual({ enabled: false });
    expect((await token('portaluser@demo.cx', undefined, '127.0.1.11')).status).toBe(200);
  });
});

describe('the portal setting that requires a second factor of administrators', () => {
  it('only a GlobalAdmin changes it', async () => {
    const { access } = await portal.signIn('portaladmin@demo.cx', PASSWORD, '127.0.2.1');
    const refused = await portal.call('PUT', '/api/account/second-factor/required', { token: access, body: { required: true } });
    expect(refused.status).toBe(403);
  });

  it('an administrator without one gets a session that can only set it up, until they sign in again with a code', async () => {
    const admin = await portal.signIn('globaladmin@demo.cx', PASSWORD, '127.0.2.2');
    expect((await portal.call('PUT', '/api/account/second-factor/required', { token: admin.access, body: { required: true } })).body).toEqual({ required: true });

    const signedIn = await token('portaladmin@demo.cx', undefined, '127.0.2.3');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.content.secondFactorSetup).toBe(true);
    const access = signedIn.body.content.access_token as string;
    for (const [method, path] of [['POST', '/api/identity/userdetail'], ['GET', '/api/UserPreferences/get'], ['GET', '/api/content'], ['POST', '/api/identity/getuserlist'], ['GET', '/api/settings/refresh']]) {
      const res = await portal.call(method, path, { token: access, body: {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(SET_UP_FIRST);
    }
    // A restricted GlobalAdmin cannot lift the requirement either.
    const restrictedGlobal = await token('globaladmin@demo.cx', undefined, '127.0.2.4');
    const lift = await portal.call('PUT', '/api/account/second-factor/required', { token: restrictedGlobal.body.content.access_token, body: { required: false } });
    expect(lift.status).toBe(403);
    // A refresh keeps the restriction.
    const refreshed = await portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', refresh_token: signedIn.body.content.refresh_token } });
    expect(refreshed.body.content.secondFactorSetup).toBe(true);
    expect((await portal.call('POST', '/api/identity/userdetail', { token: refreshed.body.content.access_token })).status).toBe(403);

    // What it may do: read its status and the settings, set up, sign out.
    expect((await portal.call('GET', '/api/account/second-factor', { token: access })).body).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    expect((await portal.call('GET', '/api/settings', { token: access })).status).toBe(200);
    const setup = await portal.call('POST', '/api/account/second-factor/setup', { token: access });
    expect((await portal.call('POST', '/api/account/second-factor/confirm', { token: access, body: { code: codeOf(setup.body.secret) } })).status).toBe(200);
    expect((await portal.call('POST', '/api/identity/logout', { token: access, body: {} })).status).toBe(200);

    // Signed in again with a code: the whole portal.
    later(30);
    const full = await token('portaladmin@demo.cx', codeOf(setup.body.secret), '127.0.2.3');
    expect(full.body.content.secondFactorSetup).toBeUndefined();
    expect((await portal.call('POST', '/api/identity/userdetail', { token: full.body.content.access_token })).status).toBe(200);
  });

  it('does not touch users who are not administrators', async () => {
    const answer = await token('surveyeditor@demo.cx', undefined, '127.0.2.5');
    expect(answer.body.content.secondFactorSetup).toBeUndefined();
    expect((await portal.call('POST', '/api/identity/userdetail', { token: answer.body.content.access_token })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is a 400 with a clear message, never a 500', async () => {
    const { access } = await portal.signIn('north.manager@demo.cx', PASSWORD, '127.0.3.1');
    const confirm = await portal.call('POST', '/api/account/second-factor/confirm', { token: access, body: { code: 42 } });
    expect(confirm.status).toBe(400);
    expect((await portal.call('POST', '/api/account/second-factor/recovery-codes', { token: access, body: { code: '123456' } })).body.message).toBe('No second factor is set up.');
    expect((await portal.call('PUT', '/api/account/second-factor/required', { token: access, body: { required: 'yes' } })).status).toBe(403);
    expect((await portal.call('POST', '/api/identity/token', { body: { username: 'north.manager@demo.cx', password: PASSWORD, otp: 123456 } })).status).toBe(400);
  });
});
