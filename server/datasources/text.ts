import { createReadStream } from 'node:fs';
import { Transform, pipeline } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
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

/**
 * The encoding of a whole text file: its first bytes decide a byte order mark; else the file is read
 * through once, since a Windows-1252 file's first "ü" may come after any number of plain lines, and
 * reading it as UTF-8 would change that value silently. `ascii`: no byte past 0x7F at all (then any
 * of the encodings reads it the same).
 */
export async function fileEncodingOf(path: string, head: Buffer): Promise<{ encoding: TextEncoding; ascii: boolean }> {
  const found = encodingOf(head);
  if (found !== 'utf-8') return { encoding: found, ascii: false };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let ascii = true;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (ascii && chunk.some((b) => b >= 0x80)) ascii = false;
      if (!ascii) decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return { encoding: 'utf-8', ascii };
  } catch {
    return { encoding: 'windows-1252', ascii: false };
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

/** A record of a delimited file and the line it starts on (header rows counted, from 1). */
export interface DelimitedRecord {
  cells: string[];
  line: number;
}

/** Records handed over at a time: one promise per block, not per record (a million rows: 7 s became 4 s). */
const BLOCK = 2000;

/** The line breaks inside a record's cells (quoted ones), a CRLF counted once. */
function breaksIn(cells: string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) continue;
    breaks += (cell.match(/\r\n|\r|\n/g) ?? []).length;
  }
  return breaks;
}

/**
 * The records of a delimited text file, streamed from disk in blocks, each with the line it starts
 * on; empty lines are left out. A record past `maxColumns` fields, or text that is no delimited
 * table, stops the read with a 400. Leaving the loop early stops reading the file.
 */
export async function* streamDelimited(path: string, encoding: TextEncoding, delimiter: string, maxColumns: number): AsyncGenerator<DelimitedRecord[]> {
  const decoder = new TextDecoder(encoding);
  const decode = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  // Empty lines come as records of one empty cell, so that every line is counted (csv-parse's own
  // line count costs a third of its time, and counts a quoted CRLF twice).
  // The parser holds a block of records (not its stream's default of 16) before the file waits for it.
  const options: Options & { readableHighWaterMark: number } = { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: false, max_record_size: MAX_RECORD_CHARS, readableHighWaterMark: BLOCK };
  const parser = parse(options);
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  pipeline(file, decode, parser, (error) => {
    failure = error ?? undefined;
    ended = true;
    wake?.();
  });
  parser.on('readable', () => wake?.());
  let line = 1;
  try {
    for (;;) {
      const block: DelimitedRecord[] = [];
      let record: string[] | null;
      while (block.length < BLOCK && (record = parser.read() as string[] | null) !== null) {
        if (record.length > maxColumns) throw tooManyColumns(record.length, maxColumns);
        if (record.length !== 1 || record[0] !== '') block.push({ cells: record, line });
        line += 1 + breaksIn(record);
      }
      if (block.length) {
        yield block;
        continue;
      }
      if (failure) throw failure;
      if (ended && parser.readableLength === 0) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The file could not be read as delimited text: ${csvProblem(error)}`);
    throw error;
  } finally {
    file.destroy();
  }
}

/** The first `max` records of a delimited text file: only as much of the file is read as those records need. */
export async function readDelimited(path: string, encoding: TextEncoding, delimiter: string, max: number, maxColumns: number): Promise<string[][]> {
  const records: string[][] = [];
  for await (const block of streamDelimited(path, encoding, delimiter, maxColumns)) {
    for (const { cells } of block) if (records.length < max) records.push(cells);
    if (records.length >= max) break;
  }
  return records;
}

const csvProblem = (error: CsvError) =>
  error.code === 'CSV_MAX_RECORD_SIZE' ? `a row is longer than ${MAX_RECORD_CHARS / (1024 * 1024)} MB of text.` : error.message.split('\n')[0].slice(0, 200);

/** A 400 for a file wider than a data source may be. */
export const tooManyColumns = (found: number, max: number) =>
  badRequest(`The file has ${found.toLocaleString('en')} columns; a data source holds at most ${max.toLocaleString('en')}.`);
