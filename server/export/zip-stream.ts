import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/** 1980-01-01, the first date a zip can say: the entries' own times carry nothing. */
const DOS_DATE = 0x21;

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * A zip file written as it goes (what an .xlsx is): each entry is deflated as its text arrives and
 * followed by a data descriptor with its CRC and sizes, so nothing is held but the chunk in hand.
 * No ZIP64: an entry stays under 4 GiB (a full sheet of a million rows is a few hundred MB of XML).
 */
export class ZipStream {
  private readonly out: WriteStream;
  private readonly entries: Entry[] = [];
  private offset = 0;
  /** The file's first failure (a full disk, writes pending at a destroy): it rejects the writer, never ends the process. */
  private failure: Error | undefined;

  constructor(file: string) {
    this.out = createWriteStream(file);
    this.out.on('error', (error) => (this.failure ??= error));
  }

  private async write(buf: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.offset += buf.length;
    // `once` rejects on an 'error' while it waits.
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  /** Adds an entry whose text comes from `parts` (strings, in order). */
  async add(name: string, parts: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt16LE(entry.name.length, 26);
    await this.write(Buffer.concat([local, entry.name]));

    // One pipeline from the text through deflate into the file: a failure anywhere (the text stopped
    // coming on a cancel or a failed read, deflate, the file) stops every stage and rejects here,
    // and the entry is abandoned with the file.
    await pipeline(
      async function* () {
        for await (const part of parts) {
          const buf = Buffer.from(part, 'utf8');
          entry.crc = crc32(buf, entry.crc);
          entry.size += buf.length;
          yield buf;
        }
      },
      // Fast deflate: the XML of a sheet repeats itself, level 1 still shrinks it about eight times.
      createDeflateRaw({ level: 1 }),
      async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) {
          entry.compressed += chunk.length;
          await this.write(chunk);
        }
      },
    );

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
    await once(this.out, 'close');
    if (this.failure) throw this.failure;
  }

  /** Stops writing and closes the file (the caller removes it); writes still pending fail quietly. */
  destroy(): void {
    this.out.destroy();
  }
}
