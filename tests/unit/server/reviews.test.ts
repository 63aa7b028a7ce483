import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import type { ReviewProvider } from '../../../server/reviews/provider';
import { reviewProviders } from '../../../server/reviews/providers';
import { fakeGoogleEnv, GOOD_ID_TOKEN, startFakeGoogle, type FakeGoogle } from '../../tools/google-business-fake';

// Replies to public reviews: only with a live social sign-in, through the provider, as the review
// case's Reply action (one history entry, however many try at once), under the caller's claims.
const STORE = 'Leeds Express';
let h: Harness;
let user: string;
let north: string;
let fake: FakeGoogle;
let google: ReviewProvider;
beforeAll(async () => {
  fake = await startFakeGoogle();
  // The providers as the server builds them from its environment, Google's pointed at the fake.
  const reviews = reviewProviders('test-secret-that-is-long-enough', fakeGoogleEnv(fake.base, STORE));
  google = reviews.byName('google')!;
  ({ h, user, north } = await harnessWithUsers(3000, { reviews }));
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

const localSignIn = async (token: string) => {
  const { idToken } = (await h.call('POST', '/api/social/local/signin', { token })).body;
  const auth = await h.call('POST', '/api/social/auth', { token, body: { provider: 'local', idToken } });
  expect(auth.status).toBe(200);
  return idToken as string;
};
const reply = (id: number, idToken: string, text = 'Sorry this happened; please ask for Sam.', token = user) => h.call('POST', `/api/social/action/${id}`, { token, body: { idToken, reply: text } });
const unanswered = async (region?: string) => {
  const [row] = await h.db.query<{ id: number }>(`SELECT r.id FROM reviews r JOIN cases c ON c.module_id = 'reviews' AND c.source_object_id = r.id WHERE c.state = 'New' ${region ? 'AND r.region = $1' : ''} ORDER BY r.id LIMIT 1`, region ? [region] : []);
  return Number(row.id);
};

describe('the reviews dashboard beside the Review replies queue', () => {
  it("says 'Awaiting reply' of the very reviews the queue's New holds, whatever their date", async () => {
    const awaiting = async (token: string, smartFilters: object[] = []) => {
      const { visuals } = (await h.call('POST', '/api/dataviz/visuals/social/Default', { token, body: { smartFilters } })).body;
      return visuals.find((v: { name: string }) => v.name === 'review-updates').primary.review.awaitingReply;
    };
    const inNew = async (token: string, smartFilters: object[] = []) =>
      (await h.call('POST', '/api/processflow/reviews/queue/New/PF', { token, body: { skip: 0, top: 1, smartFilters } })).body.recordCount;
    expect(await awaiting(user)).toBe(await inNew(user));
    expect(await awaiting(north)).toBe(await inNew(north));
    const south = [{ filterKey: 'Region', filterValue: 'South' }];
    expect(await awaiting(user, south)).toBe(await inNew(user, south));
  });
});

describe('replying to a review', () => {
  it('is a case of the reviews module, with a Reply that only the social call may take', async () => {
    const id = await unanswered();
    const detail = (await h.call('GET', `/api/processflow/reviews/processFlowObject/${id}/PF`, { token: user })).body;
    expect(detail.processFlowObject.sourceObjectType).toBe('Review');
    const replyGroup = detail.permittedActionGroups.find((g: { name: string }) => g.name === 'Reply');
    expect(replyGroup.actionItems[0]).toMatchObject({ isSocial: true, quickTemplates: [{ name: 'Thank you' }, { name: 'Generic reply' }, { name: 'Sorry this happened' }] });
    expect(detail.permittedActionGroups.map((g: { name: string }) => g.name)).not.toContain('Contact customer');
    const direct = await h.call('POST', `/api/processflow/reviews/processFlowObject/action/${detail.processFlowObject.processFlowObjectId}`, { token: user, body: { actionName: 'Reply', comment: 'Hi' } });
    expect(direct.body.validationResults[0].messages).toEqual(['Sign in to the review provider to reply.']);
  });

  it('needs a sign-in the provider accepts, and one the user still holds', async () => {
    const id = await unanswered();
    expect((await reply(id, 'made-up')).status).toBe(403);
    expect((await h.call('POST', '/api/social/auth', { token: user, body: { provider: 'local', idToken: 'made-up.token' } })).status).toBe(403);
    // Another user's token is not this user's sign-in.
    const theirs = await localSignIn(north);
    expect((await reply(id, theirs)).status).toBe(403);
    const mine = await localSignIn(user);
    await h.call('POST', '/api/social/logout', { token: user });
    expect((await reply(id, mine)).status).toBe(403);
    expect((await h.call('POST', '/api/social/auth', { token: user, body: { provider: 'nope', idToken: mine } })).status).toBe(400);
  });

  it('stores the reply, resolves the case with one history entry, and refuses a second', async () => {
    const id = await unanswered();
    const idToken = await localSignIn(user);
    const answers = await Promise.all([reply(id, idToken), reply(id, idToken)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const done = answers.filter((a) => a.body.processFlowObject);
    expect(done).toHaveLength(1);
    expect(done[0].body.processFlowObject.properties.State).toBe('Resolved');
    expect(answers.find((a) => a.body.validationResults)!.body.validationResults[0].messages[0]).toMatch(/answered already|not an action|was changed by/);
    const [row] = await h.db.query<{ reply_text: string; replied_by: string }>('SELECT reply_text, replied_by FROM reviews WHERE id = $1', [id]);
    expect(row).toMatchObject({ reply_text: 'Sorry this happened; please ask for Sam.', replied_by: 'Petra User' });
    const history = await h.db.query<{ action_name: string }>("SELECT action_name FROM case_history WHERE pfo_id = $1", [`rv-${id}`]);
    expect(history.map((x) => x.action_name)).toEqual(['Reply']);
    expect((await reply(id, idToken)).body.validationResults[0].messages).toEqual(['This review has been answered already.']);
    expect((await reply(id, idToken, '   ')).status).toBe(400);
  });

  it('answers 404 for a review outside the caller’s claims', async () => {
    const south = await unanswered('South');
    const idToken = await localSignIn(north);
    expect((await reply(south, idToken, 'Hello', north)).status).toBe(404);
  });
});

describe('the Google Business Profile provider (against local endpoints)', () => {
  it('lists every page of a location’s reviews and merges them once; a refresh within a minute is skipped', async () => {
    const listed = await google.listReviews();
    expect(listed.map((r) => [r.externalId, r.stars, r.store])).toEqual([['locations/7/reviews/g1', 1, STORE], ['locations/7/reviews/g2', 5, STORE], ['locations/7/reviews/g3', 3, STORE]]);
    const admin = await h.signIn('portaladmin@demo.cx');
    const first = (await h.call('POST', '/api/social/refresh', { token: admin })).body.find((r: { provider: string }) => r.provider === 'google');
    expect(first).toMatchObject({ skipped: false, added: 3 });
    expect((await h.call('POST', '/api/social/refresh', { token: admin })).body.find((r: { provider: string }) => r.provider === 'google')).toMatchObject({ skipped: true, added: 0 });
    h.clock.now = new Date(h.clock.now.getTime() + 61_000);
    expect((await h.call('POST', '/api/social/refresh', { token: admin })).body.find((r: { provider: string }) => r.provider === 'google')).toMatchObject({ skipped: false, added: 0 });
    const states = await h.db.query<{ state: string }>("SELECT c.state FROM reviews r JOIN cases c ON c.module_id = 'reviews' AND c.source_object_id = r.id WHERE r.provider = 'google' ORDER BY r.external_id");
    expect(states.map((s) => s.state)).toEqual(['New', 'Resolved', 'New']);
  });

  it('replies through updateReply after a Google sign-in, and not with a local one', async () => {
    const [g1] = await h.db.query<{ id: number }>("SELECT id FROM reviews WHERE provider = 'google' AND external_id = 'locations/7/reviews/g1'");
    const local = await localSignIn(user);
    expect((await reply(Number(g1.id), local)).status).toBe(403);
    expect((await h.call('POST', '/api/social/auth', { token: user, body: { provider: 'google', idToken: 'forged' } })).status).toBe(403);
    // The page passes the portal's nonce to Google's sign-in, and the id token brings it back.
    fake.nonce = (await h.call('GET', '/api/social/nonce', { token: user })).body.nonce;
    expect((await h.call('POST', '/api/social/auth', { token: user, body: { provider: 'google', idToken: GOOD_ID_TOKEN } })).status).toBe(200);
    const answer = await reply(Number(g1.id), GOOD_ID_TOKEN, 'We are sorry about the queue.');
    expect(answer.body.processFlowObject.properties.State).toBe('Resolved');
    expect(fake.replies).toEqual([{ path: '/v4/accounts/42/locations/7/reviews/g1/reply', comment: 'We are sorry about the queue.' }]);
  });
});
