import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every colour the elements draw comes from a design token (docs/theming.md): a colour in their CSS
// is only ever the default of a `var(--cx-*, default)`, so a theme reaches all of it. The one place
// colours are written out is the themes that ship with the elements (elements/themes/), the token
// definitions; the dark one sets every colour token the elements read. The same holds for the
// colours the TypeScript drawings and tile defaults write (src/visuals, src/lib), but for the named
// palettes below, which are data.
const root = join(import.meta.dirname, '../..');
const THEMES = join(root, 'elements/themes');

function files(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), ending) : ending.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Text blanked but for its line breaks, so that a finding's line number stays right. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');
/** A line comment in code: `//` at a line's start or after a space or punctuation (not the one in `https://`). */
const LINE_COMMENT = /(?<=^|[\s;{}(),])\/\/.*$/gm;
const withoutComments = (text: string, lineComments: boolean) => {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, blank);
  return lineComments ? code.replace(LINE_COMMENT, blank) : code;
};

const elementCss = files(join(root, 'src'), /\.css$/).map((file) => ({
  file: relative(root, file),
  css: withoutComments(readFileSync(file, 'utf8'), false),
}));

/**
 * Colours written out in the drawings' code on purpose: data, not chrome. Each is a declaration
 * (`const NAME = ...;`) in that file, skipped whole.
 */
const DATA_PALETTES = [
  { file: 'src/visuals/common/palette.ts', name: 'PALETTE', why: "the spec's 12 chart colours, each only the default of its --cx-chart-N token (themePalette)" },
  { file: 'src/visuals/common/palette.ts', name: 'THEMED', why: "the spec's colours a tile's settings may name, mapped to the tokens that replace them" },
  { file: 'src/lib/visual-starters.ts', name: 'GROUP_COLOURS', why: "a starter tile's Palette setting: written into the tile, its author's chosen colours" },
  { file: 'src/lib/qr-svg.ts', name: 'QR_COLOURS', why: 'a QR code is read by a camera: dark on light whatever the theme (a dark theme would make it unreadable)' },
  { file: 'src/lib/visual-starters.ts', name: 'DELTA_PALETTE', why: "a starter table's ColorPalette setting: its author's to change (themed when it names the spec's)" },
];
const declaration = (name: string) => new RegExp(`\\bconst ${name}\\b[^]*?;\\n`);

const drawingCode = [join(root, 'src/visuals'), join(root, 'src/lib')]
  .flatMap((dir) => files(dir, /\.tsx?$/))
  .map((file) => {
    const name = relative(root, file);
    let code = withoutComments(readFileSync(file, 'utf8'), true);
    for (const palette of DATA_PALETTES.filter((p) => p.file === name)) code = code.replace(declaration(palette.name), blank);
    return { file: name, code };
  });

/** A colour in code: hex, a colour function, or a named colour as a whole string. */
const CODE_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|['"`](?:white|black|red|green|blue|grey|gray|orange|yellow|purple|pink|navy|silver)['"`]/gi;

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black|red|green|blue|grey|gray|orange|yellow|purple|pink|navy|silver)\b(?![-\w(])/gi;
/** A colour allowed where it stands: directly the default of a token. */
const TOKEN_DEFAULT = /var\(--cx-[a-z0-9-]+,\s*$/;

/** `file:line text` of every colour not written as a token's default. */
function hardCodedColours(sources: Array<{ file: string; text: string }>, colour: RegExp): string[] {
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(colour)].flatMap((match) => {
      const before = text.slice(0, match.index);
      if (TOKEN_DEFAULT.test(before)) return [];
      const line = before.split('\n').length;
      return [`${file}:${line} ${text.split('\n')[line - 1].trim()}`];
    }),
  );
}

describe('element colours', () => {
  it('are written only as the default of a --cx-* token, outside the themes', () => {
    expect(hardCodedColours(elementCss.map(({ file, css }) => ({ file, text: css })), COLOUR)).toEqual([]);
  });

  it('are written in the drawings and tile defaults only as the default of a token, but for palettes that are data', () => {
    expect(hardCodedColours(drawingCode.map(({ file, code }) => ({ file, text: code })), CODE_COLOUR)).toEqual([]);
  });

  it('have an allow-list that names declarations that exist, each with its reason', () => {
    const missing = DATA_PALETTES.filter((p) => !p.why || !declaration(p.name).test(readFileSync(join(root, p.file), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('are all set by the dark theme that ships with the elements', () => {
    const dark = readFileSync(join(THEMES, 'dark.css'), 'utf8');
    const sources = [...elementCss.map(({ css }) => css), ...drawingCode.map(({ code }) => code)];
    const used = new Set(sources.flatMap((text) => [...text.matchAll(/var\((--cx-(?:color|chart)-[a-z0-9-]+)/g)].map((m) => m[1])));
    const set = new Set([...dark.matchAll(/(--cx-[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    expect([...used].filter((token) => !set.has(token)).sort()).toEqual([]);
  });
});
