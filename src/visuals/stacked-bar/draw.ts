import { scaleLinear, select, type Selection } from 'd3';
import type { ContentEntry } from '../../api/visual-types';
import { colourAt, DIMMED } from '../common/palette';
import { numberLocale, toD3Format } from '../common/format';
import { keyActivate } from '../common/keys';

/** Stacked bar defaults of spec part 3. */
export const STACKED_BAR_DEFAULTS = {
  Thickness: 8, Padding: 24, PaddingRight: 60, SortOrder: 'DESC', SortBy: 'Bar', SecondaryLabelFormat: '.0%', LabelSpacing: 10, MinBarWidthRatio: 0.1,
} as const;

export interface StackRow {
  name: string;
  segments: Array<{ name: string; value: number }>;
  /** The same row under the secondary filters (a thin bar under the primary one). */
  secondary?: Array<{ name: string; value: number }>;
}

export interface StackedBarModel {
  rows: StackRow[];
  /** Every series in colour order (hidden ones keep their colour). */
  series: string[];
  hidden: readonly string[];
  width: number;
  thickness: number;
  padding: number;
  paddingRight: number;
  labelFormat: string;
  labelSpacing: number;
  minBarWidthRatio: number;
  palette: readonly string[];
  /** Is a segment (or its whole row) selected? Unselected ones dim to 0.3 when any is. */
  isSelected?: (row: string, series: string) => boolean;
  anySelected: boolean;
  onSegment?: (row: string, series: string) => void;
  /** A click on a row label selects the whole category. */
  onRow?: (row: string) => void;
  /** The share label in the right padding, saying whose share it is ('59% Promoter'); a number alone reads as the score. */
  shareLabel?: (share: string, series: string) => string;
  /** Draws something of the row's own in the right padding instead of the share label (icon bar, gauge). */
  rowDecorator?: (g: Selection<SVGGElement, unknown, null, undefined>, row: StackRow, top: number, left: number) => void;
}

/**
 * Rows from content entries, sorted (spec default: DESC by Bar, the value of the first series; 'Name'
 * sorts by label). The secondary rows join by name.
 */
export function stackRows(content: readonly ContentEntry[], secondary: readonly ContentEntry[], sortOrder: string, sortBy: string, series: readonly string[] = []): StackRow[] {
  const rank = (name: string) => (series.includes(name) ? series.indexOf(name) : series.length);
  const segments = (e: ContentEntry) => e.data.map((r) => ({ name: r.Name, value: r.Val as number })).sort((a, b) => rank(a.name) - rank(b.name));
  const rows: StackRow[] = content.map((e) => {
    const sec = secondary.find((s) => s.Name === e.Name);
    return { name: e.Name, segments: segments(e), secondary: sec && segments(sec) };
  });
  const first = series[0] ?? rows[0]?.segments[0]?.name;
  const keyOf = (r: StackRow) => (sortBy === 'Name' ? r.name : (r.segments.find((s) => s.name === first)?.value ?? -Infinity));
  const dir = sortOrder === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return (typeof ka === 'string' ? ka.localeCompare(kb as string) : ka - (kb as number)) * dir;
  });
}

export const ROW_LABEL_HEIGHT = 18;

/** Height the chart needs: per row a label line, the bar (and the thin secondary bar) and the padding. */
export function stackedBarHeight(m: Pick<StackedBarModel, 'rows' | 'thickness' | 'padding'>): number {
  return m.rows.length * (ROW_LABEL_HEIGHT + m.thickness * 2 + 4 + m.padding);
}

/**
 * Draws horizontal stacked bars, one row per category, with the first series' share as a label in
 * the right padding. Segments are buttons when `onSegment` is set. Row labels are drawn by the component (HTML buttons).
 */
export function drawStackedBar(svg: SVGSVGElement, m: StackedBarModel): () => void {
  const height = stackedBarHeight(m);
  const root = select(svg).attr('viewBox', `0 0 ${m.width} ${height}`).attr('width', m.width).attr('height', height).append('g').attr('class', 'stacked-bar');
  // The bars never get narrower than the minimum ratio of the width, whatever the right padding.
  const x = scaleLinear().domain([0, 1]).range([0, Math.max(m.width * m.minBarWidthRatio, m.width - m.paddingRight)]);
  const label = numberLocale().format(toD3Format(m.labelFormat, '.0%'));
  const rowStep = ROW_LABEL_HEIGHT + m.thickness * 2 + 4 + m.padding;
  m.rows.forEach((row, i) => {
    const top = i * rowStep + ROW_LABEL_HEIGHT;
    const shown = row.segments.filter((s) => !m.hidden.includes(s.name));
    const total = shown.reduce((t, s) => t + s.value, 0) || 1;
    const g = root.append('g').attr('class', 'row').attr('role', 'group').attr('aria-label', row.name);
    let offset = 0;
    for (const s of shown) {
      const share = s.value / total;
      const seg = g
        .append('rect')
        .attr('class', 'segment')
        .attr('x', x(offset))
        .attr('y', top)
        .attr('width', Math.max(0, x(share) - x(0)))
        .attr('height', m.thickness)
        .attr('rx', 2)
        .style('fill', colourAt(m.series.indexOf(s.name), m.palette))
        .attr('opacity', m.anySelected && !m.isSelected?.(row.name, s.name) ? DIMMED : 1)
        .attr('aria-label', `${row.name}, ${s.name}: ${label(share)}`);
      if (m.onSegment) {
        const pick = m.onSegment;
        seg.attr('tabindex', 0).attr('role', 'button').style('cursor', 'pointer').on('click', () => pick(row.name, s.name)).on('keydown', keyActivate(() => pick(row.name, s.name)));
      } else seg.attr('role', 'img');
      offset += share;
    }
    if (row.secondary) {
      const secShown = row.secondary.filter((s) => !m.hidden.includes(s.name));
      const secTotal = secShown.reduce((t, s) => t + s.value, 0) || 1;
      let o = 0;
      for (const s of secShown) {
        g.append('rect').attr('class', 'segment secondary').attr('aria-hidden', 'true').attr('x', x(o)).attr('y', top + m.thickness + 2).attr('width', Math.max(0, x(s.value / secTotal) - x(0))).attr('height', m.thickness / 2).style('fill', colourAt(m.series.indexOf(s.name), m.palette)).attr('opacity', 0.6);
        o += s.value / secTotal;
      }
    }
    const lead = shown[0];
    if (m.rowDecorator) m.rowDecorator(g, row, top, x(1) + m.labelSpacing);
    else if (lead) {
      const text = (m.shareLabel ?? ((share, series) => `${share} ${series}`))(label(lead.value / total), lead.name);
      // On the row's label line, flush with the bar's end: the words need more room than the right padding.
      g.append('text').attr('class', 'share').attr('x', x(1)).attr('text-anchor', 'end').attr('y', top - 5).text(text);
    }
    const name = g.append('text').attr('class', 'row-label').attr('x', 0).attr('y', top - 5).text(row.name);
    if (m.onRow) {
      const pick = m.onRow;
      name.attr('tabindex', 0).attr('role', 'button').style('cursor', 'pointer').on('click', () => pick(row.name)).on('keydown', keyActivate(() => pick(row.name)));
    }
  });
  return () => {
    root.remove();
  };
}
