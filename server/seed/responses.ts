import type { Db, Param } from '../db';
import { Random } from './random';
import { CHANNELS, DRIVERS, FIRST_NAMES, LAST_NAMES, PROFANITY, REGIONS, SEGMENTS, STORE_KINDS, VERBATIMS } from './vocabulary';

export const RESPONSE_COLUMNS = [
  'id', 'response_date', 'store', 'region', 'country', 'channel', 'nps', 'nps_group', 'stars',
  'driver_price', 'driver_availability', 'driver_service', 'driver_information',
  'verbatim', 'verbatim_raw', 'verbatim_flag', 'customer_name', 'customer_email', 'customer_segment', 'spend',
] as const;

const DAY = 86_400_000;
const SPAN_DAYS = 730;
const BATCH = 20_000;

interface Store {
  name: string;
  region: string;
  country: string;
  quality: number;
}

/** About 500 stores over 8 regions, each with a quality that shifts its scores. */
export function makeStores(random: Random): Store[] {
  const stores: Store[] = [];
  let cityIndex = 0;
  REGIONS.forEach((r, ri) => {
    const regionBias = (ri % 4) * 0.25 - 0.35;
    for (const city of r.cities) {
      const count = 9 + (cityIndex++ % 2);
      for (let i = 0; i < count && stores.length < 500; i++) {
        const kind = STORE_KINDS[(i + city.length) % STORE_KINDS.length];
        stores.push({ name: `${city} ${kind}${i >= STORE_KINDS.length ? ` ${i}` : ''}`, region: r.region, country: r.country, quality: regionBias + random.normal() * 0.5 });
      }
    }
  });
  return stores;
}

export const npsGroup = (nps: number) => (nps >= 9 ? 'Promoter' : nps >= 7 ? 'Neutral' : 'Detractor');

/** Replaces profane words with asterisks of the same length. */
export function cleanProfanity(text: string): string {
  return PROFANITY.reduce((t, word) => t.replace(new RegExp(`\\b${word}\\b`, 'gi'), (m) => '*'.repeat(m.length)), text);
}

function driverLabel(random: Random, nps: number): string {
  const score = nps + random.normal() * 2.2;
  return score >= 8.5 ? 'Promoter' : score >= 6 ? 'Neutral' : 'Detractor';
}

/** One response row, deterministic for (random state, index). */
function makeRow(random: Random, id: number, stores: Store[], endOfDay: number, anchor: number): Param[] {
  const store = stores[Math.floor(random.next() * stores.length)];
  // More responses lately: square-root skew towards the anchor date.
  const ageDays = Math.floor(SPAN_DAYS * (1 - Math.sqrt(random.next())));
  const at = endOfDay - ageDays * DAY - random.int(0, 12 * 60) * 60_000 - 239 * 60_000;
  // Nothing is answered later than the anchor (npm start seeds up to now): such a row is a day older.
  const date = new Date(at > anchor ? at - DAY : at);
  const nps = Math.max(0, Math.min(10, Math.round(7.4 + store.quality * 2 + random.normal() * 2)));
  const stars = Math.max(1, Math.min(5, Math.round(1 + nps * 0.4 + random.normal() * 0.6)));
  const drivers = DRIVERS.map(() => driverLabel(random, nps));
  const group = npsGroup(nps);
  const customer = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;

  let verbatim: string | null = null;
  let raw: string | null = null;
  let flag: string | null = null;
  if (!random.chance(0.15)) {
    const pool = random.chance(0.03) ? VERBATIMS.profane : group === 'Promoter' ? VERBATIMS.positive : group === 'Neutral' ? VERBATIMS.neutral : VERBATIMS.negative;
    const text = random.pick(pool).replace('{driver}', random.pick(DRIVERS).toLowerCase());
    const cleaned = cleanProfanity(text);
    verbatim = cleaned;
    if (cleaned !== text) {
      raw = text;
      flag = 'redacted_profanity';
    }
  }
  // Its number is added as the rows are numbered in date order (seedResponses).
  const email = `${customer.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
  const spend = Math.round((5 + random.next() * 180) * 100) / 100;
  return [
    id, date.toISOString().replace('T', ' ').replace('Z', ''), store.name, store.region, store.country, random.pick(CHANNELS),
    nps, group, stars, ...drivers, verbatim, raw, flag, customer, email, random.pick(SEGMENTS), spend,
  ];
}

/**
 * Seeds `count` responses ending at `anchor`, none later (the same count and anchor give the same
 * rows). They are appended to a table without keys or indexes, then copied in date order, as
 * answers arrive in life: a bulk copy builds the keys once (ten million in about two minutes, where
 * appending row by row under a primary key took three times as long), and storage blocks of
 * neighbouring dates (and ids, numbered in date order) let a filter on either skip the rest (DuckDB's
 * zone maps).
 */
export async function seedResponses(db: Db, count: number, anchor: Date, onProgress?: (done: number) => void): Promise<void> {
  const random = new Random(20_261_122);
  const stores = makeStores(random);
  const end = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate(), 23, 59);
  const columns = RESPONSE_COLUMNS.join(', ');
  await db.query('DROP TABLE IF EXISTS responses_load');
  await db.query(`CREATE TABLE responses_load AS SELECT ${columns} FROM responses WHERE 1 = 0`);
  try {
    for (let start = 0; start < count; start += BATCH) {
      const rows: Param[][] = [];
      for (let id = start + 1; id <= Math.min(count, start + BATCH); id++) rows.push(makeRow(random, id, stores, end, anchor.getTime()));
      await db.insertMany('responses_load', RESPONSE_COLUMNS, rows);
      onProgress?.(Math.min(count, start + BATCH));
    }
    // Numbered in order of arrival, as the portal numbers what arrives: an id range is then a stretch
    // of time whose filter skips the other storage blocks. Numbered at random against the dates, every
    // block held some of any range (an export of 100,000 ids read 0.69 s at ten million, 0.40 s at one).
    const numbered = RESPONSE_COLUMNS.map((c) => (c === 'id' ? 'n' : c === 'customer_email' ? `replace(customer_email, '@', '.' || CAST(n AS VARCHAR) || '@')` : c)).join(', ');
    await db.query(`INSERT INTO responses (${columns}) SELECT ${numbered} FROM (SELECT *, row_number() OVER (ORDER BY response_date, id) AS n FROM responses_load) arrived ORDER BY n`);
  } finally {
    await db.query('DROP TABLE responses_load');
  }
}
