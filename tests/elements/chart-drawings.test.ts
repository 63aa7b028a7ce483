import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawGauge, type GaugeModel } from '../../src/visuals/gauge/draw';
import { drawMultiLine, toLines, type LineModel } from '../../src/visuals/multi-line/draw';
import { drawStackedBar, stackRows, type StackedBarModel } from '../../src/visuals/stacked-bar/draw';
import { donutSlices, drawDonut, type DonutModel } from '../../src/visuals/donut/draw';
import { drawStarChart, BAND_COLOURS } from '../../src/visuals/star-chart/draw';
import { areaTable, drawStackedArea } from '../../src/visuals/stacked-area/draw';
import { drawRadar, radarSeries } from '../../src/visuals/radar/draw';
import { drawClusteredBar } from '../../src/visuals/clustered-bar/draw';
import { drawColumnStack } from '../../src/visuals/column-stack/draw';
import { drawColumnLine } from '../../src/visuals/column-line/draw';
import { drawMultiAxes } from '../../src/visuals/multi-axes-line/draw';
import { drawTouchpoints } from '../../src/visuals/touchpoint/draw';
import { CHANNELS, MIX, RADAR, TREND, VOLUME } from './visual-fixtures';

/** SVG markup with numbers to 3 decimals, for stable snapshots. */
const normalised = (svg: SVGSVGElement) => svg.outerHTML.replace(/-?\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(3))));

function svg(): SVGSVGElement {
  const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(el);
  return el;
}

afterEach(() => document.body.replaceChildren());

const gauge: GaugeModel = { value: 0.32, previous: 0.25, previousValid: true, lower: -1, upper: 1, thickness: 0.55, arcSize: 0.55, size: 40, format: '0.0%', deltaType: 'PointChange', label: 'NPS: 32.0%', change: { text: '+7 pts', symbol: 'up' }, compared: 'vs previous 30 days' };

describe('gauge drawing', () => {
  it('should draw the same gauge for the same data', () => {
    const el = svg();
    drawGauge(el, gauge);
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should show the value, the delta and a secondary marker, and remove it all on cleanup', () => {
    const el = svg();
    const cleanup = drawGauge(el, { ...gauge, secondary: -0.5 });
    expect(el.querySelector('.hero')!.textContent).toBe('32.0%');
    expect(el.querySelector('.delta')!.textContent).toBe('▲ +7 pts');
    expect(el.querySelector('.delta-period')!.textContent).toBe('vs previous 30 days');
    expect(el.querySelector('.value')!.getAttribute('class')).toContain('tone-up');
    expect(el.querySelector('line.secondary')).not.toBeNull();
    expect(el.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('NPS: 32.0%');
    cleanup();
    expect(el.childElementCount).toBe(0);
  });

  it('should start the arc at the lower bound when the bounds do not span zero', () => {
    const el = svg();
    drawGauge(el, { ...gauge, value: 3.8, previous: 3.9, lower: 1, upper: 5, format: '.2f', change: { text: '-0.1', symbol: 'down' } });
    expect(el.querySelector('.hero')!.textContent).toBe('3.80');
    expect(el.querySelector('.value')!.getAttribute('class')).toContain('tone-up');
    expect(el.querySelector('.delta')!.textContent).toBe('▼ -0.1');
  });
});

const lineModel = (over: Partial<LineModel> = {}): LineModel => ({
  lines: toLines(TREND.content), width: 480, height: 220, yFormat: '0.0%', lineWidth: 2, markerRadius: 4, maxTicks: 10, yMin: 'auto', yMax: 'auto', palette: [], monthOrder: 'Calendar', selected: [], ...over,
});

describe('multi line drawing', () => {
  it('should draw the same chart for the same data', () => {
    const el = svg();
    drawMultiLine(el, lineModel());
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should format the y axis as 0.0%, dim unselected lines to 0.3 and select a line by click or Enter', () => {
    const el = svg();
    const picked: string[] = [];
    drawMultiLine(el, lineModel({ selected: ['South'], onSelect: (n) => picked.push(n) }));
    expect([...el.querySelectorAll('.axis.y text')].map((t) => t.textContent)).toContain('10.0%');
    const [north, south] = [...el.querySelectorAll<SVGGElement>('g.line')];
    expect(north.getAttribute('opacity')).toBe('0.3');
    expect(south.getAttribute('opacity')).toBe('1');
    north.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    south.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(picked).toEqual(['North', 'South']);
  });

  it('should draw secondary lines dashed in the colour of their primary line', () => {
    const el = svg();
    drawMultiLine(el, lineModel({ lines: [...toLines(TREND.content), ...toLines(TREND.content.slice(0, 1), true)] }));
    const paths = [...el.querySelectorAll('g.line path')];
    expect(paths[2].getAttribute('stroke-dasharray')).toBe('4 3');
    expect(paths[2].getAttribute('stroke')).toBe(paths[0].getAttribute('stroke'));
  });
});

const barModel = (over: Partial<StackedBarModel> = {}): StackedBarModel => ({
  rows: stackRows(MIX.content.slice(0, 2), [], 'DESC', 'Bar', ['Promoter', 'Neutral', 'Detractor']),
  series: ['Promoter', 'Neutral', 'Detractor'], hidden: [], width: 480, thickness: 8, padding: 24, paddingRight: 60, labelFormat: '.0%', labelSpacing: 10, minBarWidthRatio: 0.1, palette: [], anySelected: false, ...over,
});

describe('stacked bar drawing', () => {
  it('should draw the same bars for the same data', () => {
    const el = svg();
    drawStackedBar(el, barModel());
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should label each row with the first series share and select segments and rows by click or keyboard', () => {
    const el = svg();
    const picked: string[] = [];
    drawStackedBar(el, barModel({ onSegment: (r, s) => picked.push(`${r}/${s}`), onRow: (r) => picked.push(r) }));
    expect([...el.querySelectorAll('.share')].map((t) => t.textContent)).toEqual(['70% Promoter', '50% Promoter']);
    const segment = el.querySelector<SVGRectElement>('[aria-label="Online, Neutral: 30%"]')!;
    segment.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    segment.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    el.querySelectorAll('.row-label')[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(picked).toEqual(['Online/Neutral', 'Online/Neutral', 'Online']);
  });

  it('should dim what is not selected to 0.3 and rescale when a series is hidden', () => {
    const el = svg();
    drawStackedBar(el, barModel({ anySelected: true, isSelected: (r, s) => r === 'Online' && s === 'Promoter', hidden: ['Neutral'] }));
    const opacities = [...el.querySelectorAll('rect.segment')].map((r) => `${r.getAttribute('aria-label')}=${r.getAttribute('opacity')}`);
    expect(opacities).toEqual(['In-store, Promoter: 88%=0.3', 'In-store, Detractor: 13%=0.3', 'Online, Promoter: 71%=1', 'Online, Detractor: 29%=0.3']);
  });
});

const donut = (over: Partial<DonutModel> = {}): DonutModel => ({
  slices: donutSlices(CHANNELS.content.map((e) => ({ name: e.Name, value: e.data[0].Val as number })), 'TopN', 5, 0.05), palette: [], anySelected: false, isSelected: () => false, total: '280', ...over,
});

describe('donut drawing', () => {
  it('should draw the same donut for the same data', () => {
    const el = svg();
    drawDonut(el, donut());
    expect(normalised(el)).toMatchSnapshot();
  });

  it("should make slices buttons except 'Others', and dim the unselected ones", () => {
    const el = svg();
    const onSlice = vi.fn();
    drawDonut(el, donut({ onSlice, anySelected: true, isSelected: (n) => n === 'Online' }));
    const slices = [...el.querySelectorAll('path.slice')];
    expect(slices.map((s) => s.getAttribute('role'))).toEqual(['button', 'button', 'button', 'button', 'button', 'img']);
    expect(slices.map((s) => s.getAttribute('opacity'))).toEqual(['1', '0.3', '0.3', '0.3', '0.3', '0.3']);
    expect(slices[5].getAttribute('aria-label')).toBe('Others: 11%');
    slices[5].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    slices[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onSlice.mock.calls).toEqual([['In-store']]);
    expect(el.querySelector('.total')!.textContent).toBe('280');
  });
});

describe('star chart drawing', () => {
  const model = { value: 3.62, responses: 1284, stars: 5, size: 46, heroFormat: '.2f', footerFormat: '.0f', footerPadding: 70, footerLabel: 'responses' };

  it('should draw the same stars for the same data', () => {
    const el = svg();
    drawStarChart(el, model, 't');
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should colour by band, fill in quarter steps and show the hero and footer', () => {
    const el = svg();
    drawStarChart(el, model, 't');
    expect(el.querySelector('.hero')!.textContent).toBe('3.62');
    expect(el.querySelector('.footer')!.textContent).toBe('1284 responses');
    expect(el.querySelectorAll('.star-full')).toHaveLength(4);
    expect(el.querySelector('#t-star-3 rect')!.getAttribute('width')).toBe('12');
    expect(el.querySelector<SVGElement>('.hero')!.style.fill).toBe(BAND_COLOURS.mid);
    document.body.replaceChildren();
    const low = svg();
    drawStarChart(low, { ...model, value: 2.4 }, 'u');
    expect(low.querySelector<SVGElement>('.hero')!.style.fill).toBe(BAND_COLOURS.low);
  });
});

describe('stacked area drawing', () => {
  const model = { table: areaTable(VOLUME.content, 'TreatAsZero'), width: 400, height: 160, fillOpacity: 60, tooltipAlias: 'responses', timeFormat: '%Y-%m-%d', palette: [] };

  it('should draw the same areas for the same data', () => {
    const el = svg();
    drawStackedArea(el, model);
    expect(normalised(el)).toMatchSnapshot();
  });

  it("should stack from zero, fill at 60% and name points with the 'responses' alias", () => {
    const el = svg();
    drawStackedArea(el, model);
    expect(el.querySelector('.layer path')!.getAttribute('fill-opacity')).toBe('0.6');
    const titles = [...el.querySelectorAll('title')].map((t) => t.textContent);
    expect(titles).toContain('In-store, 2026-11-14: 0 responses');
    expect(titles).toContain('Online, 2026-11-14: 15 responses');
  });
});

describe('radar drawing', () => {
  const data = radarSeries(RADAR.content)!;

  it('should draw the same radar for the same data', () => {
    const el = svg();
    drawRadar(el, { ...data, size: 300, opacity: 0.3, radius: 2, showScale: true, valueFormat: '.0%', palette: [], selected: [] });
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should dim series outside the selection, select one by click, and show the scale only when asked', () => {
    const el = svg();
    const picked: string[] = [];
    drawRadar(el, { ...data, size: 300, opacity: 0.3, radius: 2, showScale: false, valueFormat: '.0%', palette: [], selected: ['Detractor'], onSeries: (n) => picked.push(n) });
    const [promoter, detractor] = [...el.querySelectorAll<SVGGElement>('g.series')];
    expect(promoter.getAttribute('opacity')).toBe('0.3');
    expect(detractor.getAttribute('opacity')).toBe('1');
    promoter.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(picked).toEqual(['Promoter']);
    expect(el.querySelectorAll('.scale-label')).toHaveLength(0);
    expect([...el.querySelectorAll('.axis-label')].map((t) => t.textContent)).toEqual(['Online', 'In-store', 'Mobile app']);
  });
});

describe('clustered bar drawing', () => {
  const model = { content: MIX.content.slice(0, 2), series: ['Promoter', 'Neutral', 'Detractor'], width: 400, height: 200, valueFormat: '0%', palette: [], anySelected: false, isSelected: () => false };

  it('should draw the same bars for the same data', () => {
    const el = svg();
    drawClusteredBar(el, model);
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should make bars buttons that select a category and series, and dim the others', () => {
    const el = svg();
    const picked: string[] = [];
    drawClusteredBar(el, { ...model, anySelected: true, isSelected: (c, s) => c === 'Online' && s === 'Promoter', onBar: (c, s) => picked.push(`${c}/${s}`) });
    const bars = [...el.querySelectorAll('rect.bar')];
    expect(bars.filter((b) => b.getAttribute('opacity') === '1').map((b) => b.getAttribute('aria-label'))).toEqual(['Online, Promoter: 50%']);
    bars[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(picked).toEqual(['Online/Promoter']);
  });
});

describe('single-axis stacked bar drawing', () => {
  const model = {
    categories: ['Online', 'In-store'], series: ['Promoter', 'Detractor'], rows: [{ Promoter: 50, Detractor: 20 }, { Promoter: 70, Detractor: 10 }],
    width: 360, height: 220, padding: 42, innerPadding: 0.3, axisFormat: '.1s', tooltipFormat: '.4s', labelAngle: -45, palette: [], anySelected: false, isSelected: () => false,
  };

  it('should draw the same columns for the same data', () => {
    const el = svg();
    drawColumnStack(el, model);
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should tilt the labels by -45 degrees and give each segment a .4s tooltip and a click', () => {
    const el = svg();
    const picked: string[] = [];
    drawColumnStack(el, { ...model, onSegment: (c, s) => picked.push(`${c}/${s}`) });
    expect(el.querySelector('.axis.x text')!.getAttribute('transform')).toBe('rotate(-45)');
    const segment = el.querySelector('[aria-label="In-store, Promoter: 70.00"]')!;
    expect(segment.querySelector('title')!.textContent).toBe('In-store, Promoter: 70.00');
    segment.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(picked).toEqual(['In-store/Promoter']);
  });
});

describe('stacked column with line drawing', () => {
  const model = {
    categories: ['Promoter', 'Neutral', 'Detractor'], columns: [120, 60, null], line: [4.6, 3.8, 2.1], width: 360, height: 220,
    columnFormat: ',d', lineFormat: '.2f', lineColour: '#184B9B', lineWidth: 3, innerPadding: 0.3, icons: { Promoter: '/elements/icons/promoter.svg' }, palette: [], anySelected: false, isSelected: () => false,
  };

  it('should draw the same chart for the same data', () => {
    const el = svg();
    drawColumnLine(el, model);
    expect(normalised(el)).toMatchSnapshot();
  });

  it('should draw the line in #184B9B, 3 wide, on its own axis, with an icon under a mapped label', () => {
    const el = svg();
    drawColumnLine(el, model);
    const path = el.querySelector<SVGPathElement>('path.line')!;
    expect([path.style.stroke, path.getAttribute('stroke-width')]).toEqual(['rgb(24, 75, 155)', '3']);
    expect(el.querySelector('.axis.y2')).not.toBeNull();
    expect([...el.querySelectorAll('image')].map((i) => i.getAttribute('href'))).toEqual(['/elements/icons/promoter.svg']);
    expect(el.querySelector('[aria-label^="Detractor"]')!.getAttribute('aria-label')).toBe('Detractor: 0, 2.10');
  });
});

describe('multi-axes line drawing', () => {
  const lines = [
    { name: 'NPS', axis: 0, points: toLines(TREND.content.slice(0, 1))[0].points },
    { name: 'Responses', axis: 1, points: toLines(VOLUME.content.slice(0, 1))[0].points },
  ];

  it('should draw the same chart for the same data, with a left and a right axis', () => {
    const el = svg();
    drawMultiAxes(el, { lines, formats: ['.1%', ',d'], width: 400, height: 200, palette: [], selected: ['NPS'] });
    expect(el.querySelector('.axis.y0')).not.toBeNull();
    expect(el.querySelector('.axis.y1')).not.toBeNull();
    expect([...el.querySelectorAll('g.line')].map((g) => g.getAttribute('opacity'))).toEqual(['1', '0.3']);
    expect(normalised(el)).toMatchSnapshot();
  });
});

describe('touchpoint chart drawing', () => {
  const model = { points: [{ name: 'Online', value: 0.32 }, { name: 'Kiosk', value: null }, { name: 'In-store', value: -0.1 }], width: 400, height: 200, valueFormat: '.0%', yFormat: '.0%' };

  it('should draw the same touchpoints for the same data', () => {
    const el = svg();
    drawTouchpoints(el, model);
    expect(normalised(el)).toMatchSnapshot();
  });

  it("should show a hollow marker titled 'No Data Available' where there is no data", () => {
    const el = svg();
    drawTouchpoints(el, model);
    const empty = el.querySelector('.no-data')!;
    expect(empty.getAttribute('aria-label')).toBe('Kiosk: No Data Available');
    expect(empty.querySelector('circle')!.getAttribute('r')).toBe('5');
    expect(empty.querySelector('title')!.textContent).toBe('No Data Available');
    expect(el.querySelectorAll('.touchpoint:not(.no-data) circle')[0].getAttribute('r')).toBe('18');
    expect(el.querySelector('polyline')!.getAttribute('stroke-dasharray')).toBe('4');
  });

  it('should put an icon of IcoSize 25 over a mapped touchpoint label', () => {
    const el = svg();
    drawTouchpoints(el, { ...model, icons: { Online: '/elements/icons/promoter.svg' } });
    const images = [...el.querySelectorAll('image')];
    expect(images.map((i) => [i.getAttribute('href'), i.getAttribute('width')])).toEqual([['/elements/icons/promoter.svg', '25']]);
  });
});
