// The seed's comments without a database: the seed's own generators write into a stand-in that
// keeps the rows, so the bench reads exactly the texts and scores `npm run seed` would store.
import type { Db, Param } from '../server/db';
import { RESPONSE_COLUMNS, seedResponses } from '../server/seed/responses';
import { seedReviews } from '../server/seed/reviews';
import type { ScoredComment } from '../server/text/types';

type Captured = Record<string, Param[][]>;

function capturingDb(captured: Captured): Db {
  const query = async (sql: string) => (/DISTINCT store/.test(sql) ? [{ store: 'Leeds High Street', region: 'North', country: 'United Kingdom' }] : []);
  const db = {
    engine: 'duckdb',
    query,
    analytics: { query },
    tx: async (fn: (q: unknown) => Promise<unknown>) => fn({ query }),
    insertMany: async (table: string, _columns: readonly string[], rows: readonly Param[][]) => {
      (captured[table] ??= []).push(...rows);
    },
    close: async () => {},
  };
  return db as unknown as Db;
}

/** The seeded responses' verbatims with their NPS (those with a verbatim, about 85 %). */
export async function seededComments(records: number, anchor: Date): Promise<ScoredComment[]> {
  const captured: Captured = {};
  await seedResponses(capturingDb(captured), records, anchor);
  const nps = RESPONSE_COLUMNS.indexOf('nps');
  const verbatim = RESPONSE_COLUMNS.indexOf('verbatim');
  return (captured.responses ?? []).filter((r) => typeof r[verbatim] === 'string').map((r) => ({ text: String(r[verbatim]), score: Number(r[nps]), scale: 'nps' }));
}

/** The seeded public reviews (stars, English and German). */
export async function seededReviews(count: number, anchor: Date): Promise<(ScoredComment & { lang: string })[]> {
  const captured: Captured = {};
  await seedReviews(capturingDb(captured), count, anchor);
  return (captured.reviews ?? []).map((r) => ({ text: String(r[8]), score: Number(r[6]), scale: 'stars', lang: String(r[9]) }));
}
