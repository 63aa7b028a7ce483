import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { requireAuth } from '../auth/middleware';
import { passwordProblem } from '../auth/password';
import { checkPassword, type SecondStep } from '../auth/sign-in';
import { secondStepWith } from '../auth/second-factor';
import { findSession, revokeUserSessions, startSession } from '../auth/sessions';
import { unlockAccount } from '../auth/throttle';
import { badRequest, notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { findUserById, findUserByName } from '../identity/users';
import { consumeToken, createOneTimeToken, createTotpCode, peekToken, spendUserLinks } from '../identity/one-time';
import type { Queryable } from '../db';
import { readSetting } from './settings';
import { answerWithSession } from './token';
import { NO_PORTAL_PASSWORD } from '../sso/sessions';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match. Please enter again.';
export const RESET_FAILED = 'Unable to reset your password. Please ensure it meets the minimum criteria below';
export const INVALID_LINK = 'This link is not valid or has expired.';
const UPDATE_FAILED = 'A problem was encountered and your password was not updated';
const WRONG_OLD = 'The current password is incorrect.';

const passwords = z.object({
  oldPassword: z.string().max(1024).optional(),
  newPassword: z.string().min(1, 'Enter a new password.').max(1024),
  confirmPassword: z.string().max(1024),
});
const unwrap = (key: string) => (v: unknown) => (v && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : v);

/** Checks match and strength; the errors name the field (spec: server errors are shown per field). */
function checkNewPassword(p: z.infer<typeof passwords>, failure: string) {
  if (p.newPassword !== p.confirmPassword) throw badRequest(PASSWORDS_DO_NOT_MATCH, { ConfirmPassword: [PASSWORDS_DO_NOT_MATCH] });
  const problem = passwordProblem(p.newPassword);
  if (problem) throw badRequest(failure, { NewPassword: [problem] });
}

/** The old password through the one sign-in check: wrong ones count towards the lock, a locked account is refused. */
async function checkOldPassword(c: Context<Env>, userName: string, oldPassword: string | undefined, failure: string, secondStep?: SecondStep) {
  const outcome = await checkPassword(c, userName, oldPassword ?? '', secondStep);
  if (outcome.ok) return outcome.user;
  if (outcome.secondFactor) throw badRequest(outcome.message, { otp: [outcome.message] });
  throw badRequest(outcome.locked ? outcome.message : failure, { OldPassword: [outcome.locked ? outcome.message : WRONG_OLD] });
}

/** A new password ends every session of the user: whoever else held one is signed out. */
async function setPassword(c: Context<Env>, q: Queryable, userId: string, password: string) {
  await q.query('UPDATE users SET password_hash = $1, change_password_on_next_login = false WHERE id = $2', [await c.var.deps.hasher.hash(password), userId]);
  await revokeUserSessions(q, userId);
}

/** Anonymous password flows: reset request, reset by link, first password by invitation link. */
export const passwordRoutes = new Hono<Env>()
  .post('/requestResetpassword', async (c) => {
    const { db, now } = c.var.deps;
    const username = await readBody(c, z.preprocess(unwrap('username'), z.string().trim().min(1, 'Enter your user name.').max(256)));
    const at = now();
    // The answer goes before any look-up: known and unknown names answer alike, in the same time.
    void (async () => {
      const user = await findUserByName(db, username);
      // A user of single sign-on has no portal password: nothing is sent (and the answer is the same).
      if (user && !user.sso_provider) await createOneTimeToken(db, user.id, user.email, 'reset', at);
    })().catch((error) => console.error('Password reset e-mail failed:', error));
    return c.json({ isSuccess: true, message: 'If the account exists, we have sent it a link to reset the password.' });
  })
  .post('/requestPasswordResetAfterLogin', async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, z.object({ username: z.string().trim().min(1).max(256), changePasswordData: passwords, otp: z.string().max(64).optional() }));
    checkNewPassword(body.changePasswordData, RESET_FAILED);
    // Signed out, the old password alone is not enough for an account with a second factor.
    const user = await checkOldPassword(c, body.username, body.changePasswordData.oldPassword, WRONG_OLD, secondStepWith(db, body.otp, c.var.deps.now()));
    await db.tx((q) => setPassword(c, q, user.id, body.changePasswordData.newPassword));
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully' });
  })
  .post('/resetpassword/:token', async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, passwords);
    const link = await peekToken(db, c.req.param('token'), ['reset', 'create'], now());
    if (!link) return c.json({ isSuccess: false, message: INVALID_LINK, tokenInvalid: true }, 400);
    if ((await findUserById(db, link.userId))?.sso_provider) throw badRequest(NO_PORTAL_PASSWORD);
    // A weak or mismatched password leaves the link unspent.
    checkNewPassword(body, RESET_FAILED);
    const used = await db.tx(async (q) => {
      const found = await consumeToken(q, c.req.param('token'), ['reset', 'create'], now());
      if (!found) return undefined;
      await setPassword(c, q, found.userId, body.newPassword);
      await spendUserLinks(q, found.userId);
      const user = await findUserById(q, found.userId);
      // The owner proved the mailbox: every sign-in lock on the account ends.
      if (user) await unlockAccount(q, user.user_name.toLowerCase());
      return found;
    });
    if (!used) return c.json({ isSuccess: false, message: INVALID_LINK, tokenInvalid: true }, 400);
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully', purpose: used.purpose });
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
    const { db, now } = c.var.deps;
    const body = await readBody(c, z.preprocess(unwrap('ChangePasswordModel'), passwords));
    const me = await findUserById(db, c.var.user.id);
    if (!me) throw notFound('Your account no longer exists.');
    if (me.sso_provider) throw badRequest(NO_PORTAL_PASSWORD);
    checkNewPassword(body, UPDATE_FAILED);
    const user = await checkOldPassword(c, me.user_name, body.oldPassword, UPDATE_FAILED);
    // Every session ends, this one included; the caller goes on in a new one of the same kind.
    const answer = await db.tx(async (q) => {
      const current = await findSession(q, c.var.user.sessionId);
      await setPassword(c, q, user.id, body.newPassword);
      const options = { remember: current?.remember ?? false, cookie: !!current?.csrf_hash };
      const fresh = await findUserById(q, user.id);
      return answerWithSession(c, q, fresh!, { ...(await startSession(q, user.id, options, now())), remember: options.remember });
    });
    return c.json({ isSuccess: true, message: 'Your password has been updated successfully', content: answer.content });
  })
  .post('/totp/next', async (c) => {
    const { db, now } = c.var.deps;
    const { code, expires } = await createTotpCode(db, c.var.user.id, now());
    const portal = await readSetting<{ clientId?: string }>(db, 'portal');
    return c.json({ code, expires: expires.toISOString(), username: c.var.user.userName, clientId: portal?.clientId ?? '' });
  });
