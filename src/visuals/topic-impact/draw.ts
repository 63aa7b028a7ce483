import { scaleBand, scaleLinear, select } from 'd3';
import { keyActivate } from '../common/keys';
import { DIMMED } from '../common/palette';

/** One bar: a topic's NPS difference (with it minus without it), its words already in the reader's language. */
export interface ImpactBar {
  topicId: string;
  /** The topic's name as the Topic dimension's filter value takes it. */
  topic: string;
  /** The topic's name, shortened to fit; `label` says it whole. */
  name: string;
  difference: number;
  /** The difference as written beside the bar ("+12", "−8"). */
  value: string;
  /** "340 mentions", or "few mentions" too when there are too few to read. */
  counts: string;
  tooFew: boolean;
  /** Everything the row says, for screen readers and as its tooltip. */
  label: string;
}

export interface TopicImpactModel {
  bars: ImpactBar[];
  width: number;
  height: number;
  /** A click (or Enter, Space) on a row filters by its topic (ClickBehaviour Filter): rows are buttons then. */
  onBar?: (topic: string) => void;
  isSelected: (topic: string) => boolean;
  anySelected: boolean;
}

const MARGIN = { top: 4, right: 8, bottom: 4, left: 8 };
const ROW_MAX = 34;

/**
 * A diverging bar chart: a row per topic, the bar to the right of zero where mentioning it goes with
 * a higher NPS, to the left where lower; the name and mention count over the bar's side of zero, the difference at
 * its end. Topics with too few mentions are drawn faint and say so. Each row takes the focus and
 * carries its whole statement as its label, so the ranking reads without a mouse.
 */
export function drawTopicImpact(svg: SVGSVGElement, m: TopicImpactModel): () => void {
  const w = Math.max(200, m.width);
  const h = Math.max(80, Math.min(m.height, MARGIN.top + MARGIN.bottom + ROW_MAX * m.bars.length));
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'topic-impact-chart');
  const y = scaleBand().domain(m.bars.map((b) => b.topicId)).range([MARGIN.top, h - MARGIN.bottom]).paddingInner(0.15);
  const reach = Math.max(1, ...m.bars.map((b) => Math.abs(b.difference)));
  // Room for the figure at each end: a bar never runs into its own label.
  const x = scaleLinear().domain([-reach, reach]).range([MARGIN.left + 36, w - MARGIN.right - 36]);
  const band = y.bandwidth();
  const barHeight = Math.max(4, band * 0.45);
  for (const b of m.bars) {
    const top = y(b.topicId) ?? 0;
    const row = root
      .append('g')
      .attr('class', b.tooFew ? 'impact-row too-few' : 'impact-row')
      .attr('transform', `translate(0,${top})`)
      .attr('opacity', m.anySelected && !m.isSelected(b.topic) ? DIMMED : 1);
    const [from, to] = [x(Math.min(0, b.difference)), x(Math.max(0, b.difference))];
    const right = b.difference >= 0;
    // The texts are shown, not read: the row's target says all they say, and more.
    row.append('text').attr('class', 'impact-name').attr('aria-hidden', 'true').attr('x', x(0) + (right ? 4 : -4)).attr('y', band - barHeight - 3).attr('text-anchor', right ? 'start' : 'end').text(`${b.name} · ${b.counts}`);
    row.append('text').attr('class', 'impact-value').attr('aria-hidden', 'true').attr('x', right ? to + 4 : from - 4).attr('y', band - barHeight / 2).attr('dy', '0.35em').attr('text-anchor', right ? 'start' : 'end').text(b.value);
    // The row's target: the keyboard's stop, the screen reader's statement and, when clicks filter, the button.
    const target = row.append('g').attr('class', 'impact-target').attr('role', m.onBar ? 'button' : 'img').attr('tabindex', 0).attr('aria-label', b.label);
    target.append('title').text(b.label);
    target.append('rect').attr('class', 'impact-hit').attr('x', MARGIN.left).attr('y', 0).attr('width', w - MARGIN.left - MARGIN.right).attr('height', band);
    target.append('rect').attr('class', right ? 'impact-bar up' : 'impact-bar down').attr('x', from).attr('y', band - barHeight).attr('width', Math.max(1, to - from)).attr('height', barHeight);
    if (m.onBar) {
      const pick = m.onBar;
      target.style('cursor', 'pointer').on('click', () => pick(b.topic)).on('keydown', keyActivate(() => pick(b.topic)));
    }
  }
  root.append('line').attr('class', 'impact-zero').attr('aria-hidden', 'true').attr('x1', x(0)).attr('x2', x(0)).attr('y1', MARGIN.top).attr('y2', h - MARGIN.bottom);
  return () => {
    root.remove();
  };
}
