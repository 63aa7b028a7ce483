import { describe, expect, it } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import { shadow } from './helpers';
import { block, series, tile } from './visual-fixtures';
import { VISUAL_TYPES, type ChartType, type Series } from '../../src/api/visual-types';

/** A phone's tile (375 px less the page's margins), a half-width tile and a wide one. */
const SIZES = [
  { width: 343, height: 300 },
  { width: 560, height: 360 },
  { width: 900, height: 420 },
] as const;

/** Text of the drawing that reaches past its SVG's box (1 px of rounding allowed). */
function clippedTexts(root: ShadowRoot): string[] {
  const out: string[] = [];
  for (const svg of root.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      if (r.width === 0 || !text.textContent?.trim()) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        out.push(`"${text.textContent.trim()}" (${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)} wide, ${Math.round(r.top - box.top)}..${Math.round(r.bottom - box.top)} of ${Math.round(box.height)} high)`);
      }
    }
  }
  return out;
}

describe('every visual at three widths', () => {
  for (const template of VISUAL_TYPES) {
    it(`should keep every text of ${template} inside its drawing`, async () => {
      const problems: string[] = [];
      for (const size of SIZES) {
        const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as HTMLElement & Record<string, unknown>;
        const drawn = oneEvent(el, 'cx-drawn');
        const t = tile(template);
        Object.assign(el, { ...size, item: t.item, definition: t.definition });
        await drawn;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
        problems.push(...clippedTexts(shadow(el)).map((p) => `${size.width} px: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }
});

/** Ten series with names of a real programme's length: the legend wraps at a phone's width. */
const NAMES = ['Click & collect', 'Mobile app', 'Call centre', 'In-store', 'Online', 'Kiosk', 'Post', 'Social media', 'E-mail', 'Live chat'];
const DAYS = ['2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16'];
const overTime = series(NAMES.map((n, k) => ({ Name: n, key: n, data: DAYS.map((d, i) => ({ Name: d, Key: d, Val: 0.1 * i - 0.05 * k })) })), { filterKey: 'ResponseDate', seriesFilterKey: 'Channel' });
const perCategory = series(['North', 'South', 'East'].map((c, i) => ({ Name: c, key: c, data: NAMES.map((n, k) => ({ Name: n, Key: n, Val: 0.02 * (k + i + 1), Count: k + i + 1 })) })), { seriesFilterKey: 'Channel' });
const MANY: Array<[ChartType, Record<string, Series>, number?]> = [
  ['MultiLineChart', { data: overTime }],
  ['StackedArea', { data: overTime }],
  ['ClusteredBar', { data: perCategory }],
  ['SingleAxisStackedBar', { data: perCategory }],
  ['MultiAxesLine', { data: overTime, dataSecond: series(overTime.content.slice(0, 1)) }],
  // A radar is at least 160 px across: its tile is taller.
  ['Radar', { data: perCategory }, 420],
];

describe('a chart below a legend of many series', () => {
  for (const [template, data, height = 300] of MANY) {
    it(`should fit ${template} in its tile when the legend wraps`, async () => {
      const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as HTMLElement & Record<string, unknown>;
      const t = tile(template);
      Object.assign(el, { width: 343, height, item: { ...t.item, primary: block(template, data) }, definition: t.definition });
      let draws = 0;
      el.addEventListener('cx-drawn', () => draws++);
      await oneEvent(el, 'cx-drawn');
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)));
      // Drawn once, at the height below the legend as laid out: not first too tall, then again.
      expect(draws).toBe(1);
      const root = shadow(el);
      const body = root.querySelector('.tile-body')!.getBoundingClientRect();
      const legend = root.querySelector('.legend')!.getBoundingClientRect();
      const chart = root.querySelector('svg.chart')!.getBoundingClientRect();
      expect(legend.bottom - legend.top, 'the legend wraps').toBeGreaterThan(40);
      // Pixels of the chart past the tile's bottom (1 px of rounding allowed), and whether it starts below the legend.
      const past = Math.round(chart.bottom - body.bottom);
      expect({ belowLegend: chart.top >= legend.bottom - 1, pastTile: past > 1 ? past : 0 }).toEqual({ belowLegend: true, pastTile: 0 });
    });
  }
});
