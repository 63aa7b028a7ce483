import type { Context } from 'hono';
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { ApiError, badRequest } from '../http/errors';
import { sizeText } from './limits';

/** A file received into a temporary folder; `discard` removes it. */
export interface Upload {
  path: string;
  /** The file's own name (multipart filename or `?name=`), if the caller gave one. */
  name: string | null;
  contentType: string | null;
  size: number;
  discard: () => Promise<void>;
}

const tooLarge = (maxBytes: number) => new ApiError(413, `The file is larger than the limit of ${sizeText(maxBytes)} (DATASOURCE_MAX_BYTES).`);

/** A file's name without any folder, or null when it is blank. */
const fileName = (name: string | undefined | null) => {
  const base = basename((name ?? '').replace(/\\/g, '/')).trim().slice(0, 255);
  return base === '' ? null : base;
};

/** Counts the bytes that pass and fails past `maxBytes` (a chunked body has no length to judge first). */
const counter = (maxBytes: number, seen: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen.bytes += chunk.length;
      done(seen.bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });

/**
 * Streams the request's file to disk, never into memory: the raw body (named by `?name=`), or the one
 * file field of a multipart/form-data body. Past `maxBytes` a 413 naming the limit.
 */
export async function receiveFile(c: Context, maxBytes: number): Promise<Upload> {
  const length = Number(c.req.header('content-length'));
  if (length > maxBytes) throw tooLarge(maxBytes);
  const body = c.req.raw.body;
  if (!body) throw badRequest('The file is empty: send it as the request body.');
  const dir = await mkdtemp(join(tmpdir(), 'cx-preview-'));
  const path = join(dir, 'upload');
  const discard = () => rm(dir, { recursive: true, force: true });
  const type = c.req.header('content-type') ?? '';
  const seen = { bytes: 0 };
  try {
    const input = Readable.fromWeb(body as WebStream<Uint8Array>);
    const received = /^multipart\/form-data/i.test(type)
      ? await receivePart(input, c.req.header(), path, maxBytes, seen)
      : await pipeline(input, counter(maxBytes, seen), createWriteStream(path)).then((): Received => ({ name: c.req.query('name'), contentType: type }));
    if (seen.bytes === 0) throw badRequest('The file is empty.');
    return { path, name: fileName(received.name), contentType: received.contentType.split(';')[0].trim().toLowerCase() || null, size: seen.bytes, discard };
  } catch (error) {
    await discard();
    if (error instanceof ApiError || (error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
    // The client went away or broke the body off: nothing was received, and nothing is on the server to blame.
    throw badRequest('The upload ended before the whole file was received.');
  }
}

/** The name and type a file came with. */
interface Received {
  name: string | undefined;
  contentType: string;
}

/** The one file field of a multipart body, written to `path`. */
function receivePart(input: Readable, headers: Record<string, string>, path: string, maxBytes: number, seen: { bytes: number }) {
  return new Promise<Received>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { files: 2, fileSize: maxBytes, fields: 20, parts: 40 } });
    } catch {
      return reject(badRequest('The multipart/form-data body has no boundary.'));
    }
    let file: Promise<Received> | undefined;
    parser.on('file', (_field, stream, info) => {
      if (file) {
        stream.resume();
        return reject(badRequest('Send one file per preview.'));
      }
      stream.on('limit', () => stream.destroy(tooLarge(maxBytes)));
      const written: Promise<Received> = pipeline(stream, counter(maxBytes, seen), createWriteStream(path)).then(() => ({ name: info.filename, contentType: info.mimeType }));
      written.catch(reject);
      file = written;
    });
    parser.on('error', () => reject(badRequest('The multipart/form-data body could not be read.')));
    parser.on('close', () => (file ? file.then(resolve, reject) : reject(badRequest('The multipart/form-data body holds no file field.'))));
    input.on('error', reject);
    input.pipe(parser);
  });
}
