/** The table a statement writes, as its first words name it (INSERT INTO t, UPDATE t, DELETE FROM "t", COPY t). */
const WRITTEN = /^\s*(?:INSERT\s+(?:OR\s+[a-z]+\s+)?INTO|UPDATE|DELETE\s+FROM|COPY)\s+"?([a-z_][a-z0-9_]*)"?(?:\s|$)/i;
/** Statements that change no table's rows. */
const NO_ROWS = /^\s*(?:SELECT|CHECKPOINT|SET|RESET|PRAGMA|BEGIN|COMMIT|ROLLBACK|ATTACH|DETACH|LOAD|INSTALL|EXPLAIN)\b/i;

/** The table `sql` writes (lower case), or undefined when its first words name none. */
export const writtenTable = (sql: string): string | undefined => WRITTEN.exec(sql)?.[1]?.toLowerCase();

/**
 * How often each table's rows were written here, counted as each write starts and as it ends: an
 * answer kept from a table (a rollup, server/rollups/) is still the table's while its count stands
 * still. A statement whose table cannot be told (a WITH, a CREATE TABLE AS, a migration) counts for
 * every table.
 */
export class TableWrites {
  private readonly counts = new Map<string, number>();
  private every = 0;

  /** A statement started or ended. */
  statement(sql: string): void {
    const table = writtenTable(sql);
    if (table) this.table(table);
    else if (!NO_ROWS.test(sql)) this.every++;
  }

  table(name: string): void {
    const key = name.toLowerCase();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The count of `table`: it moves with every write that may have changed its rows. */
  of(table: string): number {
    return this.every + (this.counts.get(table.toLowerCase()) ?? 0);
  }

  /** Counts a write around `fn`, as it starts and as it ends. */
  async around<T>(mark: () => void, fn: () => Promise<T>): Promise<T> {
    mark();
    try {
      return await fn();
    } finally {
      mark();
    }
  }
}
