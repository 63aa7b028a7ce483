import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for the documented Google endpoints the review provider calls: Business
 * Profile v4 `GET accounts/{a}/locations/{l}/reviews` (paged by pageToken), `PUT .../reviews/{id}/reply`,
 * and OAuth's `GET /tokeninfo?id_token=`. It checks the bearer token and records every reply.
 */
export interface FakeGoogle {
  base: string;
  replies: Array<{ path: string; comment: string }>;
  /** The nonce the id token carries (the one the portal gave the page for Google's sign-in). */
  nonce?: string;
  close: () => Promise<void>;
}

export const FAKE_ACCESS_TOKEN = 'fake-access-token';
export const FAKE_CLIENT_ID = 'portal-client.apps.googleusercontent.com';
export const GOOD_ID_TOKEN = 'google-id-token-of-petra';

const REVIEWS = [
  { reviewId: 'g1', reviewer: { displayName: 'Ana G.' }, starRating: 'ONE', comment: 'Queue out of the door and one till open.', createTime: '2026-11-20T09:15:00Z' },
  { reviewId: 'g2', reviewer: { displayName: 'Ben H.' }, starRating: 'FIVE', comment: 'Lovely staff.', createTime: '2026-11-21T10:00:00Z', reviewReply: { comment: 'Thank you!', updateTime: '2026-11-21T12:00:00Z' } },
  { reviewId: 'g3', reviewer: { displayName: 'Cleo D.' }, starRating: 'THREE', comment: 'Fine.', createTime: '2026-11-22T16:30:00Z' },
];

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const replies: FakeGoogle['replies'] = [];
  const fake = { replies } as FakeGoogle;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/tokeninfo') {
      if (url.searchParams.get('id_token') !== GOOD_ID_TOKEN) return send(400, { error: 'invalid_token' });
      return send(200, { aud: FAKE_CLIENT_ID, sub: '1098', email: 'petra@example.com', exp: String(Math.floor(Date.now() / 1000) + 3600), ...(fake.nonce ? { nonce: fake.nonce } : {}) });
    }
    if (req.headers.authorization !== `Bearer ${FAKE_ACCESS_TOKEN}`) return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    const list = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews$/.exec(url.pathname);
    if (list && req.method === 'GET') {
      // Two reviews on the first page, the rest on the second.
      const second = url.searchParams.get('pageToken') === 'page-2';
      return send(200, { reviews: second ? REVIEWS.slice(2) : REVIEWS.slice(0, 2), ...(second ? {} : { nextPageToken: 'page-2' }), totalReviewCount: REVIEWS.length });
    }
    const reply = /^\/v4\/accounts\/[^/]+\/locations\/[^/]+\/reviews\/[^/]+\/reply$/.exec(url.pathname);
    if (reply && req.method === 'PUT') {
      let text = '';
      req.on('data', (d) => (text += d));
      req.on('end', () => {
        const { comment } = JSON.parse(text) as { comment: string };
        replies.push({ path: url.pathname, comment });
        send(200, { comment, updateTime: '2026-11-23T12:00:00Z' });
      });
      return;
    }
    send(404, { error: { code: 404, status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** The GOOGLE_* environment that points the provider at the fake, with one location for `store`. */
export const fakeGoogleEnv = (base: string, store: string): NodeJS.ProcessEnv => ({
  GOOGLE_BUSINESS_ACCOUNT: 'accounts/42',
  GOOGLE_BUSINESS_LOCATIONS: `locations/7=${store}`,
  GOOGLE_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
  GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
  GOOGLE_BUSINESS_API: `${base}/v4`,
  GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`,
});
