import type { Param, Queryable } from '../db';
import { COPIED } from '../processflow/case-table';
import { CASES_MODULE, REVIEW_CASES_MODULE } from '../processflow/modules';
import { reviewCase } from '../reviews/review-case';

/**
 * How a row of a source becomes a case: the process-flow module its cases live in, and the case
 * row's columns for it (the case keeps its source's fields, migration 012). Sources without an
 * opener can hold rules, but their rows do not become cases yet (docs/decisions.md).
 */
export interface CaseOpener {
  pfModuleId: string;
  /** The case row for a source row, New; undefined for a row that is not there. */
  caseRow(q: Queryable, id: number, now: Date): Promise<Record<string, Param> | undefined>;
  /** The customer's address and name, for an e-mail or a recovery survey; null where none is kept. */
  contact(q: Queryable, id: number): Promise<{ email: string | null; name: string | null }>;
}

const responses: CaseOpener = {
  pfModuleId: CASES_MODULE,
  async caseRow(q, id, now) {
    const [r] = await q.query<Record<string, Param>>(`SELECT id, response_date, ${COPIED.join(', ')} FROM responses WHERE id = $1`, [id]);
    if (!r) return undefined;
    const copied = Object.fromEntries(COPIED.map((c) => [c, r[c]]));
    return { pfo_id: `pf-${id}`, module_id: CASES_MODULE, source_object_id: id, state: 'New', created_at: now, version: 0, answered_at: r.response_date, ...copied };
  },
  async contact(q, id) {
    const [r] = await q.query<{ customer_email: string | null; customer_name: string | null }>('SELECT customer_email, customer_name FROM responses WHERE id = $1', [id]);
    return { email: r?.customer_email || null, name: r?.customer_name || null };
  },
};

const reviews: CaseOpener = {
  pfModuleId: REVIEW_CASES_MODULE,
  async caseRow(q, id, now) {
    const [r] = await q.query<{ provider: string; store: string; region: string | null; country: string | null; stars: number; review_text: string; author_name: string; posted_at: Date; reply_text: string | null }>(
      'SELECT provider, store, region, country, stars, review_text, author_name, posted_at, reply_text FROM reviews WHERE id = $1',
      [id],
    );
    if (!r) return undefined;
    const values = reviewCase({ id, provider: r.provider, store: r.store, region: r.region, country: r.country, stars: Number(r.stars), text: r.review_text, author: r.author_name, postedAt: r.posted_at }, now);
    // Answered on the provider's site already: nothing left to do here.
    if (r.reply_text) values.state = 'Resolved';
    return values;
  },
  // A reviewer is answered in public, never by e-mail.
  contact: async () => ({ email: null, name: null }),
};

export const OPENERS: ReadonlyMap<string, CaseOpener> = new Map([
  ['responses', responses],
  ['reviews', reviews],
]);

/** The source whose rows a process-flow module's cases are (the reverse of OPENERS). */
export const sourceOfCases = (pfModuleId: string): string | undefined => [...OPENERS].find(([, o]) => o.pfModuleId === pfModuleId)?.[0];
