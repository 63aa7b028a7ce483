import { DuckDBInstance, JSDuckDBValueConverter } from '@duckdb/node-api';
import { ApiError, badRequest } from '../http/errors';
import { cellText } from './cells';
import { fileNestedTooDeeply } from './json-file-depth';
import { MAX_JSON_DEPTH } from '../http/json-depth';
import { tooManyColumns } from './text';

/** A table read by DuckDB: column names and the first rows as text. */
export interface ReadTable {
  names: string[];
  rows: Array<Array<string | null>>;
}

/** A whole file read by DuckDB as it streams: its column names, then its rows as text in blocks. */
export interface EngineStream {
  names: string[];
  blocks: AsyncGenerator<Array<Array<string | null>>>;
  close: () => void;
}

const READERS = {
  // Fields and their lists are typed, anything nested deeper stays JSON text: no depth of an uploaded file reaches the engine's type detection.
  jsonl: { sql: 'SELECT * FROM read_json($1, maximum_depth = 3)', what: 'JSON Lines (one JSON object a line)' },
  parquet: { sql: 'SELECT * FROM read_parquet($1)', what: 'a Parquet file' },
};
type EngineFormat = keyof typeof READERS;

const unreadable = (format: EngineFormat, error: unknown) => (error instanceof ApiError ? error : badRequest(`The file could not be read as ${READERS[format].what}.`));

/**
 * A JSON Lines or Parquet file (its first `max` rows, or all), read by DuckDB itself in a small
 * in-memory instance of its own (also when the portal runs on PostgreSQL), a chunk at a time;
 * Parquet reads only the row groups it needs. `close` ends it, also when not read to its end.
 */
export async function streamWithEngine(path: string, format: EngineFormat, maxColumns: number, max?: number): Promise<EngineStream> {
  if (format === 'jsonl' && (await fileNestedTooDeeply(path))) throw badRequest(`The file nests its values more than ${MAX_JSON_DEPTH} levels deep: a data source's rows are flat records. Send one object a line.`);
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '512MB' });
  const connection = await instance.connect();
  const close = () => {
    connection.closeSync();
    instance.closeSync();
  };
  try {
    const result = await connection.stream(max === undefined ? READERS[format].sql : `${READERS[format].sql} LIMIT $2`, max === undefined ? [path] : [path, max]);
    const names = result.columnNames();
    if (names.length === 0) throw badRequest(`The file holds no columns.`);
    if (names.length > maxColumns) throw tooManyColumns(names.length, maxColumns);
    async function* blocks() {
      try {
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) return;
          yield chunk.convertRows(JSDuckDBValueConverter).map((row) => row.map(cellText));
        }
      } catch (error) {
        throw unreadable(format, error);
      }
    }
    return { names, blocks: blocks(), close };
  } catch (error) {
    close();
    throw unreadable(format, error);
  }
}

/** The first `max` rows of a JSON Lines or Parquet file. */
export async function readWithEngine(path: string, format: EngineFormat, max: number, maxColumns: number): Promise<ReadTable> {
  const { names, blocks, close } = await streamWithEngine(path, format, maxColumns, max);
  try {
    const rows: ReadTable['rows'] = [];
    for await (const block of blocks) rows.push(...block);
    return { names, rows };
  } finally {
    close();
  }
}
