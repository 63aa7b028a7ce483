import { createReadStream } from 'node:fs';
import { Transform, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { badRequest } from '../http/errors';

/** The encodings a text file is read in: UTF-8 (with or without BOM), UTF-16 with its BOM, else Windows-1252. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of a text file from its first bytes: a byte order mark says it; else text that is valid
 * UTF-8 is UTF-8, and anything else is what Excel on Windows writes, Windows-1252.
 */
export function encodingOf(head: Buffer): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    // Streaming, so a character cut at the end of the head is not taken for bad UTF-8.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter of a delimited text: the candidate found the same number of times (more than
 * none) in most of the first records, quotes respected; a comma when none is.
 */
export function delimiterOf(text: string): string {
  const records = delimiterCounts(text, 30);
  let best = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = records.map((r) => r.get(delimiter) ?? 0);
    const mode = modeOf(counts);
    if (mode === 0) continue;
    const score = (counts.filter((n) => n === mode).length / counts.length) * 1000 + Math.min(mode, 999);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** How often each candidate delimiter occurs outside quotes in each of the first `max` complete records. */
function delimiterCounts(text: string, max: number): Array<Map<string, number>> {
  const records: Array<Map<string, number>> = [];
  let current = new Map<string, number>();
  let quoted = false;
  for (let i = 0; i < text.length && records.length < max; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (current.size > 0 || text[i - 1] !== '\r') records.push(current);
      current = new Map();
    } else if (!quoted && DELIMITERS.includes(ch)) current.set(ch, (current.get(ch) ?? 0) + 1);
  }
  return records.length > 0 ? records : [current];
}

const modeOf = (xs: number[]) => {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
};

/** The longest record read, in characters: a file of one endless line fails here rather than filling memory. */
const MAX_RECORD_CHARS = 8 * 1024 * 1024;

/**
 * The first `max` records of a delimited text file, streamed: only as much of the file is read as
 * those records need. A record past `maxColumns` fields stops the read with a 400.
 */
export async function readDelimited(path: string, encoding: TextEncoding, delimiter: string, max: number, maxColumns: number): Promise<string[][]> {
  const decoder = new TextDecoder(encoding);
  const decode = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = parse({ delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARS, to: max });
  const file = createReadStream(path);
  pipeline(file, decode, parser, () => undefined);
  const records: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.length > maxColumns) throw tooManyColumns(record.length, maxColumns);
      records.push(record);
      if (records.length >= max) break;
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The file could not be read as delimited text: ${csvProblem(error)}`);
    throw error;
  } finally {
    file.destroy();
  }
  return records;
}

const csvProblem = (error: CsvError) =>
  error.code === 'CSV_MAX_RECORD_SIZE' ? `a row is longer than ${MAX_RECORD_CHARS / (1024 * 1024)} MB of text.` : error.message.split('\n')[0].slice(0, 200);

/** A 400 for a file wider than a data source may be. */
export const tooManyColumns = (found: number, max: number) =>
  badRequest(`The file has ${found.toLocaleString('en')} columns; a data source holds at most ${max.toLocaleString('en')}.`);
