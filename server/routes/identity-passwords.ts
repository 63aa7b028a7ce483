import { Hono } from 'hono';
import type { Env } from '../context';
import { requireAuth } from '../auth/middleware';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password';
import { badRequest, notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { findUserById, findUserByName } from '../identity/users';
import { createOneTimeToken, createTotpCode, peekToken, spendToken } from '../identity/one-time';
import type { Queryable } from '../db';
import { readSetting } from './settings';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match. Please enter again.';
export const RESET_FAILED = 'Unable to reset your password. Please ensure it meets the minimum criteria below';
export const INVALID_LINK = 'This link is not valid or has expired.';

const passwords = z.object({
  oldPassword: z.string().max(1024).optional(),
  newPassword: z.string().min(1, 'Enter a new password.').max(1024),
  confirmPassword: z.string().max(1024),
});
const unwrap = (key: string) => (v: unknown) => (v && typeof v === 'object' && key in v ? (v as Record<string, unknown>)[key] : v);

/** Checks match and strength; the errors name the field (spec: server errors are shown per field). */
function checkNewPassword(p: z.infer<typeof passwords>, failure: string) {
  if (p.newPassword !== p.confirmPassword) throw badRequest(PASSWORDS_DO_NOT_MATCH, { ConfirmPassword: [PASSWORDS_DO_NOT_MATCH] });
  const problem = passwordProblem(p.newPassword);
  if (problem) throw badRequest(failure, { NewPassword: [problem] });
}

async function setPassword(q: Queryable, userId: string, password: string) {
  await q.query('UPDATE users SET password_hash = $1, change_password_on_next_login = false, failed_sign_ins = 0, locked_until = NULL WHERE id = $2', [
    await hashPassword(password), userId,
  ]);
}

/** Anonymous password flows: reset request, reset by link, first password by invitation link. */
export const passwordRoutes = new Hono<Env>()
  .post('/requestResetpassword', async (c) => {
    const { db, now } = c.var.deps;
    const username = await readBody(c, z.preprocess(unwrap('username'), z.string().trim().min(1, 'Enter your user name.').max(256)));
    const user = await findUserByName(db, username);
    if (user) await createOneTimeToken(db, user.id, user.email, 'reset', now());
    // The same answer whether or not the account exists, so the form cannot be used to probe for users.
    return c.json({ isSuccess: true, message: 'If the account exists, we have sent it a link to reset the password.' });
  })
  .post('/requestPasswordResetAfterLogin', async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, z.object({ username: z.string().trim().min(1).max(256), changePasswordData: passwords }));
    const user = await findUserByName(db, body.username);
    if (!user || !(await verifyPassword(body.changePasswordData.oldPassword ?? '', user.password_hash))) {
      throw badRequest('The current password is incorrect.', { OldPassword: ['The current password is incorrect.'] });
    }
    checkNewPassword(body.changePasswordData, RESET_FAILED);
    await setPassword(db, user.id, body.changePasswordData.newPassword);
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully' });
  })
  .post('/resetpassword/:token', async (c) => {
    const { db, now } = c.var.deps;
    const token = c.req.param('token');
    const body = await readBody(c, passwords);
    const found = await peekToken(db, token, ['reset', 'create'], now());
    if (!found) return c.json({ isSuccess: false, message: INVALID_LINK, tokenInvalid: true }, 400);
    checkNewPassword(body, RESET_FAILED);
    await db.tx(async (q) => {
      await setPassword(q, found.userId, body.newPassword);
      await spendToken(q, token);
    });
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully', purpose: found.purpose });
  })
  .get('/otpWho/:token', async (c) => {
    const { db, now } = c.var.deps;
    const found = await peekToken(db, c.req.param('token'), ['reset', 'create'], now());
    const user = found && (await findUserById(db, found.userId));
    if (!found || !user) return c.json({ message: INVALID_LINK, tokenInvalid: true }, 404);
    return c.json({ firstName: user.first_name, email: user.email, purpose: found.purpose });
  });

/** Signed-in password change and the QR sign-in code. */
export const sessionPasswordRoutes = new Hono<Env>()
  .use(requireAuth)
  .post('/changePassword', async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, z.preprocess(unwrap('ChangePasswordModel'), passwords));
    const user = await findUserById(db, c.var.user.id);
    if (!user) throw notFound('Your account no longer exists.');
    if (!(await verifyPassword(body.oldPassword ?? '', user.password_hash))) {
      throw badRequest('A problem was encountered and your password was not updated', { OldPassword: ['The current password is incorrect.'] });
    }
    checkNewPassword(body, 'A problem was encountered and your password was not updated');
    await setPassword(db, user.id, body.newPassword);
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully' });
  })
  .post('/totp/next', async (c) => {
    const { db, now } = c.var.deps;
    const { code, expires } = await createTotpCode(db, c.var.user.id, now());
    const portal = await readSetting<{ clientId?: string }>(db, 'portal');
    return c.json({ code, expires: expires.toISOString(), username: c.var.user.userName, clientId: portal?.clientId ?? '' });
  });
