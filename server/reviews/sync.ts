import type { Db } from '../db';
import { openCasesByRules } from '../caserules/apply';
import { analyseWritten } from '../text/analyse';
import { syncSources } from '../datasources/registry';
import type { ReviewProvider } from './provider';

/** A refresh within this long of the previous one is skipped (spec part 3 section 9). */
export const REFRESH_SKIP_MS = 60_000;

/**
 * Takes the provider's turn to refresh, or answers false when it refreshed within the last minute.
 * One statement claims it, so parallel refreshes fetch once.
 */
async function claimRefresh(db: Db, provider: string, now: Date): Promise<boolean> {
  return db.tx(async (q) => {
    const claimed = await q.query(
      'UPDATE review_sync SET synced_at = CAST($2 AS TIMESTAMP) WHERE provider = $1 AND synced_at <= CAST($3 AS TIMESTAMP) RETURNING provider',
      [provider, now, new Date(now.getTime() - REFRESH_SKIP_MS)],
    );
    if (claimed.length) return true;
    const inserted = await q.query('INSERT INTO review_sync (provider, synced_at) VALUES ($1, CAST($2 AS TIMESTAMP)) ON CONFLICT (provider) DO NOTHING RETURNING provider', [provider, now]);
    return inserted.length > 0;
  });
}

/**
 * Fetches the provider's reviews and merges them: a new review is stored with its case as the
 * reviews' rules say (New, or Resolved when it was already answered elsewhere); a known one takes the provider's reply.
 */
export async function refreshReviews(db: Db, provider: ReviewProvider, now: Date): Promise<{ skipped: boolean; added: number; updated: number }> {
  if (!(await claimRefresh(db, provider.name, now))) return { skipped: true, added: 0, updated: 0 };
  const listed = await provider.listReviews();
  const reviews = (await syncSources(db)).get('reviews');
  let added = 0;
  let updated = 0;
  for (const r of listed) {
    await db.tx(async (q) => {
      const [known] = await q.query<{ id: number; reply_text: string | null }>('SELECT id, reply_text FROM reviews WHERE provider = $1 AND external_id = $2', [provider.name, r.externalId]);
      if (known) {
        if (r.reply && r.reply.text !== known.reply_text) {
          await q.query('UPDATE reviews SET reply_text = $2, replied_at = CAST($3 AS TIMESTAMP) WHERE id = $1', [known.id, r.reply.text, r.reply.at]);
          updated++;
        }
        return;
      }
      const [{ next }] = await q.query<{ next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM reviews');
      const [place] = await q.query<{ region: string; country: string }>('SELECT region, country FROM responses WHERE store = $1 LIMIT 1', [r.store]);
      const id = Number(next);
      await q.query(
        `INSERT INTO reviews (id, provider, external_id, store, region, country, stars, author_name, review_text, lang, posted_at, reply_text, replied_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS TIMESTAMP), $12, CAST($13 AS TIMESTAMP))`,
        [id, provider.name, r.externalId, r.store, place?.region ?? null, place?.country ?? null, r.stars, r.authorName, r.text, r.lang ?? null, r.postedAt, r.reply?.text ?? null, r.reply?.at ?? null],
      );
      // Its sentiment, and its case if the reviews' rules call for one (the built-in rule "Every review" does).
      if (reviews) await analyseWritten(q, reviews, [id], now);
      if (reviews) await openCasesByRules(q, reviews, [id], now);
      added++;
    });
  }
  return { skipped: false, added, updated };
}
