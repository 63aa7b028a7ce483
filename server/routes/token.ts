import { Hono } from 'hono';
import type { Env } from '../context';
import type { Db, Queryable } from '../db';
import { verifyPassword } from '../auth/password';
import { issueRefreshToken, newSecret, REFRESH_TOKEN_DAYS, REMEMBER_ME_DAYS, signAccessToken, useRefreshToken } from '../auth/tokens';
import { findUserById, findUserByName, principalOf, type UserRow } from '../identity/users';
import { check, readBody, z } from '../http/validate';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;
export const BAD_CREDENTIALS = 'The user name or password is incorrect.';

const flag = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])]).optional();
const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string({ message: 'refresh_token is required.' }).min(1, 'refresh_token is required.').max(200),
  client_id: z.string().max(200).optional(),
  environment: z.string().max(200).optional(),
});
const passwordGrant = z.object({
  grant_type: z.literal('password', { message: 'grant_type must be password or refresh_token.' }).optional(),
  username: z.string({ message: 'Enter your user name.' }).trim().min(1, 'Enter your user name.').max(256),
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
  rememberme: flag,
});
const anyObject = z.record(z.string(), z.unknown(), { message: 'The body must be an object.' });

const fail = (message: string) => ({ isSuccess: false, message, content: null });

/** The token response of spec part 1 section 7. */
async function session(q: Queryable, user: UserRow, secret: string, refreshToken: string, now: Date) {
  const principal = await principalOf(q, user);
  const { token, expires } = signAccessToken(principal, secret, now.getTime());
  const { claims } = principal;
  return {
    isSuccess: true,
    message: '',
    content: {
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      createdOn: user.created_on.toISOString(),
      email: user.email,
      phoneNumber: user.phone_number,
      company: user.company,
      id: user.id,
      roles: user.role,
      portalRole: claims.filter(([t]) => t === 'PortalRole').map(([, v]) => v).join(','),
      claims: claims.map(([t, v]) => `${t}=${v}`).join('|'),
      changePasswordOnNextLogin: user.change_password_on_next_login,
      access_token: token,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: Math.round((expires.getTime() - now.getTime()) / 1000),
      '.expires': expires.toUTCString(),
    },
  };
}

export const tokenRoutes = new Hono<Env>().post('/token', async (c) => {
  const { db, secret, now } = c.var.deps;
  const raw = await readBody(c, anyObject);
  const body = raw.grant_type === 'refresh_token' ? check(refreshGrant, raw) : check(passwordGrant, raw);
  const at = now();

  if (body.grant_type === 'refresh_token') {
    const result = await db.tx(async (q) => {
      const used = await useRefreshToken(q, body.refresh_token, at);
      if (!used.ok) return fail(used.reason);
      const user = await findUserById(q, used.userId);
      if (!user) return fail('The account no longer exists.');
      return session(q, user, secret, await issueRefreshToken(q, user.id, used.family, REFRESH_TOKEN_DAYS, at), at);
    });
    return c.json(result, result.isSuccess ? 200 : 400);
  }

  const user = await findUserByName(db, body.username);
  if (!user) return c.json(fail(BAD_CREDENTIALS), 400);
  if (user.locked_until && user.locked_until.getTime() > at.getTime()) {
    const minutes = Math.ceil((user.locked_until.getTime() - at.getTime()) / 60_000);
    return c.json(fail(`This account is locked after ${MAX_FAILED_SIGN_INS} failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`), 400);
  }
  if (!(await verifyPassword(body.password, user.password_hash))) {
    const failures = user.failed_sign_ins + 1;
    const locked = failures >= MAX_FAILED_SIGN_INS;
    await db.query('UPDATE users SET failed_sign_ins = $1, locked_until = CAST($2 AS TIMESTAMP) WHERE id = $3', [
      locked ? 0 : failures,
      locked ? new Date(at.getTime() + LOCKOUT_MINUTES * 60_000) : null,
      user.id,
    ]);
    return c.json(fail(BAD_CREDENTIALS), 400);
  }
  if (user.failed_sign_ins > 0 || user.locked_until) {
    await db.query('UPDATE users SET failed_sign_ins = 0, locked_until = NULL WHERE id = $1', [user.id]);
  }
  const remember = body.rememberme === true || body.rememberme === 'true' || body.rememberme === 'on' || body.rememberme === '1';
  return c.json(await startSession(db, user, secret, at, remember));
});

/** A new session (a new refresh-token family) for a user who has proved who they are. */
export function startSession(db: Db, user: UserRow, secret: string, at: Date, remember: boolean) {
  return db.tx(async (q) =>
    session(q, user, secret, await issueRefreshToken(q, user.id, newSecret(12), remember ? REMEMBER_ME_DAYS : REFRESH_TOKEN_DAYS, at), at),
  );
}
