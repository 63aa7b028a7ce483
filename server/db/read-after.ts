import { AsyncLocalStorage } from 'node:async_hooks';
import type { Param, Queryable, Row } from './types';

/**
 * Read-your-writes with the analytics replica (issue 50, design §4). A write's token is the id of
 * the transaction it committed in (xid8 as text). A request whose caller has seen a token reads the
 * replica only once the replica covers it. One token is enough: a client's requests follow one
 * another, so a later token's transaction began after an earlier one committed, and covering the
 * later token means the earlier one is covered too.
 */
export interface ReadAfter {
  /** The highest token the caller had seen as the request came (X-Cx-Read-After, the cx_ryw cookie, this process's last write). */
  token: string | null;
  /** The token of the latest captured write this request committed. */
  wrote: string | null;
  /**
   * Where the request's smart-data reads go once the replica holds `token` (waiting for it a while):
   * the replica's reader, or null (PostgreSQL). Asked at the first read, so a request that reads no
   * smart data never waits; asked again after the request's own write.
   */
  route: (token: string | null) => Promise<Queryable | null>;
  /** The answer of `route` once given. */
  routed?: { token: string | null; reader: Promise<Queryable | null>; settled?: Queryable | null };
  /** Whether the replica answered any of this request's reads (reported when CX_REPLICA_TEST=1). */
  readReplica: boolean;
  /** Asks the replica to poll now: a commit here wrote captured rows. */
  kick: () => void;
  /** Set once the answer is sent: work the request started and left running (an import) is background work from then on. */
  ended?: boolean;
}

const requests = new AsyncLocalStorage<ReadAfter>();

/** Runs `fn` (a request) with its read-after state; only a request on a process with a replica has one. */
export const withReadAfter = <T>(state: ReadAfter, fn: () => T): T => requests.run(state, fn);

/** The current request's state; undefined outside a request or without a replica (nothing to track). */
export const readAfter = (): ReadAfter | undefined => {
  const state = requests.getStore();
  return state && !state.ended ? state : undefined;
};

/** A token as the header and cookie carry it: a transaction id, digits only. */
export const TOKEN = /^[0-9]{1,20}$/;

/** The later of two tokens (either may be missing). */
export function laterToken(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return BigInt(a) >= BigInt(b) ? a : b;
}

/** The latest captured write this process committed: its own later reads wait for it too. */
let lastLocal: string | null = null;
export const lastLocalToken = () => lastLocal;

/** A transaction that wrote captured rows committed: the request returns its token, and the replica polls now. */
export function committed(token: string): void {
  lastLocal = laterToken(lastLocal, token);
  const state = readAfter();
  if (!state) return;
  state.wrote = laterToken(state.wrote, token);
  state.kick();
}

/**
 * The transaction's token, read just before COMMIT, when its writes were captured (the capture
 * triggers set cx.captured); null when it wrote nothing the replica copies.
 */
export async function capturedToken(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ x: string | null; c: string | null }>("SELECT pg_current_xact_id_if_assigned()::text AS x, current_setting('cx.captured', true) AS c");
  return row?.c === '1' && row.x ? row.x : null;
}

/** DuckDB's answer when the replica does not hold a table or column yet (a source made or changed a moment ago). */
const NOT_THERE = /^(Catalog|Binder) Error/;
const notThere = (error: unknown) => NOT_THERE.test(String((error as { message?: unknown })?.message ?? ''));

/** The request's route for reads after everything it has seen and written (decided once per token). */
function routeOf(state: ReadAfter): Promise<Queryable | null> {
  const token = laterToken(state.token, state.wrote);
  if (state.routed?.token !== token) {
    const routed: NonNullable<ReadAfter['routed']> = { token, reader: state.route(token).then((reader) => (routed.settled = reader)) };
    state.routed = routed;
  }
  return state.routed!.reader;
}

/**
 * A module's reads in a request on a process with a replica (else undefined): on the replica once it
 * holds what the caller has seen, else on `primary`. A query on a table or column the replica does
 * not hold yet (a source made or changed a moment ago) is asked of `primary` instead.
 */
export function replicaOr(primary: Queryable): Queryable | undefined {
  const state = readAfter();
  if (!state) return undefined;
  const read = async <T>(ask: (q: Queryable) => Promise<T>): Promise<T> => {
    const replica = await routeOf(state);
    if (!replica) return ask(primary);
    try {
      const rows = await ask(replica);
      state.readReplica = true;
      return rows;
    } catch (error) {
      if (notThere(error)) return ask(primary);
      throw error;
    }
  };
  // Streaming is DuckDB's own (records.ts sends it DuckDB's SQL): offered once this request is routed to the replica.
  const streaming = state.routed?.settled?.stream ? state.routed.settled : undefined;
  return {
    query: <T extends Row>(sql: string, params?: readonly Param[]) => read((q) => q.query<T>(sql, params)),
    // The replica's rollups once routed there; PostgreSQL keeps none.
    rollups: async () => {
      const replica = await routeOf(state);
      const rollups = await replica?.rollups?.();
      if (rollups) state.readReplica = true;
      return rollups;
    },
    ...(streaming ? { stream: <T extends Row>(sql: string, params: readonly Param[], rows: number) => ((state.readReplica = true), streaming.stream!<T>(sql, params, rows)) } : {}),
  };
}
