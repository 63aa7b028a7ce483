import { Hono } from 'hono';
import type { Env } from '../context';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { localiseMessage, requestLang } from '../i18n';
import { findCase } from '../processflow/cases';
import { actorOf, performAction } from '../processflow/actions';
import { pfModule, REVIEW_CASES_MODULE } from '../processflow/modules';
import { findAction, type CaseState } from '../processflow/workflow';
import { ProviderError } from '../reviews/provider';
import { keepSocialToken, revokeSocialTokens, socialNonce, socialTokenProvider } from '../reviews/social-tokens';
import { refreshReviews } from '../reviews/sync';
import type { ReviewProviders } from '../reviews/providers';

const authBody = z.object({ provider: z.string().min(1, 'provider is required').max(40), idToken: z.string().min(1, 'idToken is required').max(8000) });
const replyBody = z.object({ idToken: z.string().min(1, 'idToken is required').max(8000), reply: z.string().trim().min(1, 'Write a reply.').max(4000, 'A reply has at most 4000 characters.') });
// A missing social sign-in is a 403: the portal session is fine (a 401 would end it in the page).
const NOT_SIGNED_IN = 'Sign in to the review provider to reply.';
const ANOTHER_USERS = 'This sign-in was made for another portal user or session: sign in to the review provider again.';

/**
 * The social calls of spec part 3 section 7: a sign-in with a review provider, a reply through it
 * (which is the review case's Reply action, so it lands in the case's history), the social
 * area's logout and a refresh of the provider's reviews (skipped within a minute).
 */
export function socialRoutes(providers: ReviewProviders) {
  return new Hono<Env>()
    // The nonce to pass to a provider's sign-in (Google's `nonce`): the id token must bring it back.
    .get('/nonce', (c) => c.json({ nonce: socialNonce(c.var.deps.secret, c.var.user) }))
    .post('/local/signin', async (c) => {
      const { user, deps } = c.var;
      return c.json({ provider: 'local', idToken: providers.local.issueIdToken(user.id, user.userName, socialNonce(deps.secret, user), deps.now()) });
    })
    .post('/auth', async (c) => {
      const body = await readBody(c, authBody);
      const provider = providers.byName(body.provider);
      if (!provider) throw badRequest(`No review provider "${body.provider}".`);
      const now = c.var.deps.now();
      const identity = await provider.verifyIdToken(body.idToken, now).catch(() => undefined);
      if (!identity) throw forbidden('The review provider did not accept this sign-in.');
      if (identity.nonce !== socialNonce(c.var.deps.secret, c.var.user)) throw forbidden(ANOTHER_USERS);
      const expiresAt = await keepSocialToken(c.var.deps.db, c.var.user.id, provider.name, body.idToken, identity, now);
      return c.json({ provider: provider.name, expiresAt: expiresAt.toISOString() });
    })
    .post('/logout', async (c) => {
      await revokeSocialTokens(c.var.deps.db, c.var.user.id, c.var.deps.now());
      return c.json({ isSuccess: true });
    })
    .post('/refresh', async (c) => {
      const now = c.var.deps.now();
      const results = [];
      for (const p of providers.all()) results.push({ provider: p.name, ...(await refreshReviews(c.var.deps.db, p, now)) });
      return c.json(results);
    })
    .post('/action/:sourceObjectId', async (c) => {
      const body = await readBody(c, replyBody);
      const { db, now: clock } = c.var.deps;
      const now = clock();
      const user = c.var.user;
      const providerName = await socialTokenProvider(db, user.id, body.idToken, now);
      if (!providerName) throw forbidden(NOT_SIGNED_IN);
      const id = Number(c.req.param('sourceObjectId'));
      const m = pfModule(REVIEW_CASES_MODULE)!;
      const found = Number.isSafeInteger(id) ? await findCase(db, m, id, user.claims) : undefined;
      if (!found) throw notFound('No such review.');
      const [review] = await db.query<{ provider: string; external_id: string }>('SELECT provider, external_id FROM reviews WHERE id = $1', [id]);
      const lang = requestLang(c);
      // Refused before anything is published: a review already answered, or a sign-in with another provider.
      if (!findAction(String(found.row.state) as CaseState, 'Reply', true)) return c.json({ validationResults: [{ messages: [localiseMessage(lang, 'This review has been answered already.')] }] });
      if (review.provider !== providerName) throw forbidden(NOT_SIGNED_IN);
      const provider = providers.byName(review.provider);
      if (!provider) throw new ApiError(502, `The review provider "${review.provider}" is not configured.`);
      let published: { at: Date };
      try {
        published = await provider.postReply(review.external_id, body.reply, now);
      } catch (e) {
        throw new ApiError(502, `The review provider did not take the reply: ${e instanceof ProviderError ? e.message : 'no answer'}`);
      }
      const answer = await performAction(db, actorOf(user), m, String(found.row.pfo_id), { actionName: 'Reply', comment: body.reply, isSocial: true }, now, c.var.deps.publicOrigin, {
        record: async (q, userName) => {
          await q.query('UPDATE reviews SET reply_text = $2, replied_at = CAST($3 AS TIMESTAMP), replied_by = $4 WHERE id = $1', [id, body.reply, published.at, userName]);
        },
      });
      if ('validationResults' in answer) answer.validationResults = answer.validationResults.map((r) => ({ messages: r.messages.map((msg) => localiseMessage(lang, msg)) }));
      return c.json(answer);
    });
}
