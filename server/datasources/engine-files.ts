import { DuckDBInstance } from '@duckdb/node-api';
import { ApiError, badRequest } from '../http/errors';
import { cellText } from './cells';
import { tooManyColumns } from './text';

/** A table read by DuckDB: column names and the first rows as text. */
export interface ReadTable {
  names: string[];
  rows: Array<Array<string | null>>;
}

const READERS = {
  jsonl: { sql: 'SELECT * FROM read_json($1) LIMIT $2', what: 'JSON Lines (one JSON object a line)' },
  parquet: { sql: 'SELECT * FROM read_parquet($1) LIMIT $2', what: 'a Parquet file' },
};

/**
 * The first `max` rows of a JSON Lines or Parquet file, read by DuckDB itself in a small in-memory
 * instance of its own (also when the portal runs on PostgreSQL); Parquet reads only the row groups it needs.
 */
export async function readWithEngine(path: string, format: keyof typeof READERS, max: number, maxColumns: number): Promise<ReadTable> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '512MB' });
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(READERS[format].sql, [path, max]);
    const names = reader.columnNames();
    if (names.length === 0) throw badRequest(`The file holds no columns.`);
    if (names.length > maxColumns) throw tooManyColumns(names.length, maxColumns);
    return { names, rows: reader.getRowsJS().map((row) => row.map(cellText)) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(`The file could not be read as ${READERS[format].what}.`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
