import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';
import { reviewProviders } from '../../server/reviews/providers';
import { fakeGoogleEnv, GOOD_ID_TOKEN, startFakeGoogle, type FakeGoogle } from '../tools/google-business-fake';

// A review provider's sign-in is registered by the portal user it was made for, in their session:
// another user (or another session) who holds the id token cannot register it and reply with it.
let portal: Portal;
let fake: FakeGoogle;
let alice: string;
let bob: string;
beforeAll(async () => {
  fake = await startFakeGoogle();
  portal = await startPortal(200, { reviews: reviewProviders('security-suite-secret-long-enough', fakeGoogleEnv(fake.base, 'Leeds Express')) });
  alice = (await portal.signIn('portaluser@demo.cx')).access;
  bob = (await portal.signIn('portaladmin@demo.cx')).access;
});
afterAll(async () => {
  await portal.close();
  await fake.close();
});

const register = (token: string, provider: string, idToken: string) => portal.call('POST', '/api/social/auth', { token, body: { provider, idToken } });
const OTHER = 'This sign-in was made for another portal user or session: sign in to the review provider again.';

describe('a review provider’s sign-in', () => {
  it('of the local provider is registered only by the user it was issued to', async () => {
    const { idToken } = (await portal.call('POST', '/api/social/local/signin', { token: alice })).body;
    const stolen = await register(bob, 'local', idToken);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(OTHER);
    // Nothing was kept for Bob: a reply with it is refused as without a sign-in.
    const [review] = await portal.db.query<{ id: number }>("SELECT id FROM reviews WHERE provider = 'local' ORDER BY id LIMIT 1");
    const reply = await portal.call('POST', `/api/social/action/${review.id}`, { token: bob, body: { idToken, reply: 'Thanks!' } });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Sign in to the review provider to reply.');
    // Another session of Alice's is not hers either; her own session registers it.
    expect((await register((await portal.signIn('portaluser@demo.cx')).access, 'local', idToken)).status).toBe(403);
    expect((await register(alice, 'local', idToken)).status).toBe(200);
  });

  it('of Google carries the nonce the portal gave the user who registers it', async () => {
    const nonce = await portal.call('GET', '/api/social/nonce', { token: alice });
    expect(nonce.status).toBe(200);
    // Google puts the nonce the page passed to its sign-in into the id token; the fake echoes Alice's.
    fake.nonce = nonce.body.nonce;
    expect((await register(bob, 'google', GOOD_ID_TOKEN)).body.message).toBe(OTHER);
    expect((await register(alice, 'google', GOOD_ID_TOKEN)).status).toBe(200);
    fake.nonce = undefined;
    expect((await register(alice, 'google', GOOD_ID_TOKEN)).status).toBe(403);
  });
});
