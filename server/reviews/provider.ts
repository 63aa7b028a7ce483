/**
 * Where public reviews come from and where replies go (spec part 3, social area). The local
 * provider, the default, keeps reviews in the database; the Google Business Profile provider
 * lists and replies through Google's REST API. Both check the social sign-in a reply needs.
 */
export interface ProviderReview {
  externalId: string;
  /** The store the review is about, by the portal's store name. */
  store: string;
  stars: number;
  authorName: string;
  text: string;
  lang?: string;
  postedAt: Date;
  reply?: { text: string; at: Date };
}

export interface SocialIdentity {
  /** The provider's id of the person who signed in. */
  subject: string;
  email?: string;
  expiresAt: Date;
  /** The nonce the sign-in was made with (social-tokens.ts socialNonce): whose sign-in it is. */
  nonce?: string;
}

export interface ReviewProvider {
  readonly name: string;
  /** The identity an id token proves, or undefined for a token the provider does not accept. */
  verifyIdToken(idToken: string, now: Date): Promise<SocialIdentity | undefined>;
  /** Every review the provider holds (new and updated ones are merged by their external id). */
  listReviews(): Promise<ProviderReview[]>;
  /** Publishes a reply; answers when the provider recorded it. */
  postReply(externalId: string, text: string, now: Date): Promise<{ at: Date }>;
}

/** A provider's refusal, said to the user as it is (a 502: the portal is fine, the provider is not). */
export class ProviderError extends Error {}
