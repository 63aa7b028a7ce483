import { axisBottom, axisLeft, axisRight, line, scaleBand, scaleLinear, select } from 'd3';
import { numberLocale } from '../common/format';
import { colourAt, DIMMED, INK } from '../common/palette';
import { keyActivate } from '../common/keys';

/** Stacked column with line defaults of spec part 3; the line is the theme's first chart colour unless the tile sets one. */
export const COLUMN_LINE_DEFAULTS = { LineColour: INK.series, LineWidth: 3, InnerPadding: 0.3 } as const;

export interface ColumnLineModel {
  categories: string[];
  columns: Array<number | null>;
  line: Array<number | null>;
  width: number;
  height: number;
  columnFormat: string;
  lineFormat: string;
  lineColour: string;
  lineWidth: number;
  innerPadding: number;
  /** An icon per category label (AxisValueMapping), drawn under the axis. */
  icons: Record<string, string>;
  palette: readonly string[];
  anySelected: boolean;
  isSelected: (category: string) => boolean;
  onColumn?: (category: string) => void;
}

const MARGIN = { top: 10, right: 44, bottom: 52, left: 44 };

/** Draws columns on the left axis and a line with markers on the right axis; columns are buttons when clickable. */
export function drawColumnLine(svg: SVGSVGElement, m: ColumnLineModel): () => void {
  const w = Math.max(180, m.width);
  const h = Math.max(140, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'column-line');
  const x = scaleBand().domain(m.categories).range([MARGIN.left, w - MARGIN.right]).padding(m.innerPadding);
  const y = scaleLinear().domain([0, Math.max(1, ...m.columns.map((v) => v ?? 0))]).nice().range([h - MARGIN.bottom, MARGIN.top]);
  const lineValues = m.line.filter((v): v is number => v !== null);
  const y2 = scaleLinear().domain([Math.min(0, ...lineValues), Math.max(1e-9, ...lineValues)]).nice().range([h - MARGIN.bottom, MARGIN.top]);
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(5, m.columnFormat));
  root.append('g').attr('class', 'axis y2').attr('aria-hidden', 'true').attr('transform', `translate(${w - MARGIN.right},0)`).call(axisRight(y2).ticks(5, m.lineFormat));
  root.append('g').attr('class', 'axis x').attr('aria-hidden', 'true').attr('transform', `translate(0,${h - MARGIN.bottom})`).call(axisBottom(x));
  const cf = numberLocale().format(m.columnFormat);
  const lf = numberLocale().format(m.lineFormat);
  m.categories.forEach((c, i) => {
    const v = m.columns[i] ?? 0;
    const rect = root
      .append('rect')
      .attr('class', 'column')
      .attr('x', x(c) ?? 0)
      .attr('y', y(v))
      .attr('width', x.bandwidth())
      .attr('height', y(0) - y(v))
      // One colour for the columns (the line carries the other measure); a Palette colours them one by one.
      .style('fill', m.palette.length ? colourAt(i, m.palette) : INK.seriesSoft)
      .attr('opacity', m.anySelected && !m.isSelected(c) ? DIMMED : 1)
      .attr('aria-label', `${c}: ${cf(v)}${m.line[i] === null ? '' : `, ${lf(m.line[i]!)}`}`);
    if (m.onColumn) {
      const pick = m.onColumn;
      rect.attr('role', 'button').attr('tabindex', 0).style('cursor', 'pointer').on('click', () => pick(c)).on('keydown', keyActivate(() => pick(c)));
    } else rect.attr('role', 'img');
    if (m.icons[c]) root.append('image').attr('aria-hidden', 'true').attr('href', m.icons[c]).attr('x', (x(c) ?? 0) + x.bandwidth() / 2 - 10).attr('y', h - MARGIN.bottom + 22).attr('width', 20).attr('height', 20);
  });
  const points = m.categories.map((c, i) => ({ c, v: m.line[i] })).filter((p): p is { c: string; v: number } => p.v !== null);
  const mid = (c: string) => (x(c) ?? 0) + x.bandwidth() / 2;
  root.append('path').attr('class', 'line').attr('aria-hidden', 'true').attr('fill', 'none').style('stroke', m.lineColour).attr('stroke-width', m.lineWidth)
    .attr('d', line<{ c: string; v: number }>().x((p) => mid(p.c)).y((p) => y2(p.v))(points));
  for (const p of points) root.append('circle').attr('aria-hidden', 'true').attr('cx', mid(p.c)).attr('cy', y2(p.v)).attr('r', 4).style('fill', m.lineColour);
  return () => {
    root.remove();
  };
}
