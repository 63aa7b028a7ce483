/** Shapes shared by change capture (PostgreSQL side) and the DuckDB replica (issue 50). */

/** A table copied to the replica: its primary key and its columns in ordinal order. */
export interface ReplicatedTable {
  name: string;
  key: string[];
  columns: Array<{ name: string; sqlType: string }>;
}

/** What changed since the previous horizon, grouped per table. */
export interface ChangeBatch {
  /** pg_snapshot_xmin of the read, xid8 as text: every change with xid < horizon is final. */
  horizon: string;
  /** Per table: changed keys (each a tuple of key values as text, deduplicated), or reload. */
  tables: Map<string, { keys: string[][]; reload: boolean }>;
  /** Seqs read whose xid >= horizon: pass them as appliedAbove to the next readChanges. */
  appliedAbove: Set<string>;
  /** The xids of those rows: a write's token is covered once its batch is applied, before the horizon passes it. */
  xidsAbove: Set<string>;
}

/** Where the replica stands, for health and the admin page. */
export interface ReplicaStatus {
  state: 'catching-up' | 'ok' | 'lagging';
  horizon: string | null;
  lagMs: number | null;
  copied: number;
  total: number;
  /** Full copies this process took (0 after a restart that replayed its kept file). */
  snapshots: number;
}

/** What readChanges needs from the previous call. */
export interface ChangeCursor {
  horizon: string | null;
  appliedAbove: Set<string>;
}
