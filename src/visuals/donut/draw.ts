import { arc, pie, select } from 'd3';
import { colourAt, DIMMED, INK } from '../common/palette';
import { keyActivate } from '../common/keys';
import { legendPercent } from '../common/format';

/** Donut defaults (spec part 3, chart defaults): TopN 5, others threshold 5%, an 'Others' bucket. */
export const DONUT_DEFAULTS = { Mode: 'TopN', TopN: 5, OthersThreshold: 0.05 } as const;
export const OTHERS = 'Others';
/** The colour of a slice: the 'Others' bucket in the theme's secondary grey, the rest by the palette. */
export const sliceColour = (s: Slice, i: number, palette: readonly string[]) => (s.others ? INK.secondary : colourAt(i, palette));
export type DonutMode = 'Default' | 'TopN' | 'GroupOther';

export interface Slice {
  name: string;
  value: number;
  /** The bucket of small items; not clickable. */
  others?: boolean;
}

/**
 * Slices by mode: Default keeps all; TopN keeps the N largest and sums the rest into 'Others';
 * GroupOther sums items below the threshold share into 'Others'. Zero and negative values are dropped.
 */
export function donutSlices(items: ReadonlyArray<{ name: string; value: number }>, mode: DonutMode, topN: number, threshold: number): Slice[] {
  const sorted = items.filter((i) => i.value > 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const total = sorted.reduce((t, i) => t + i.value, 0);
  let keep = sorted;
  if (mode === 'TopN') keep = sorted.slice(0, Math.max(1, topN));
  else if (mode === 'GroupOther') keep = sorted.filter((i) => i.value / total >= threshold);
  const rest = sorted.filter((i) => !keep.includes(i));
  const others = rest.reduce((t, i) => t + i.value, 0);
  return [...keep.map((i) => ({ ...i })), ...(others > 0 ? [{ name: OTHERS, value: others, others: true }] : [])];
}

export interface DonutModel {
  slices: Slice[];
  palette: readonly string[];
  anySelected: boolean;
  isSelected: (name: string) => boolean;
  total: string;
  onSlice?: (name: string) => void;
}

const R = 100;

/** Draws the donut with the total in its middle; slices are buttons when `onSlice` is set (not 'Others'). */
export function drawDonut(svg: SVGSVGElement, m: DonutModel): () => void {
  const root = select(svg).attr('viewBox', `${-R} ${-R} ${2 * R} ${2 * R}`).append('g').attr('class', 'donut');
  const sum = m.slices.reduce((t, s) => t + s.value, 0);
  const layout = pie<Slice>().value((s) => s.value).sort(null)(m.slices);
  const shape = arc<(typeof layout)[number]>().innerRadius(R * 0.6).outerRadius(R).padAngle(0.01);
  layout.forEach((p, i) => {
    const s = p.data;
    const path = root
      .append('path')
      .attr('class', s.others ? 'slice others' : 'slice')
      .attr('d', shape(p))
      .style('fill', sliceColour(s, i, m.palette))
      .attr('opacity', m.anySelected && !m.isSelected(s.name) ? DIMMED : 1)
      .attr('aria-label', `${s.name}: ${legendPercent(s.value / sum)}`);
    if (m.onSlice && !s.others) {
      const pick = m.onSlice;
      path.attr('tabindex', 0).attr('role', 'button').style('cursor', 'pointer').on('click', () => pick(s.name)).on('keydown', keyActivate(() => pick(s.name)));
    } else path.attr('role', 'img');
  });
  root.append('text').attr('class', 'total').attr('text-anchor', 'middle').attr('dy', '0.35em').attr('font-size', 28).text(m.total);
  return () => {
    root.remove();
  };
}
