// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// build that compression makes smaller, so the server sends them without compressing per request.
// The gzip copies are Zopfli's: the same format any browser reads, 3-4% smaller than zlib's best.
// Usage: node elements/tools/precompress.mjs dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const TEXT = /\.(js|mjs|css|html|svg|json|map|txt)$/;
const MIN_BYTES = 1024;

// The npm package (dist/package) is packed, not served: no compressed copies in it.
const SKIP = new Set(['package']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (dir === root && SKIP.has(name)) continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

const root = process.argv[2] ?? 'dist';
let count = 0;
let raw = 0;
let packed = 0;
for (const path of files(root)) {
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = await gzipAsync(body, { numiterations: 15 });
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
  count++;
  raw += body.length;
  packed += br.length;
}
console.log(`precompress: ${count} files, ${(raw / 1024).toFixed(0)} KB -> ${(packed / 1024).toFixed(0)} KB with brotli`);
