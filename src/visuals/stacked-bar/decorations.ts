import { arc, type Selection } from 'd3';
import { starFills } from '../../lib/rating';
import { formatValue, numberLocale } from '../common/format';
import { DELTA_COLOURS, INK } from '../common/palette';
import type { StackRow } from './draw';

type Row = Selection<SVGGElement, unknown, null, undefined>;

/** Icon bar defaults of spec part 3: 5 icons (1 to 5), icons at most 25 px, hero 30, right padding 104. */
export const ICON_BAR_DEFAULTS = { Icons: 5, MinIcons: 1, MaxIcons: 5, MaxIconSize: 25, HeroSize: 30, PaddingRight: 104 } as const;
/** Stacked bar with gauge: rows sorted A to Z (aZ), Z to A (Za), or as they come (hide omits the sort). */
export type GaugeSortMode = 'aZ' | 'Za' | 'hide';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** The number of icons, kept between 1 and 5 whatever the setting says. */
export const iconCount = (n: number) => Math.max(ICON_BAR_DEFAULTS.MinIcons, Math.min(ICON_BAR_DEFAULTS.MaxIcons, Math.round(n)));

/** Draws a row's rating as partly filled star icons in the right padding (the hollow star shows the empty part). */
export function iconBar(values: ReadonlyMap<string, number>, icons: number, size: number) {
  return (g: Row, row: StackRow, top: number, left: number) => {
    const v = values.get(row.name);
    if (v === undefined) return;
    const scale = size / 24;
    g.attr('aria-label', `${row.name}, ${numberLocale().format('.1f')(v)} of ${icons}`);
    starFills(v, icons).forEach((fill, i) => {
      const icon = g.append('g').attr('class', 'icon').attr('aria-hidden', 'true').attr('transform', `translate(${left + i * size},${top - size / 2}) scale(${scale})`);
      icon.append('path').attr('d', STAR).attr('fill', 'none').style('stroke', INK.outline);
      if (fill > 0) icon.append('path').attr('d', STAR).style('fill', INK.star).attr('clip-path', `inset(0 ${(1 - fill) * 100}% 0 0)`).style('clip-path', `inset(0 ${(1 - fill) * 100}% 0 0)`);
    });
  };
}

/** Draws a small half gauge (-1 to 1) with the row's value in the right padding. */
export function rowGauge(values: ReadonlyMap<string, number>, valueFormat: string) {
  const r = 16;
  const shape = arc<{ startAngle: number; endAngle: number }>().innerRadius(r * 0.6).outerRadius(r);
  const angle = (v: number) => (Math.max(-1, Math.min(1, v)) * Math.PI) / 2;
  return (g: Row, row: StackRow, top: number, left: number) => {
    const v = values.get(row.name);
    if (v === undefined) return;
    const text = formatValue(v, valueFormat);
    g.attr('aria-label', `${row.name}, ${text}`);
    const gauge = g.append('g').attr('class', 'row-gauge').attr('aria-hidden', 'true').attr('transform', `translate(${left + r},${top + 4})`);
    gauge.append('path').attr('d', shape({ startAngle: -Math.PI / 2, endAngle: Math.PI / 2 })).style('fill', INK.track);
    gauge.append('path').attr('d', shape({ startAngle: Math.min(0, angle(v)), endAngle: Math.max(0, angle(v)) })).style('fill', v >= 0 ? DELTA_COLOURS.up : DELTA_COLOURS.down);
    gauge.append('text').attr('x', r + 6).attr('y', 0).attr('font-size', 11).style('fill', INK.label).text(text);
  };
}

/** Rows in the gauge variant's sort mode. */
export function sortRowsBy<T extends { name: string }>(rows: T[], mode: GaugeSortMode): T[] {
  if (mode === 'hide') return rows;
  const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name));
  return mode === 'Za' ? sorted.reverse() : sorted;
}
