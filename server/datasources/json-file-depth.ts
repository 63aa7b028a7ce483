import { createReadStream } from 'node:fs';
import { MAX_JSON_DEPTH } from '../http/json-depth';

/**
 * True when a JSON (Lines) file nests arrays or objects deeper than `max`, read as it streams, byte
 * by byte (quotes, brackets and backslashes are single bytes in UTF-8). DuckDB's JSON reader ends
 * the whole process on a line nested some 100,000 levels deep, whatever its `maximum_depth`: such a
 * file never reaches it.
 */
export async function fileNestedTooDeeply(path: string, max = MAX_JSON_DEPTH): Promise<boolean> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 92) escaped = true;
        else if (b === 34) inString = false;
      } else if (b === 34) inString = true;
      else if (b === 123 || b === 91) {
        if (++depth > max) return true;
      } else if (b === 125 || b === 93) depth = Math.max(0, depth - 1);
    }
  }
  return false;
}
