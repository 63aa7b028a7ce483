import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-user-settings';
import '../../elements/cx-login';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { json, realFetch, server, type Call } from './fake-server';
import { captureNavigation, settled, shadow, typeInto } from './helpers';

const q = (el: Element, selector: string) => shadow(el).querySelector<HTMLElement>(selector);
const button = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent?.includes(name));
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

function signedInAs(role: string, extra: Partial<Session> = {}) {
  $session.set({
    id: 'u1', userName: 'globaladmin@demo.cx', email: 'globaladmin@demo.cx', firstName: 'G', lastName: 'A', createdOn: '2025-01-01', phoneNumber: null, company: null,
    role, portalRole: role, claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false, ...extra,
  });
}

/** A portal whose user has no second factor yet and sets one up. */
function enrolmentServer(): Call[] {
  let enabled = false;
  return server((method, path, call) => {
    if (method === 'GET' && path === '/api/settings') return json({ languages: [{ code: 'en', name: 'English' }], requireSecondFactorForAdmins: false });
    if (method === 'GET' && path === '/api/account/second-factor') return json({ enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 });
    if (method === 'POST' && path === '/api/account/second-factor/setup') return json({ secret: SECRET, uri: `otpauth://totp/CX%20Portal:globaladmin%40demo.cx?issuer=CX%20Portal&secret=${SECRET}`, qrSvg: '<svg/>' });
    if (method === 'POST' && path === '/api/account/second-factor/confirm') {
      if (JSON.parse(call.body).code !== '123456') return json({ message: 'The code is incorrect.' }, 400);
      enabled = true;
      return json({ recoveryCodes: CODES });
    }
    if (method === 'PUT' && path === '/api/account/second-factor/required') return json({ required: JSON.parse(call.body).required });
    return undefined;
  });
}

afterEach(() => {
  realFetch();
  $session.set(null);
});

describe('<cx-user-settings> two-step sign-in', () => {
  beforeEach(() => signedInAs('GlobalAdmin'));

  it('sets it up with the keyboard: QR code and key, a wrong then a right code, recovery codes shown once, accessibly', async () => {
    const calls = enrolmentServer();
    const el = await fixture(html`<cx-user-settings></cx-user-settings>`);
    await expect.poll(() => button(el, 'Set up two-step sign-in')).toBeTruthy();
    await expect(el).to.be.accessible();

    button(el, 'Set up two-step sign-in')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => q(el, 'svg.qr')).toBeTruthy();
    expect(q(el, 'svg.qr')!.getAttribute('aria-label')).toBe('QR code for your authenticator app');
    expect(q(el, '.secret')!.textContent!.replace(/\s/g, '')).toBe(SECRET);
    const field = q(el, 'input[name="code"]') as HTMLInputElement;
    expect(field.autocomplete).toBe('one-time-code');
    expect(field.inputMode).toBe('numeric');
    await expect(el).to.be.accessible();

    field.focus();
    await userEvent.keyboard('000000{Enter}');
    await expect.poll(() => q(el, '[role="alert"]')?.textContent).toBe('The code is incorrect.');
    typeInto(el, 'code', '123456');
    await settled(el);
    (q(el, 'input[name="code"]') as HTMLInputElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => shadow(el).querySelectorAll('.codes li').length).toBe(10);
    expect(q(el, '.codes')!.textContent).toContain(CODES[0]);
    expect(button(el, 'Copy codes')).toBeTruthy();
    expect(button(el, 'Download codes')).toBeTruthy();
    await expect(el).to.be.accessible();
    expect(calls.filter((c) => c.path === '/api/account/second-factor/confirm').map((c) => JSON.parse(c.body).code)).toEqual(['000000', '123456']);

    // Done: the codes are gone from the page, the status says it is on.
    button(el, 'I have saved the codes')!.click();
    await expect.poll(() => shadow(el).textContent).toContain('10 recovery codes are left');
    expect(q(el, '.codes')).toBeNull();
    expect(q(el, 'input[name="code"]')).toBeTruthy();
    expect(button(el, 'Turn off')).toBeTruthy();
    await expect(el).to.be.accessible();
  });

  it('lets a GlobalAdmin require it of administrators', async () => {
    const calls = enrolmentServer();
    const el = await fixture(html`<cx-user-settings></cx-user-settings>`);
    await expect.poll(() => q(el, 'input[name="requireSecondFactorForAdmins"]')).toBeTruthy();
    (q(el, 'input[name="requireSecondFactorForAdmins"]') as HTMLInputElement).click();
    await expect.poll(() => calls.find((c) => c.method === 'PUT')?.body).toBe('{"required":true}');
    await expect.poll(() => (q(el, 'input[name="requireSecondFactorForAdmins"]') as HTMLInputElement).checked).toBe(true);
  });

  it('does not offer the portal setting to a PortalAdmin', async () => {
    signedInAs('PortalAdmin');
    enrolmentServer();
    const el = await fixture(html`<cx-user-settings></cx-user-settings>`);
    await expect.poll(() => button(el, 'Set up two-step sign-in')).toBeTruthy();
    expect(q(el, 'input[name="requireSecondFactorForAdmins"]')).toBeNull();
  });
});

describe('<cx-login> code step', () => {
  it('asks for the code after the password, keeps the password, offers a recovery code, and resubmits with otp', async () => {
    const nav = captureNavigation();
    const calls = server((method, path, call) => {
      if (path === '/api/settings') return json({ languages: [] });
      if (method === 'POST' && path === '/api/identity/token') {
        const body = JSON.parse(call.body);
        if (!body.otp) return json({ isSuccess: false, message: 'Enter the code from your authenticator app.', content: null, secondFactor: true }, 400);
        if (body.otp !== 'abcde-fgh01') return json({ isSuccess: false, message: 'The code is incorrect.', content: null, secondFactor: true }, 400);
        return json({ isSuccess: true, message: '', content: { userName: 'portaladmin@demo.cx', roles: 'PortalAdmin', portalRole: '', claims: '', access_token: 'a', refresh_token: '', token_type: 'bearer', expires_in: 900, '.expires': new Date(Date.now() + 900_000).toUTCString(), changePasswordOnNextLogin: false, secondFactorSetup: true } });
      }
      return undefined;
    });
    try {
      const el = await fixture(html`<cx-login></cx-login>`);
      typeInto(el, 'username', 'portaladmin@demo.cx');
      typeInto(el, 'password', 'Demo-2345!');
      await settled(el);
      button(el, 'Sign in')!.click();
      await expect.poll(() => q(el, 'input[name="otp"]')).toBeTruthy();
      const otp = q(el, 'input[name="otp"]') as HTMLInputElement;
      expect(otp.autocomplete).toBe('one-time-code');
      expect(otp.inputMode).toBe('numeric');
      await expect.poll(() => shadow(el).activeElement).toBe(otp);
      expect((q(el, 'input[name="password"]') as HTMLInputElement).value).toBe('Demo-2345!');
      expect(q(el, '[role="alert"]')).toBeNull();
      await expect(el).to.be.accessible();

      await userEvent.keyboard('111111{Enter}');
      await expect.poll(() => q(el, '[role="alert"]')?.textContent).toBe('The code is incorrect.');

      button(el, 'Use a recovery code')!.click();
      await expect.poll(() => (q(el, 'input[name="otp"]') as HTMLInputElement).inputMode).toBe('text');
      expect(shadow(el).textContent).toContain('Recovery code');
      typeInto(el, 'otp', 'abcde-fgh01');
      await settled(el);
      button(el, 'Sign in')!.click();
      // An administrator who must set up a second factor goes to the page that sets it up.
      await expect.poll(() => nav.asked).toEqual(['/user/updateSettings']);
      const sent = calls.filter((c) => c.path === '/api/identity/token').map((c) => JSON.parse(c.body));
      expect(sent.map((b) => b.otp)).toEqual([undefined, '111111', 'abcde-fgh01']);
      expect(sent.every((b) => b.password === 'Demo-2345!')).toBe(true);
    } finally {
      nav.stop();
    }
  });
});

describe('single sign-on users', () => {
  it('see no password change and no two-step set-up', async () => {
    signedInAs('PortalUser', { ssoProvider: 'entra' });
    enrolmentServer();
    await import('../../elements/cx-change-password');
    const change = await fixture(html`<cx-change-password></cx-change-password>`);
    expect(q(change, 'input[name="oldPassword"]')).toBeNull();
    expect(shadow(change).textContent).toContain('single sign-on');
    const settings = await fixture(html`<cx-user-settings></cx-user-settings>`);
    await settled(settings);
    expect(button(settings, 'Set up two-step sign-in')).toBeUndefined();
  });
});
