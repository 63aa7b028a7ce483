import type { Param } from '../db';
import { REVIEW_CASES_MODULE } from '../processflow/modules';

/** A review as its case needs it. */
export interface ReviewForCase {
  id: number;
  provider: string;
  store: string;
  region: string | null;
  country: string | null;
  stars: number;
  text: string;
  author: string;
  postedAt: Date;
}

/** How a provider is named on a review's case (its Source). */
const SOURCE_NAMES: Record<string, string> = { local: 'Portal reviews', google: 'Google' };

/**
 * The case a review becomes, New, with the review's fields in the case row's columns (the module's
 * view reads them there): the seed and a provider's refresh write the same case.
 */
export function reviewCase(r: ReviewForCase, createdAt: Date): Record<string, Param> {
  return {
    pfo_id: `rv-${r.id}`, module_id: REVIEW_CASES_MODULE, source_object_id: r.id, state: 'New', created_at: createdAt, version: 0, answered_at: r.postedAt,
    store: r.store, region: r.region, country: r.country, channel: SOURCE_NAMES[r.provider] ?? r.provider, stars: r.stars, verbatim: r.text, customer_name: r.author,
  };
}
