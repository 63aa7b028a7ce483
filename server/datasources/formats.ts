import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { badRequest } from '../http/errors';

/** The file formats a preview reads. */
export type FileFormat = 'csv' | 'xlsx' | 'jsonl' | 'parquet';

const FORMAT_NAMES: Record<FileFormat, string> = { csv: 'CSV text', xlsx: 'an XLSX workbook', jsonl: 'JSON Lines', parquet: 'a Parquet file' };

const BY_EXTENSION: Record<string, FileFormat> = {
  '.csv': 'csv',
  '.tsv': 'csv',
  '.tab': 'csv',
  '.txt': 'csv',
  '.xlsx': 'xlsx',
  '.xlsm': 'xlsx',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.json': 'jsonl',
  '.parquet': 'parquet',
};

const BY_CONTENT_TYPE: Record<string, FileFormat> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'text/plain': 'csv',
  'application/csv': 'csv',
  'application/vnd.ms-excel': 'csv', // what Windows browsers send for a .csv
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/json': 'jsonl',
  'application/vnd.apache.parquet': 'parquet',
  'application/x-parquet': 'parquet',
};

/** Binary kinds a wrong file often is, by their first bytes. */
const MAGIC: Array<[what: string, bytes: number[]]> = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a zip archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['a Parquet file', [0x50, 0x41, 0x52, 0x31]],
  ['an old Excel 97-2003 workbook', [0xd0, 0xcf, 0x11, 0xe0]],
  ['an SQLite database', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
  ['a program', [0x7f, 0x45, 0x4c, 0x46]],
];

const startsWith = (head: Buffer, bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
const magicOf = (head: Buffer) => MAGIC.find(([, bytes]) => startsWith(head, bytes))?.[0];
/** A UTF-16 text starts with its byte order mark; any other text file holds no NUL byte. */
const isText = (head: Buffer) => startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]) || !head.includes(0);

/** The first bytes of a file (what sniffing and encoding detection read). */
export async function headOf(path: string, bytes = 64 * 1024): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The file's format: from its name's extension, else its Content-Type, else its content; and then
 * checked against its content, so a PNG named .csv or an .xlsx that is not a zip is a 400 that says so.
 */
export function formatOf(name: string | null, contentType: string | null, head: Buffer): FileFormat {
  const extension = name ? extname(name).toLowerCase() : '';
  if (extension === '.xls') throw badRequest('Old Excel 97-2003 workbooks (.xls) are not read: save the file as .xlsx or CSV.');
  if (extension && !BY_EXTENSION[extension]) throw badRequest(`Files of type ${extension} are not read: send CSV, TSV, XLSX, JSON Lines or Parquet.`);
  const claimed = BY_EXTENSION[extension] ?? (contentType ? BY_CONTENT_TYPE[contentType] : undefined);
  const found = magicOf(head);
  const format = claimed ?? sniffed(head, found);
  const what = name ? `The file ${name}` : 'The file';
  const refuse = (holds: string) => badRequest(`${what} should be ${FORMAT_NAMES[format]}, but it holds ${holds}.`);
  if (format === 'xlsx' && found !== 'a zip archive') throw refuse(found ?? 'no zip archive (an .xlsx workbook is one)');
  if (format === 'parquet' && found !== 'a Parquet file') throw refuse(found ?? 'no Parquet data');
  if (format === 'csv' || format === 'jsonl') {
    if (found) throw refuse(found);
    if (!isText(head)) throw refuse('binary data, not text');
  }
  if (format === 'jsonl' && !/^\s*[[{]/.test(head.toString('utf8').replace(/^\uFEFF/, ''))) throw refuse('no JSON object on its first line');
  return format;
}

/** The format of a file that does not say: by its first bytes. */
function sniffed(head: Buffer, found: string | undefined): FileFormat {
  if (found === 'a zip archive') return 'xlsx';
  if (found === 'a Parquet file') return 'parquet';
  if (found) throw badRequest(`The file holds ${found}: send CSV, TSV, XLSX, JSON Lines or Parquet.`);
  return /^\s*\{/.test(head.toString('utf8').replace(/^\uFEFF/, '')) ? 'jsonl' : 'csv';
}
