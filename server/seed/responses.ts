import { turn } from '../text/breathe';
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
const BATCH = 100_000;

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

/** `fn` of each distinct text worked out once: the seed's rows draw from a few hundred texts and names. */
function memo(fn: (text: string) => string): (text: string) => string {
  const done = new Map<string, string>();
  return (text) => {
    let value = done.get(text);
    if (value === undefined) done.set(text, (value = fn(text)));
    return value;
  };
}
const cleanedOnce = memo(cleanProfanity);
const mailbox = memo((customer) => customer.toLowerCase().replace(/[^a-z]+/g, '.'));

/**
 * One response, deterministic for the random state it starts at, and when it arrived (ms). `n` is
 * its number in order of arrival, which its id and e-mail carry.
 */
function makeRow(random: Random, n: number, stores: Store[], endOfDay: number, anchor: number): { at: number; row: Param[] } {
  const store = stores[Math.floor(random.next() * stores.length)];
  // More responses lately: square-root skew towards the anchor date.
  const ageDays = Math.floor(SPAN_DAYS * (1 - Math.sqrt(random.next())));
  const drawn = endOfDay - ageDays * DAY - random.int(0, 12 * 60) * 60_000 - 239 * 60_000;
  // Nothing is answered later than the anchor (npm start seeds up to now): such a row is a day older.
  const at = drawn > anchor ? drawn - DAY : drawn;
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
    const cleaned = cleanedOnce(text);
    verbatim = cleaned;
    if (cleaned !== text) {
      raw = text;
      flag = 'redacted_profanity';
    }
  }
  const email = `${mailbox(customer)}.${n}@example.com`;
  const spend = Math.round((5 + random.next() * 180) * 100) / 100;
  const iso = new Date(at).toISOString();
  return {
    at,
    row: [
      n, `${iso.slice(0, 10)} ${iso.slice(11, 23)}`, store.name, store.region, store.country, random.pick(CHANNELS),
      nps, group, stars, ...drivers, verbatim, raw, flag, customer, email, random.pick(SEGMENTS), spend,
    ],
  };
}

/**
 * Seeds `count` responses ending at `anchor`, none later (the same count and anchor give the same
 * rows). They are numbered in order of arrival, as the portal numbers what arrives: an id range is
 * then a stretch of time, and storage blocks of neighbouring dates and ids let a filter on either
 * skip the rest (DuckDB's zone maps; numbered at random against the dates, an export of 100,000 ids
 * read 0.69 s at ten million, 0.40 s at one).
 *
 * Row i is drawn from the sequence where row i - 1 ended. A first pass keeps only where each row's
 * draws start and when it arrived; sorted by (arrival, i), the rows are then made again in that
 * order with their numbers. The database never sorts the wide rows, and as ids and dates only
 * grow, each batch extends the keys at their ends. A million responses took 44 s on DuckDB when
 * they were copied in date order out of a load table, now 14 s (ten million: 160 s).
 */
export async function seedResponses(db: Db, count: number, anchor: Date, onProgress?: (done: number) => void): Promise<void> {
  const random = new Random(20_261_122);
  const stores = makeStores(random);
  const end = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate(), 23, 59);
  const order = arrivalOrder(random, count, stores, end, anchor.getTime());
  // One batch is loaded while the next is made: the database's threads and this one work at once.
  let loading: Promise<void> = Promise.resolve();
  for (let from = 0; from < count; from += BATCH) {
    const rows: Param[][] = [];
    for (let n = from + 1; n <= Math.min(count, from + BATCH); n++) {
      random.state = order.stateOf(n);
      rows.push(makeRow(random, n, stores, end, anchor.getTime()).row);
      // A pause now and then lets the load of the batch before go on to its next step.
      if (n % 5_000 === 0) await turn();
    }
    await loading;
    onProgress?.(from);
    loading = db.insertMany('responses', RESPONSE_COLUMNS, rows);
    // Its failure is thrown at the next await of it, not as an unhandled rejection meanwhile.
    loading.catch(() => {});
  }
  await loading;
  onProgress?.(count);
}

/**
 * The first pass: for the row numbered n in order of arrival (then of drawing), the random state
 * its draws start at. Each row's minute and draw index make one number, and typed arrays sort
 * natively: a hundred million rows take 1.2 GB here.
 */
function arrivalOrder(random: Random, count: number, stores: Store[], end: number, anchor: number): { stateOf: (n: number) => number } {
  const states = new Uint32Array(count);
  const keys = new Float64Array(count);
  const first = end - (SPAN_DAYS + 2) * DAY;
  for (let i = 0; i < count; i++) {
    states[i] = random.state;
    // Whole minutes since before the earliest possible arrival, times count, plus i: exact below 2^53.
    keys[i] = ((makeRow(random, 0, stores, end, anchor).at - first) / 60_000) * count + i;
  }
  keys.sort();
  return { stateOf: (n) => states[keys[n - 1] % count] };
}
