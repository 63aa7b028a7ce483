import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { harness, type Harness } from './harness';
import { PASSWORDS_DO_NOT_MATCH, INVALID_LINK } from '../../../server/routes/identity-passwords';

let h: Harness;
beforeAll(async () => {
  h = await harness(200);
});
afterAll(() => h.close());

/** The newest reset link mailed to `email`: the mail goes out after the answer, so this waits for it. */
const resetLink = (email: string) =>
  vi.waitFor(async () => {
    const rows = await h.db.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC', [email]);
    if (!rows.length) throw new Error(`no mail to ${email} yet`);
    return /\/resetPassword\/([\w-]+)/.exec(rows[0].body)![1];
  }, { timeout: 15_000 });

describe('password reset', () => {
  it('answers the same for known and unknown accounts, and mails only the known one', async () => {
    const known = await h.call('POST', '/api/identity/requestResetpassword', { body: 'portaluser@demo.cx' });
    const unknown = await h.call('POST', '/api/identity/requestResetpassword', { body: { username: 'ghost@demo.cx' } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await resetLink('portaluser@demo.cx');
    const mails = await h.db.query<{ recipient: string }>('SELECT recipient FROM mail_outbox');
    expect(mails.map((m) => m.recipient)).toEqual(['portaluser@demo.cx']);
  });

  it('greets by first name, checks the new password and works once', async () => {
    await h.call('POST', '/api/identity/requestResetpassword', { body: 'north.manager@demo.cx' });
    const token = await resetLink('north.manager@demo.cx');
    expect((await h.call('GET', `/api/identity/otpWho/${token}`)).body).toEqual({ firstName: 'Nora', email: 'north.manager@demo.cx', purpose: 'reset' });
    const mismatch = await h.call('POST', `/api/identity/resetpassword/${token}`, { body: { newPassword: 'Abcdef-12', confirmPassword: 'Abcdef-13' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(PASSWORDS_DO_NOT_MATCH);
    const weak = await h.call('POST', `/api/identity/resetpassword/${token}`, { body: { newPassword: 'short', confirmPassword: 'short' } });
    expect(weak.body.message).toBe('Unable to reset your password. Please ensure it meets the minimum criteria below');
    expect(weak.body.errors.NewPassword).toHaveLength(1);
    const ok = await h.call('POST', `/api/identity/resetpassword/${token}`, { body: { newPassword: 'North-Star-77', confirmPassword: 'North-Star-77' } });
    expect(ok.status).toBe(200);
    expect(await h.signIn('north.manager@demo.cx', 'North-Star-77')).toBeTruthy();
    const again = await h.call('POST', `/api/identity/resetpassword/${token}`, { body: { newPassword: 'North-Star-78', confirmPassword: 'North-Star-78' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ tokenInvalid: true, message: INVALID_LINK });
  });

  it('rejects unknown and expired links', async () => {
    expect((await h.call('GET', '/api/identity/otpWho/not-a-token')).body).toEqual({ message: INVALID_LINK, tokenInvalid: true });
    await h.call('POST', '/api/identity/requestResetpassword', { body: 'surveyeditor@demo.cx' });
    const token = await resetLink('surveyeditor@demo.cx');
    h.clock.now = new Date(h.clock.now.getTime() + 25 * 3_600_000);
    expect((await h.call('GET', `/api/identity/otpWho/${token}`)).status).toBe(404);
  });

  it('changes the password after login when the old one is right', async () => {
    const body = { username: 'portaladmin@demo.cx', changePasswordData: { oldPassword: 'wrong', newPassword: 'Admin-Again-1', confirmPassword: 'Admin-Again-1' } };
    const wrong = await h.call('POST', '/api/identity/requestPasswordResetAfterLogin', { body });
    expect(wrong.body.errors).toEqual({ OldPassword: ['The current password is incorrect.'] });
    body.changePasswordData.oldPassword = 'Demo-2345!';
    expect((await h.call('POST', '/api/identity/requestPasswordResetAfterLogin', { body })).status).toBe(200);
    expect(await h.signIn('portaladmin@demo.cx', 'Admin-Again-1')).toBeTruthy();
  });
});

describe('changePassword (signed in)', () => {
  it('checks the old password, the match and the rule, then changes it', async () => {
    const token = await h.signIn('globaladmin@demo.cx');
    const change = (b: unknown) => h.call('POST', '/api/identity/changePassword', { token, body: b });
    expect((await change({ oldPassword: 'Demo-2345!', newPassword: 'Global-Admin-2', confirmPassword: 'x' })).body.message).toBe(PASSWORDS_DO_NOT_MATCH);
    const wrongOld = await change({ oldPassword: 'nope', newPassword: 'Global-Admin-2', confirmPassword: 'Global-Admin-2' });
    expect(wrongOld.body.message).toBe('A problem was encountered and your password was not updated');
    const ok = await change({ ChangePasswordModel: { oldPassword: 'Demo-2345!', newPassword: 'Global-Admin-2', confirmPassword: 'Global-Admin-2' } });
    expect(ok.body).toMatchObject({ isSuccess: true, message: 'Your password has been updated successfully' });
    // The caller goes on in a new session; the old one has ended.
    expect(ok.body.content.access_token).toEqual(expect.any(String));
    expect((await h.call('POST', '/api/identity/userdetail', { token })).status).toBe(401);
    expect(await h.signIn('globaladmin@demo.cx', 'Global-Admin-2')).toBeTruthy();
    expect((await h.call('POST', '/api/identity/changePassword', { body: {} })).status).toBe(401);
  });
});
