import { badRequest } from '../../http/errors';
import { streamWithEngine } from '../engine-files';
import { formatOf, headOf } from '../formats';
import { headerOf, type Header } from '../headers';
import type { Reading } from '../sources';
import { delimiterOf, fileEncodingOf, streamDelimited, type TextEncoding } from '../text';
import type { Upload } from '../upload';
import { streamWorkbook } from '../workbook';

type Cells = Array<string | null>;

/** A data row of a file and the line it starts on in the file (header rows counted, from 1). */
export interface FileRow {
  cells: Cells;
  line: number;
}

/** A whole file being read: its header, then its data rows in blocks as they stream; `close` ends the read early. */
export interface FileRows {
  header: Header;
  blocks: AsyncIterator<FileRow[]>;
  close: () => void;
}

/**
 * A new file's encoding: its byte order mark or its non-ASCII bytes say it; a head of plain ASCII
 * fits every encoding, so the one the source's first file was read in is kept.
 */
async function encodingFor(path: string, head: Buffer, stored: TextEncoding | undefined): Promise<TextEncoding> {
  const { encoding, ascii } = await fileEncodingOf(path, head);
  return ascii ? (stored ?? encoding) : encoding;
}

/** The first blocks, up to `n` rows at least (the header is read from their first rows). */
async function take(blocks: AsyncIterator<FileRow[]>, n: number): Promise<FileRow[]> {
  const taken: FileRow[] = [];
  while (taken.length < n) {
    const next = await blocks.next();
    if (next.done) break;
    taken.push(...next.value);
  }
  return taken;
}

/** The rows `first` holds after the header, then the rest. */
async function* after(first: FileRow[], rest: AsyncIterator<FileRow[]>): AsyncGenerator<FileRow[]> {
  if (first.length) yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Single rows in blocks (a workbook's reader gives one row at a time). */
async function* inBlocks(rows: AsyncGenerator<FileRow>, size = 1000): AsyncGenerator<FileRow[]> {
  let block: FileRow[] = [];
  for await (const row of rows) {
    block.push(row);
    if (block.length >= size) {
      yield block;
      block = [];
    }
  }
  if (block.length) yield block;
}

/**
 * Opens an import's file in its own format (a later export may come as XLSX where the first was CSV)
 * and reads its header again: the columns are matched by it, never by position.
 */
export async function openFileRows(upload: Upload, reading: Reading, maxColumns: number): Promise<FileRows> {
  const head = await headOf(upload.path);
  const format = formatOf(upload.name, upload.contentType, head);
  if (format === 'jsonl' || format === 'parquet') {
    const { names, blocks, close } = await streamWithEngine(upload.path, format, maxColumns);
    return { header: { headerRows: 0, source: null, names }, blocks: numbered(blocks), close };
  }
  let source: AsyncGenerator<FileRow[]>;
  if (format === 'xlsx') source = inBlocks(streamWorkbook(upload.path, maxColumns));
  else {
    const encoding = await encodingFor(upload.path, head, reading.encoding);
    // Found again in this file: a later export may be written with semicolons where the first had commas.
    const delimiter = delimiterOf(new TextDecoder(encoding).decode(head));
    source = streamDelimited(upload.path, encoding, delimiter, maxColumns);
  }
  const close = () => void source.return(undefined).catch(() => undefined);
  try {
    const first = await take(source, 3);
    if (first.length === 0) throw badRequest('The file holds no rows: not even a header.');
    const header = reading.headerRows === 0 ? { headerRows: 0, source: null, names: first[0].cells.map(() => '') } : headerOf(first.slice(0, 3).map((r) => r.cells));
    return { header, blocks: after(first.slice(header.headerRows), source), close };
  } catch (error) {
    close();
    throw error;
  }
}

/** DuckDB's rows numbered as the lines of a JSON Lines file (Parquet: the row's number). */
async function* numbered(blocks: AsyncGenerator<Cells[]>): AsyncGenerator<FileRow[]> {
  let line = 0;
  for await (const block of blocks) yield block.map((cells) => ({ cells, line: ++line }));
}
