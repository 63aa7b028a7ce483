/** The 12 chart colours of spec part 2 section 9, in the order series take them. */
export const PALETTE = [
  '#184B9B', '#C73361', '#0C8A65', '#E08A00', '#6A4C93', '#1B98A8',
  '#9B1A42', '#5B8C2A', '#D4002B', '#3D6FD1', '#8C6D31', '#666666',
] as const;

/**
 * The theme's first `count` chart colours as CSS values (`var(--cx-chart-N, <the spec's colour>)`),
 * which a page's dark or high-contrast theme replaces.
 */
export const themePalette = (count: number = PALETTE.length): string[] => PALETTE.slice(0, count).map((c, i) => `var(--cx-chart-${i + 1}, ${c})`);

const THEME = themePalette();

/** The donut's own palette: 10 colours (spec part 3, donut defaults), the first ten of the chart palette. */
export const DONUT_PALETTE = themePalette(10);

/**
 * A series colour, cycling: the settings' Palette, else the theme's. Drawings set it as a style
 * (`.style('fill', ...)`): SVG presentation attributes take no `var()`.
 */
export function colourAt(index: number, palette: readonly string[] = THEME): string {
  const list = palette.length ? palette : THEME;
  return list[index % list.length];
}

/**
 * The spec's semantic text colours (deltas, pills) as the theme's tokens: a tile setting that names
 * one of them (the defaults, the seeded tiles) follows a dark or high-contrast theme; any other
 * colour a tile's author chose stays as chosen.
 */
const THEMED: Record<string, string> = {
  '#0c7a59': 'var(--cx-color-positive-text, #0C7A59)',
  '#0c8a65': 'var(--cx-color-positive-text, #0C8A65)',
  '#c4002a': 'var(--cx-color-negative-text, #C4002A)',
  '#d4002b': 'var(--cx-color-negative-text, #D4002B)',
  '#666666': 'var(--cx-color-text-muted, #666666)',
  '#666': 'var(--cx-color-text-muted, #666)',
};

/** A colour to draw text in: the theme's token for the spec's semantic colours, else the colour itself. */
export const themed = (colour: string): string => THEMED[colour.toLowerCase()] ?? colour;

/** Delta colours of the review charts as the theme's tokens: grey at 0, green above, red below (contrast-safe shades). */
export const DELTA_COLOURS = {
  same: 'var(--cx-color-text-muted, #666666)',
  up: 'var(--cx-color-positive-text, #0C7A59)',
  down: 'var(--cx-color-negative-text, #C4002A)',
} as const;

/**
 * The colours charts draw their chrome in (labels, rules, tracks, the default series), as the
 * theme's tokens with the light defaults (docs/theming.md). Drawings set them as styles
 * (`.style('fill', INK.label)`): SVG presentation attributes take no `var()`.
 */
export const INK = {
  /** Chart labels and values beside a mark. */
  label: 'var(--cx-color-text-subtle, #4a4a4a)',
  /** Text on a mark in a chart colour (a touchpoint's value). */
  onMark: 'var(--cx-chart-text, #fff)',
  /** A hollow mark: the tile's surface. */
  surface: 'var(--cx-color-surface, #fff)',
  /** A column's panel behind its chart (the journey map). */
  panel: 'var(--cx-color-surface-muted, #f9f9f9)',
  /** Grid lines (the radar's web). */
  grid: 'var(--cx-color-border-subtle, #d9dde3)',
  /** The empty part of a star or a gauge. */
  track: 'var(--cx-color-neutral-200, #e4e7eb)',
  /** A hollow star's outline. */
  outline: 'var(--cx-color-muted, #8a8f98)',
  /** Secondary marks: dashed joins, the donut's 'Others'. */
  secondary: 'var(--cx-color-muted, #b8b8b8)',
  /** Chosen stars. */
  star: 'var(--cx-color-star, #E08A00)',
  /** The one series of a single-series chart (a line, a marker). */
  series: 'var(--cx-chart-1, #184B9B)',
  /** Columns under a line in the first chart colour: its light shade. */
  seriesSoft: 'var(--cx-chart-1-soft, #9DB8E0)',
} as const;

/** Opacity of items outside a selection (spec part 3: selected 1, others 0.3). */
export const DIMMED = 0.3;
