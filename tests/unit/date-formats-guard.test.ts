import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every source file under a folder of the repository. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

// Ways to write a date in the browser's own order and clock ('3/4/2026, 5:06:07 PM').
const STRAY = /\.toLocale(Date|Time)?String\(|Intl\.DateTimeFormat\(|\bdateFormat\(/;

// Where a date formatter may be made: the one date module, and the date filter's calendar sum,
// which reads the day in the portal's time zone and shows nothing.
const ALLOWED = new Set(['src/lib/dates.ts', 'src/lib/date-ranges.ts']);

describe('dates on every screen', () => {
  it('are written by the one date module (DD/MM/YYYY, YYYY-MM-DDTHH:mm:ss), never by the locale', () => {
    const stray = ['src', 'elements']
      .flatMap(sources)
      .map((file) => relative(root, join(root, file)).replaceAll('\\', '/'))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (STRAY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(stray).toEqual([]);
  });
});
