import { open } from 'node:fs/promises';
import { badRequest } from '../http/errors';

/** The most a workbook may unpack to (its parts together), and the most one part may grow by. */
export const MAX_UNPACKED_BYTES = 2 * 1024 ** 3;
const MAX_RATIO = 200;
/** Parts this small may compress as they like (an empty sheet, styles). */
const SMALL_PART = 1024 ** 2;

const EOCD = 0x06054b50;
const ENTRY = 0x02014b50;

/**
 * Refuses a zip (an .xlsx) whose parts unpack to more than MAX_UNPACKED_BYTES, or one part by more
 * than MAX_RATIO times, as its central directory declares them, before any part is unpacked: a few
 * megabytes that unpack to gigabytes would fill the disk or the memory of the reader. A zip that
 * needs ZIP64 (past 4 GB or 65,535 parts) is no workbook this portal reads.
 */
export async function checkZipSizes(path: string, maxUnpacked = MAX_UNPACKED_BYTES): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let at = -1;
    for (let i = tailLength - 22; i >= 0; i--) if (tail.readUInt32LE(i) === EOCD) { at = i; break; }
    if (at < 0) throw badRequest('The workbook is not a complete zip archive: save it again as .xlsx.');
    const entries = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff || dirOffset + dirSize > size) throw badRequest('The workbook is too large to read (a ZIP64 archive).');
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    let total = 0;
    for (let p = 0, n = 0; n < entries; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== ENTRY) throw badRequest('The workbook is not a readable zip archive: save it again as .xlsx.');
      const packed = dir.readUInt32LE(p + 20);
      const unpacked = dir.readUInt32LE(p + 24);
      if (unpacked === 0xffffffff || packed === 0xffffffff) throw badRequest('The workbook is too large to read (a ZIP64 archive).');
      total += unpacked;
      if (unpacked > SMALL_PART && unpacked > packed * MAX_RATIO) throw badRequest(`A part of the workbook unpacks to ${Math.round(unpacked / packed)} times its size: it is refused as a zip bomb.`);
      p += 46 + dir.readUInt16LE(p + 28) + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    if (total > maxUnpacked) throw badRequest(`The workbook unpacks to more than ${Math.round(maxUnpacked / 1024 ** 3)} GB: save it as CSV, or split it.`);
  } finally {
    await file.close();
  }
}
