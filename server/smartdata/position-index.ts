import type { Param, Queryable, Row } from '../db';
import type { Where } from './where';

/**
 * Paging at any depth without OFFSET's sort of every row before the page. Every STEP-th sort key of
 * an ordered set is sampled once (one windowed scan); a page then reads only the rows between the
 * two samples around it, which DuckDB prunes by its zone maps and PostgreSQL by its indexes. At
 * 385,000 cases a page deep in the set took 30 ms with OFFSET and 2 ms this way.
 *
 * The samples belong to one set (its WHERE and its bound values) and one order, and to the state
 * of the data the caller's fingerprint describes: a changed fingerprint rebuilds them, so several
 * processes over one database stay right. A set whose sort keys hold a NULL is not indexed (NULLs
 * sort differently in the two engines); its pages keep OFFSET.
 */
export interface SortKey {
  /** A column expression of the set's FROM. */
  expr: string;
  desc: boolean;
}

/** Every STEP-th key is sampled; pages above the first STEP rows read well with OFFSET alone. */
export const STEP = 1024;
const MAX_INDEXES = 64;

interface Index {
  fingerprint: string;
  /** The keys at positions 0, STEP, 2·STEP, ...; null when a key holds a NULL. */
  samples: Param[][] | null;
}

const indexes = new Map<string, Index>();
const building = new Map<string, Promise<Index>>();

/** Forgets every sample set (the operations page's "clear cache"); returns how many there were. */
export function clearPositionIndexes(): number {
  const n = indexes.size;
  indexes.clear();
  return n;
}

function remember(key: string, index: Index): Index {
  indexes.delete(key);
  indexes.set(key, index);
  if (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value!);
  return index;
}

async function build(db: Queryable, from: string, where: Where, keys: SortKey[], fingerprint: string): Promise<Index> {
  const w = where.clone();
  w.add(`(${keys.map((k) => `${k.expr} IS NULL`).join(' OR ')})`);
  const [nulls] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${from} ${w.sql}`, w.params);
  if (Number(nulls.n) > 0) return { fingerprint, samples: null };
  // Each key twice: as the engine's value, and as text where the value would lose precision in
  // JavaScript (a Date keeps milliseconds, a timestamp microseconds).
  const cols = keys.map((k, i) => `${k.expr} AS v${i}, CAST(${k.expr} AS VARCHAR) AS s${i}`).join(', ');
  const rows = await db.query(
    `SELECT * FROM (SELECT ${cols}, row_number() OVER (ORDER BY ${orderBy(keys)}) AS rn FROM ${from} ${where.sql}) AS ranked WHERE (rn - 1) % ${STEP} = 0 ORDER BY rn`,
    where.params,
  );
  return { fingerprint, samples: rows.map((r: Row) => keys.map((_, i) => (r[`v${i}`] instanceof Date ? (r[`s${i}`] as string) : (r[`v${i}`] as Param)))) };
}

const indexKey = (from: string, where: Where, keys: SortKey[]) => JSON.stringify([from, where.sql, where.params, orderBy(keys)]);

/** The fingerprint of the samples held for this set and order, if any: a caller may read a page with them before it knows the set's state. */
export const sampledFingerprint = (from: string, where: Where, keys: SortKey[]): string | undefined => indexes.get(indexKey(from, where, keys))?.fingerprint;

export const orderBy = (keys: SortKey[]) => keys.map((k) => `${k.expr} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');

/**
 * "At or after `sample` in the order" (`after` true), or "before it": the keys compared in turn,
 * with the first key's plain comparison beside it so that the engine can prune on it.
 */
function bound(w: Where, keys: SortKey[], sample: Param[], after: boolean): void {
  const values = sample.map((v) => w.bind(v));
  const op = (k: SortKey, strict: boolean) => (k.desc === after ? '<' : '>') + (strict ? '' : '=');
  const chain = (i: number): string => {
    const k = keys[i];
    if (i === keys.length - 1) return `${k.expr} ${op(k, !after)} ${values[i]}`;
    return `(${k.expr} ${op(k, true)} ${values[i]} OR (${k.expr} = ${values[i]} AND ${chain(i + 1)}))`;
  };
  w.add(`${keys[0].expr} ${op(keys[0], false)} ${values[0]}`);
  w.add(chain(0));
}

/**
 * A page of `select` over the set in the order of `keys` (the last key unique), or undefined when
 * no index serves it: the caller then pages with OFFSET. A shallow page uses samples already
 * there; a deep page builds them when the set has none or has changed.
 */
export async function seekPage(
  db: Queryable,
  q: { select: string; from: string; where: Where; keys: SortKey[]; skip: number; top: number; fingerprint: string; /** Around the page's query (records.ts, a page of JSON). */ wrap?: (page: string) => string },
): Promise<Row[] | undefined> {
  const cacheKey = indexKey(q.from, q.where, q.keys);
  let index = indexes.get(cacheKey);
  if (index?.fingerprint !== q.fingerprint) {
    // Only a deep page pays for samples: the first pages (most views, and every view after an
    // action changed the set) read well with OFFSET and never start a scan of the whole set.
    if (q.skip < STEP) return undefined;
    const job = building.get(cacheKey) ?? build(db, q.from, q.where, q.keys, q.fingerprint).finally(() => building.delete(cacheKey));
    building.set(cacheKey, job);
    index = remember(cacheKey, await job);
    if (index.fingerprint !== q.fingerprint) return undefined;
  }
  if (!index.samples) return undefined;
  const first = Math.floor(q.skip / STEP);
  const last = first + Math.ceil((q.skip - first * STEP + q.top) / STEP);
  if (first >= index.samples.length) return [];
  const w = q.where.clone();
  bound(w, q.keys, index.samples[first], true);
  if (last < index.samples.length) bound(w, q.keys, index.samples[last], false);
  return db.query((q.wrap ?? String)(`SELECT ${q.select} FROM ${q.from} ${w.sql} ORDER BY ${orderBy(q.keys)} LIMIT ${w.bind(q.top)} OFFSET ${w.bind(q.skip - first * STEP)}`), w.params);
}
