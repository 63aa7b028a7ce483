import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { requireRoles, SET_UP_FIRST } from '../auth/middleware';
import { checkPassword, countedCheck } from '../auth/sign-in';
import {
  beginEnrolment, confirmEnrolment, isAdmin, isEnrolled, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, requiredForAdmins, setRequiredForAdmins, spendCode,
} from '../auth/second-factor';
import { badRequest, forbidden, notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { findUserById } from '../identity/users';
import { logOperation } from '../operations/log';
import { noStore } from '../http/no-store';
import { qrSvg } from '../../src/lib/qr-svg';

const codeBody = z.object({ code: z.string({ message: 'Enter the code from your authenticator app.' }).trim().min(1, 'Enter the code from your authenticator app.').max(64) });
const ALREADY = 'A second factor is already set up: turn it off first to set up another.';
const NOT_SET_UP = 'No second factor is set up.';

async function me(c: Context<Env>) {
  const user = await findUserById(c.var.deps.db, c.var.user.id);
  if (!user) throw notFound('Your account no longer exists.');
  return user;
}

/** A code typed while signed in counts like a password: the same lock holds, so a stolen session cannot try codes freely. */
async function countedCode(c: Context<Env>, userName: string, check: () => Promise<boolean>) {
  const outcome = await countedCheck(c, userName, check);
  if (!outcome.ok) throw badRequest(outcome.message, { code: [outcome.message] });
}

/** The signed-in user's second factor (RFC 6238 codes and recovery codes): status, set-up, confirmation, new codes, removal. */
export const secondFactorRoutes = new Hono<Env>()
  .use(noStore)
  .get('/', async (c) => {
    const { db } = c.var.deps;
    const user = await me(c);
    const enabled = await isEnrolled(db, user.id);
    return c.json({ enabled, required: isAdmin(user) && (await requiredForAdmins(db)), recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, user.id) : 0 });
  })
  .post('/setup', async (c) => {
    const { db } = c.var.deps;
    const user = await me(c);
    if (await isEnrolled(db, user.id)) throw badRequest(ALREADY);
    const { secret, uri } = await beginEnrolment(db, user);
    return c.json({ secret, uri, qrSvg: qrSvg(uri) });
  })
  .post('/confirm', async (c) => {
    const { db, now } = c.var.deps;
    const { code } = await readBody(c, codeBody);
    const user = await me(c);
    if (await isEnrolled(db, user.id)) throw badRequest(ALREADY);
    let codes: string[] | undefined;
    await countedCode(c, user.user_name, async () => !!(codes = await db.tx((q) => confirmEnrolment(q, user, code, now()))));
    await logOperation(db, c.var.user, 'Second factor set up', user.user_name, now());
    return c.json({ recoveryCodes: codes });
  })
  .post('/recovery-codes', async (c) => {
    const { db, now } = c.var.deps;
    const { code } = await readBody(c, codeBody);
    const user = await me(c);
    if (!(await isEnrolled(db, user.id))) throw badRequest(NOT_SET_UP);
    await countedCode(c, user.user_name, () => spendCode(db, user, code, now()));
    return c.json({ recoveryCodes: await db.tx((q) => replaceRecoveryCodes(q, user.id)) });
  })
  .post('/disable', async (c) => {
    const { db, now } = c.var.deps;
    const { password } = await readBody(c, z.object({ password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(1024) }));
    const user = await me(c);
    if (!(await isEnrolled(db, user.id))) throw badRequest(NOT_SET_UP);
    // The same check as a sign-in: wrong passwords count towards the lock.
    const outcome = await checkPassword(c, user.user_name, password);
    if (!outcome.ok) throw badRequest(outcome.locked ? outcome.message : 'The password is incorrect.', { password: [outcome.message] });
    await db.tx((q) => removeSecondFactor(q, user.id));
    await logOperation(db, c.var.user, 'Second factor turned off', user.user_name, now());
    return c.json({ enabled: false });
  })
  .put('/required', requireRoles('GlobalAdmin'), async (c) => {
    const { db, now } = c.var.deps;
    // A session that may only set up its own second factor cannot lift the requirement that holds it.
    if (c.var.user.enrolOnly) throw forbidden(SET_UP_FIRST);
    const { required } = await readBody(c, z.object({ required: z.boolean({ message: 'required must be true or false.' }) }));
    await setRequiredForAdmins(db, required);
    await logOperation(db, c.var.user, 'Second factor for administrators', required ? 'required' : 'optional', now());
    return c.json({ required });
  });
