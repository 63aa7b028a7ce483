import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every colour the elements draw comes from a design token (docs/theming.md): a colour in their CSS
// is only ever the default of a `var(--cx-*, default)`, so a theme reaches all of it. The one place
// colours are written out is the themes that ship with the elements (elements/themes/), the token
// definitions; the dark one sets every colour token the elements read.
const root = join(import.meta.dirname, '../..');
const THEMES = join(root, 'elements/themes');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );
}

const elementCss = cssFiles(join(root, 'src')).map((file) => ({
  file: relative(root, file),
  css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
}));

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black|red|green|blue|grey|gray|orange|yellow|purple|pink|navy|silver)\b(?![-\w(])/gi;
/** A colour allowed where it stands: directly the default of a token. */
const TOKEN_DEFAULT = /var\(--cx-[a-z0-9-]+,\s*$/;

describe('element colours', () => {
  it('are written only as the default of a --cx-* token, outside the themes', () => {
    const hardCoded: string[] = [];
    for (const { file, css } of elementCss) {
      for (const match of css.matchAll(COLOUR)) {
        const before = css.slice(0, match.index);
        if (TOKEN_DEFAULT.test(before)) continue;
        const line = before.split('\n').length;
        hardCoded.push(`${file}:${line} ${css.split('\n')[line - 1].trim()}`);
      }
    }
    expect(hardCoded).toEqual([]);
  });

  it('are all set by the dark theme that ships with the elements', () => {
    const dark = readFileSync(join(THEMES, 'dark.css'), 'utf8');
    const used = new Set(elementCss.flatMap(({ css }) => [...css.matchAll(/var\((--cx-(?:color|chart)-[a-z0-9-]+)/g)].map((m) => m[1])));
    const set = new Set([...dark.matchAll(/(--cx-[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    expect([...used].filter((token) => !set.has(token)).sort()).toEqual([]);
  });
});
