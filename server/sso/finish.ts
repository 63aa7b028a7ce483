import type { Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { ApiError } from '../http/errors';
import { revokeUserSessions } from '../auth/sessions';
import { claimsOf, findUserById, findUserByName, type Claim, type UserRow } from '../identity/users';
import { DEACTIVATED, isDeactivated } from '../identity/user-status';
import { checkMapping, mapIdentity } from './mapping';
import { settlePending } from './pending';
import { LocalIdentityProvider } from './provider';
import { insertUser } from '../identity/insert-user';
import { isUniqueViolation } from '../db';
import type { PendingSignIn, SsoIdentity, SsoProvider } from './types';

export const NO_ACCOUNT = 'No portal account matches this sign-on.';
const NO_EMAIL = 'The sign-on response does not name an e-mail address.';
const OTHER_LINK = 'This portal account signs in with another single sign-on.';
const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,253}$/;

/** A refusal the browser is sent to `/sso/error` with: the message says what was wrong (never a 500). */
export class SignInRefused extends Error {}

/** Sends the browser to the portal's sign-on error page with `message`. */
export const failSignIn = (c: Context, message: string) => c.redirect(`/sso/error?${new URLSearchParams({ error: message })}`, 303);

/**
 * The one path every protocol ends on, once the provider's answer is verified and the pending
 * sign-in spent: the portal user (found by the provider's subject, else by e-mail; created or
 * refused when unknown), the mapping rules applied (roles and claims replace the user's; a change
 * ends their other sessions), then the browser goes to `/sso/confirm` with a portal assertion
 * that only the browser that started the sign-in can exchange (POST /api/sso/token).
 */
export async function finishSignIn(c: Context<Env>, provider: SsoProvider, identity: SsoIdentity, pending: PendingSignIn): Promise<Response> {
  const { db, now, secret } = c.var.deps;
  try {
    const user = await db.tx(async (q) => {
      const found = await portalUser(q, provider, identity, now());
      if (await isDeactivated(q, found.id)) throw new SignInRefused(DEACTIVATED);
      await applyMapping(q, provider, identity, found);
      await settlePending(q, pending.id, found.id, identity.logout);
      return found;
    });
    const assertion = new LocalIdentityProvider(secret).issue(user.user_name, now(), pending.id);
    return c.redirect(`/sso/confirm?${new URLSearchParams({ assertion, relayState: pending.relay })}`, 303);
  } catch (error) {
    if (error instanceof SignInRefused || (error instanceof ApiError && error.status === 400)) return failSignIn(c, error.message);
    // Two first sign-ins of one new user at once: one creates the account, the other starts again.
    if (isUniqueViolation(error)) return failSignIn(c, 'Your account was being created by another sign-in at the same moment. Start the sign-in again.');
    throw error;
  }
}

async function portalUser(q: Queryable, provider: SsoProvider, identity: SsoIdentity, now: Date): Promise<UserRow> {
  const email = identity.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new SignInRefused(NO_EMAIL);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  // A provider speaks for its own domains only: it cannot sign in (and re-role) another company's users.
  if (provider.domains.length && !provider.domains.includes(domain)) throw new SignInRefused(`This identity provider does not sign in users of ${domain}.`);
  const subject = identity.subject.slice(0, 500);
  const [linked] = await q.query<{ user_id: string }>('SELECT user_id FROM user_sso WHERE provider_id = $1 AND subject = $2', [provider.id, subject]);
  const byLink = linked && (await findUserById(q, linked.user_id));
  if (byLink) return byLink;
  const byEmail = await findUserByName(q, email);
  if (byEmail) {
    const [link] = await q.query<{ provider_id: string }>('SELECT provider_id FROM user_sso WHERE user_id = $1', [byEmail.id]);
    // Another provider's user stays theirs; this provider's user with a new subject (re-created at the IdP) is still this user.
    if (link && link.provider_id !== provider.id) throw new SignInRefused(OTHER_LINK);
    if (link) return byEmail;
    // A user without a password becomes the provider's; one with a password keeps it (and signs in either way).
    if (!byEmail.password_hash) await q.query('INSERT INTO user_sso (user_id, provider_id, subject) VALUES ($1, $2, $3)', [byEmail.id, provider.id, subject]);
    return byEmail;
  }
  if (provider.unknownUsers === 'refuse') throw new SignInRefused(NO_ACCOUNT);
  const id = `u-${crypto.randomUUID()}`;
  const firstName = identity.firstName?.trim().slice(0, 100) || email.slice(0, email.indexOf('@'));
  await insertUser(q, { id, userName: email, email, firstName, lastName: identity.lastName?.trim().slice(0, 100) ?? '', role: provider.defaultRole }, now);
  await q.query('INSERT INTO user_sso (user_id, provider_id, subject) VALUES ($1, $2, $3)', [id, provider.id, subject]);
  return (await findUserById(q, id))!;
}

const claimKey = (claims: Claim[]) => claims.map(([t, v]) => `${t}=${v}`).sort().join('|');

/** Roles and claims from the rules; a change is written and ends the user's other sessions (their access must follow at once). */
async function applyMapping(q: Queryable, provider: SsoProvider, identity: SsoIdentity, user: UserRow): Promise<void> {
  const { mapping, defaultRole } = await checkMapping(q, provider.mapping, provider.defaultRole);
  const { role, claims } = mapIdentity(mapping, defaultRole, identity);
  const before = await claimsOf(q, user.id);
  if (role === user.role && claimKey(claims) === claimKey(before)) return;
  await q.query('UPDATE users SET role = $2 WHERE id = $1', [user.id, role]);
  await q.query('DELETE FROM user_claims WHERE user_id = $1', [user.id]);
  for (const [t, v] of claims) await q.query('INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ($1, $2, $3)', [user.id, t, v]);
  await revokeUserSessions(q, user.id);
  user.role = role;
}
