import { ProviderError, type ProviderReview, type ReviewProvider, type SocialIdentity } from './provider';

/** Google Business Profile, configured by the environment (docs/reviews.md). */
export interface GoogleConfig {
  /** `accounts/{id}` */
  account: string;
  /** `locations/{id}` by the portal's store name. */
  locations: Record<string, string>;
  /** An OAuth access token with the business.manage scope. */
  accessToken: string;
  /** The OAuth client the sign-in's id tokens are issued to. */
  clientId: string;
  apiBase: string;
  tokenInfoUrl: string;
}

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

interface GoogleReview {
  reviewId: string;
  reviewer?: { displayName?: string };
  starRating?: keyof typeof STARS;
  comment?: string;
  createTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

/** The configuration from GOOGLE_* variables, or undefined when the account is not set. */
export function googleConfig(env: NodeJS.ProcessEnv): GoogleConfig | undefined {
  if (!env.GOOGLE_BUSINESS_ACCOUNT) return undefined;
  // GOOGLE_BUSINESS_LOCATIONS: "locations/1=Leeds High Street;locations/2=York Central"
  const locations = Object.fromEntries(
    (env.GOOGLE_BUSINESS_LOCATIONS ?? '').split(';').filter(Boolean).map((pair) => {
      const [location, store] = pair.split('=');
      return [store.trim(), location.trim()];
    }),
  );
  return {
    account: env.GOOGLE_BUSINESS_ACCOUNT,
    locations,
    accessToken: env.GOOGLE_ACCESS_TOKEN ?? '',
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    apiBase: (env.GOOGLE_BUSINESS_API ?? 'https://mybusiness.googleapis.com/v4').replace(/\/$/, ''),
    tokenInfoUrl: env.GOOGLE_TOKENINFO_URL ?? 'https://oauth2.googleapis.com/tokeninfo',
  };
}

/**
 * Lists reviews (`GET {account}/{location}/reviews`, page by page) and replies
 * (`PUT {account}/{location}/reviews/{id}/reply`) through the Business Profile API v4; a
 * sign-in's id token is checked at Google's tokeninfo endpoint against the client id.
 */
export class GoogleReviewProvider implements ReviewProvider {
  readonly name = 'google';
  constructor(private readonly config: GoogleConfig, private readonly fetchFn: typeof fetch = fetch) {}

  private async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await this.fetchFn(`${this.config.apiBase}/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.config.accessToken}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new ProviderError(`Google answered ${res.status} for ${init.method ?? 'GET'} ${path}.`);
    return (await res.json()) as T;
  }

  async verifyIdToken(idToken: string, now: Date): Promise<SocialIdentity | undefined> {
    const res = await this.fetchFn(`${this.config.tokenInfoUrl}?${new URLSearchParams({ id_token: idToken })}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return undefined;
    const info = (await res.json()) as { aud?: string; sub?: string; email?: string; exp?: string; nonce?: string };
    const expiresAt = new Date(Number(info.exp) * 1000);
    if (info.aud !== this.config.clientId || !info.sub || !(expiresAt > now)) return undefined;
    return { subject: info.sub, email: info.email, expiresAt, nonce: info.nonce };
  }

  async listReviews(): Promise<ProviderReview[]> {
    const out: ProviderReview[] = [];
    for (const [store, location] of Object.entries(this.config.locations)) {
      let pageToken = '';
      do {
        const query = new URLSearchParams({ pageSize: '50', ...(pageToken ? { pageToken } : {}) });
        const page = await this.call<{ reviews?: GoogleReview[]; nextPageToken?: string }>(`${this.config.account}/${location}/reviews?${query}`);
        for (const r of page.reviews ?? []) {
          out.push({
            externalId: `${location}/reviews/${r.reviewId}`,
            store,
            stars: STARS[r.starRating ?? 'THREE'] ?? 3,
            authorName: r.reviewer?.displayName ?? '',
            text: r.comment ?? '',
            postedAt: new Date(r.createTime),
            reply: r.reviewReply ? { text: r.reviewReply.comment, at: new Date(r.reviewReply.updateTime) } : undefined,
          });
        }
        pageToken = page.nextPageToken ?? '';
      } while (pageToken);
    }
    return out;
  }

  async postReply(externalId: string, text: string): Promise<{ at: Date }> {
    const reply = await this.call<{ comment: string; updateTime: string }>(`${this.config.account}/${externalId}/reply`, { method: 'PUT', body: JSON.stringify({ comment: text }) });
    return { at: new Date(reply.updateTime) };
  }
}
