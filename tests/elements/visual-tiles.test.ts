import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import '../../elements/cx-visual';
import '../../elements/cx-dashboard';
import '../../elements/cx-demo-wall';
import { settled, shadow, spyConsoleError } from './helpers';
import { block, series, tile } from './visual-fixtures';
import { VISUAL_TYPES } from '../../src/api/visual-types';
import { mountTile as mount, type Harness } from './mount-tile';

const $ = (el: Element, selector: string) => shadow(el).querySelector<HTMLElement>(selector)!;
const $$ = (el: Element, selector: string) => [...shadow(el).querySelectorAll<HTMLElement>(selector)];
const normalised = (node: Element) => node.outerHTML.replace(/-?\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(3))));

beforeEach(() => localStorage.clear());

describe('<cx-visual> tiles of every type', () => {
  for (const template of VISUAL_TYPES) {
    it(`should draw ${template} accessibly, with its header, and report drawn`, async () => {
      const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
      const drawn = oneEvent(el, 'cx-drawn');
      const t = tile(template);
      Object.assign(el, { item: t.item, definition: t.definition });
      expect((await drawn).detail.name).toBe(template.toLowerCase());
      expect($(el, 'h2').textContent).toBe(t.item.primary.header.content);
      await expect(el).to.be.accessible();
    });
  }

  for (const template of VISUAL_TYPES) {
    it(`should draw ${template} the same way from the same data`, async () => {
      const el = await mount(template);
      expect(normalised($(el, '.tile-body'))).toMatchSnapshot();
    });
  }

  it("should show 'No results found for selection' in a 40 px area when the period has no records", async () => {
    const t = tile('Gauge');
    const el = await mount('Gauge', { item: { ...t.item, primary: block('Gauge', { data: series(t.item.primary.data!.content, { currentRecordCount: 0 }) }) } });
    const empty = $(el, '.no-data');
    expect(empty.textContent).toBe('No results found for selection');
    expect(getComputedStyle(empty).height).toBe('40px');
    expect($(el, 'svg')).toBeNull();
  });

  it("should show 'No results found for selection' when the period has records but the tile no value", async () => {
    const t = tile('HeroText');
    const rows = t.item.primary.data!.content.map((c) => ({ ...c, data: c.data.map((d) => ({ ...d, Val: null })) }));
    const el = await mount('HeroText', { item: { ...t.item, primary: block('HeroText', { data: series(rows, { currentRecordCount: 12 }) }) } });
    expect($(el, '.no-data').textContent).toBe('No results found for selection');
    expect($(el, 'svg')).toBeNull();
  });

  it('should reset the sub-header of a tile with no data (spec part 3 section 8)', async () => {
    const t = tile('Gauge');
    const el = await mount('Gauge', { item: { ...t.item, primary: block('Gauge', { data: series(t.item.primary.data!.content, { currentRecordCount: 0 }) }) } });
    expect($(el, '.no-data').textContent).toBe('No results found for selection');
    expect($(el, '.sub-header')).toBeNull();
  });

  it('should write the data-period sub-header', async () => {
    const el = await mount('Gauge');
    expect($(el, '.sub-header').textContent).toBe('21 Oct 2026 - 19 Nov 2026 vs 21 Sep 2026 - 20 Oct 2026');
  });

  it('should be in Selection mode with selections, offer clear filters, and PrimaryAndSecondary with secondary data', async () => {
    const selection = { visualName: 'stackedbar', axisKey: 'Channel', axisValue: 'Online', seriesKey: 'NPSGroup', seriesValue: 'Promoter' };
    const el = await mount('StackedBar', { selections: [selection] });
    expect($(el, '.tile').dataset.mode).toBe('Selection');
    const cleared = oneEvent(el, 'cx-clear');
    [...$$(el, 'button')].find((b) => b.textContent === 'Clear filters')!.click();
    await cleared;
    const other = await mount('Gauge', { secondary: block('Gauge') });
    expect($(other, '.tile').dataset.mode).toBe('PrimaryAndSecondary');
    expect($(other, 'line.secondary')).not.toBeNull();
  });

  it('should turn a click on a segment into a selection with the category and the series', async () => {
    const el = await mount('StackedBar');
    const selected = oneEvent(el, 'cx-select');
    $(el, '[aria-label="Online, Promoter: 50%"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect((await selected).detail).toEqual({ visualName: 'stackedbar', axisKey: 'Channel', axisValue: 'Online', seriesKey: 'NPSGroup', seriesValue: 'Promoter' });
    // [Blank] rows are dropped.
    expect($$(el, '.row-label').map((r) => r.textContent)).toEqual(['In-store', 'Online']);
  });

  it('should hide a series from the legend and never the last one', async () => {
    const el = await mount('StackedBar');
    const toggle = (name: string) => $$(el, '.legend button').find((b) => b.textContent === name)!;
    toggle('Neutral').click();
    await settled(el);
    expect(toggle('Neutral').getAttribute('aria-pressed')).toBe('false');
    expect($$(el, 'rect.segment').some((r) => r.getAttribute('aria-label')!.includes('Neutral'))).toBe(false);
    toggle('Promoter').click();
    await settled(el);
    toggle('Detractor').click();
    await settled(el);
    expect(toggle('Detractor').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('stacked bar variants, grouped table and journey map', () => {
  it('should draw an icon bar of 5 stars per row and a gauge per row in the sort mode', async () => {
    const icons = await mount('StackedBarWithIconBar');
    expect($$(icons, 'g.row').map((g) => g.getAttribute('aria-label'))).toEqual(['Online, 3.6 of 5', 'In-store, 4.2 of 5']);
    expect($$(icons, 'g.row')[0].querySelectorAll('.icon')).toHaveLength(5);
    const gauges = await mount('StackedBarWithGauge');
    expect($$(gauges, 'g.row').map((g) => g.getAttribute('aria-label'))).toEqual(['Online, 30%', 'In-store, -20%']);
  });

  it('should group each measure under its header with this period, the last and the change', async () => {
    const el = await mount('TableWithGroupedMeasures');
    expect($$(el, 'thead th.group').map((th) => [th.textContent, th.getAttribute('colspan')])).toEqual([['Responses', '3'], ['NPS', '3']]);
    expect($$(el, 'tbody tr')[0].textContent).toBe('York108+230%25%+5 pts');
    // Its change says what it is: NPS in points, against the previous 30 days.
    expect($(el, '.delta-period').textContent).toBe('Changes vs previous 30 days');
  });

  it('should give the journey map a fixed width from its touchpoints', async () => {
    const el = await mount('JourneyMapLineChart');
    expect($(el, '.journey-map').style.width).toBe('180px');
    expect($$(el, '.touchpoint-column').map((g) => g.getAttribute('aria-label'))).toEqual(['North: 40.0%', 'South: 25.0%']);
  });
});

describe('table with delta columns', () => {
  afterEach(() => localStorage.clear());

  it('should sort DESC on the first header click, then ASC, and keep the sort for the tile', async () => {
    const el = await mount('TableWithDeltaColumns');
    const names = () => $$(el, 'tbody th').map((th) => th.textContent);
    const header = (text: string) => $$(el, 'thead button').find((b) => b.textContent!.startsWith(text))!;
    header('NPS').click();
    await settled(el);
    expect(names()).toEqual(['York', 'Hull', 'Leeds']);
    header('NPS').click();
    await settled(el);
    expect(names()).toEqual(['Leeds', 'Hull', 'York']);
    expect(header('NPS').closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    const again = await mount('TableWithDeltaColumns');
    expect($$(again, 'tbody th').map((th) => th.textContent)).toEqual(['Leeds', 'Hull', 'York']);
  });

  it("should switch the delta column with its buttons, show '-' for invalid values, and colour by sign", async () => {
    const el = await mount('TableWithDeltaColumns');
    const deltas = () => $$(el, 'td.delta').map((td) => td.textContent);
    expect(deltas()).toEqual(['+5 pts', '-', '-20 pts']);
    expect($(el, '.delta-period').textContent).toBe('Changes vs previous 30 days');
    // The spec's green, through the theme's token (a theme may replace it).
    expect(getComputedStyle($(el, 'td.delta-up')).color).toBe('rgb(12, 122, 89)');
    $$(el, '.delta-buttons button')[1].click();
    await settled(el);
    expect(deltas()).toEqual(['+20%', '-', '-200%']);
    expect($$(el, '.delta-buttons button')[1].getAttribute('aria-pressed')).toBe('true');
    expect($$(el, 'tbody tr')[1].textContent).toContain('-');
  });

  it('should switch tabs with a click or the arrow keys, and select a row', async () => {
    const el = await mount('TableWithDeltaColumns');
    const selected = oneEvent(el, 'cx-select');
    $$(el, '.row-select')[0].click();
    expect((await selected).detail).toMatchObject({ axisKey: 'Store', axisValue: 'York' });
    $(el, '[role="tab"][aria-selected="true"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await settled(el);
    expect($(el, '[role="tab"][aria-selected="true"]').textContent).toBe('Regions');
    expect($$(el, 'tbody th').map((th) => th.textContent)).toEqual(['North']);
  });

  it('should draw the same table for the same data', async () => {
    const el = await mount('TableWithDeltaColumns');
    expect(normalised($(el, 'table'))).toMatchSnapshot();
  });

  it('should dim rows outside the selection to 0.3', async () => {
    const el = await mount('TableWithDeltaColumns', { selections: [{ visualName: 'tablewithdeltacolumns', axisKey: 'Store', axisValue: 'Hull', seriesKey: '', seriesValue: '' }] });
    expect($$(el, 'tbody tr').map((tr) => tr.style.opacity)).toEqual(['0.3', '0.3', '1']);
  });
});

describe('long tables', () => {
  // Header rows: one in the delta table, two (the measure groups above their columns) in the grouped one.
  for (const [template, headerRows] of [['TableWithDeltaColumns', 1], ['TableWithGroupedMeasures', 2]] as const) {
    it(`should draw a long ${template} near its view only, announce every row, and show the last rows when scrolled to the end`, async () => {
      const stores = Array.from({ length: 300 }, (_, i) => ({ Name: `Store ${i + 1}`, key: `Store ${i + 1}`, data: [{ Key: 'responses', Name: 'Responses', Val: 300 - i, ValForDelta: 1 }, { Key: 'nps', Name: 'NPS', Val: 0.1, ValForDelta: 0.1 }] }));
      const t = tile(template);
      const el = await mount(template, { item: { ...t.item, primary: block(template, { data: series(stores, { filterKey: 'Store' }) }) } });
      const names = () => $$(el, 'tbody th').map((th) => th.textContent);
      expect(names()[0]).toBe('Store 1');
      expect(names().length).toBeLessThan(60);
      expect($(el, 'table').getAttribute('aria-rowcount')).toBe(String(300 + headerRows));
      const body = $(el, '.tile-body');
      // As a user drags to the bottom again when rows drawn taller than guessed lengthen the table.
      for (let i = 0; i < 5 && body.scrollTop + body.clientHeight < body.scrollHeight - 1; i++) {
        body.scrollTop = body.scrollHeight;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        await settled(el);
      }
      expect(names().at(-1)).toBe('Store 300');
      const rows = $$(el, 'tbody tr[aria-rowindex]');
      expect(rows.at(-1)!.getAttribute('aria-rowindex')).toBe(String(300 + headerRows));
      // The last row sits at the end of the scrolled content: the space held for the others is right.
      expect(Math.abs(rows.at(-1)!.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom)).toBeLessThan(40);
      await expect(el).to.be.accessible();
    });
  }
});

describe('ordered list of comments', () => {
  it("should show 'No comment provided' in italics and link rows with their fields filled in", async () => {
    const el = await mount('OrderedListComments');
    const items = $$(el, 'li');
    expect(items).toHaveLength(3);
    const empty = items[1].querySelector<HTMLElement>('.field')!;
    expect(empty.textContent).toBe('No comment provided');
    expect(getComputedStyle(empty).fontStyle).toBe('italic');
    const link = items[1].querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/content/insights/responses?Id=8&store=A%26B%20Mall');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(items[0].querySelector('img')!.getAttribute('src')).toMatch(/\/elements\/icons\/promoter\.svg$/);
  });

  it('should show scroll arrows when the tabs overflow, scrolling 100 px a step', async () => {
    const t = tile('OrderedListComments');
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`tab${i}`, { Name: `Comment group ${i}`, DataSource: 'data' }]));
    const el = await mount('OrderedListComments', { definition: { ...t.definition, templateBindings: { ...t.definition.templateBindings, Tabs: { DefaultTab: 'tab0', ...many } } } });
    await expect.poll(() => $$(el, '.tab-scroll').length).toBe(2);
    const list = $(el, '.tab-list');
    $(el, '[aria-label="Scroll tabs right"]').click();
    await expect.poll(() => list.scrollLeft).toBe(100);
    await expect(el).to.be.accessible();
  });

  it('should switch to the tab data source', async () => {
    const el = await mount('OrderedListComments');
    $$(el, '[role="tab"]')[1].click();
    await settled(el);
    expect($$(el, 'li')).toHaveLength(2);
    expect(normalised($(el, 'ol'))).toMatchSnapshot();
  });
});

describe('multi-count list', () => {
  it('should give each count its change against the previous 30 days, as a count or a percentage', async () => {
    const el = await mount('MultiCountList');
    const changes = () => $$(el, '.count-change').map((c) => c.textContent);
    expect(changes()).toEqual(['+10', '0', '-10']);
    expect($(el, '.delta-period').textContent).toBe('Changes vs previous 30 days');
    $$(el, '.delta-buttons button')[1].click();
    await settled(el);
    expect(changes()).toEqual(['+13%', '0%', '-17%']);
  });
});

describe('review ratings', () => {
  const ratings = (extra: Record<string, unknown> = {}) => {
    const review = { kind: 'ReviewRatings', starValue: { currentValue: 4.2, previousValue: 4 }, starValueBreakdown: [5, 4, 3, 2, 1].map((stars) => ({ stars, currentValue: stars * 2 })), count: 30 };
    const definition = { name: 'review-ratings', width: 4, height: 3, template: 'ReviewRatings', templateBindings: { Header: 'Review ratings', ClickBehaviour: 'Filter', Query: { kind: 'review', tile: 'ReviewRatings' } } };
    const item = { name: 'review-ratings', template: 'ReviewRatings', totalRecordCount: 30, primary: { header: { content: 'Review ratings' }, subHeader: { content: '' }, heroLabel: { content: '' }, review } };
    return { item, definition, ...extra };
  };

  it('should select a star count from its bar and then offer the clear-filters link (spec part 3)', async () => {
    const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
    const drawn = oneEvent(el, 'cx-drawn');
    Object.assign(el, ratings());
    await drawn;
    const selected = oneEvent(el, 'cx-select');
    $$(el, '.breakdown button')[1].click();
    expect((await selected).detail).toMatchObject({ visualName: 'review-ratings', axisKey: 'Stars', axisValue: '4' });
    const selection = { visualName: 'review-ratings', axisKey: 'Stars', axisValue: '4', seriesKey: '', seriesValue: '' };
    Object.assign(el, { selections: [selection] });
    await settled(el);
    expect($$(el, '.breakdown button').map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    const cleared = oneEvent(el, 'cx-clear');
    $$(el, 'button').find((b) => b.textContent === 'Clear filters')!.click();
    await cleared;
    await expect(el).to.be.accessible();
  });

  it('should say its change in stars against the previous period', async () => {
    const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
    const drawn = oneEvent(el, 'cx-drawn');
    Object.assign(el, ratings());
    await drawn;
    expect($(el, '.rating .delta').textContent).toBe('+0.2 stars vs previous period');
  });
});

describe('review updates', () => {
  it('should say its changes in reviews against the previous period', async () => {
    const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
    const drawn = oneEvent(el, 'cx-drawn');
    const review = { kind: 'ReviewUpdates', newReviews: { currentValue: 12, previousValue: 9 }, replied: { currentValue: 4, previousValue: 5 }, awaitingReply: 7 };
    const definition = { name: 'review-updates', width: 4, height: 2, template: 'ReviewUpdates', templateBindings: { Header: 'Review updates', Query: { kind: 'review', tile: 'ReviewUpdates' } } };
    const item = { name: 'review-updates', template: 'ReviewUpdates', totalRecordCount: 12, primary: { header: { content: 'Review updates' }, subHeader: { content: '' }, heroLabel: { content: '' }, review } };
    Object.assign(el, { item, definition });
    await drawn;
    expect($$(el, '.review-updates .delta').map((d) => d.textContent)).toEqual(['+3 reviews vs previous period', '-1 review vs previous period']);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-visual> and <cx-dashboard> on their own', () => {
  afterEach(() => localStorage.clear());

  it('should ask for its attributes when they are missing', async () => {
    const el = await fixture(html`<cx-visual></cx-visual>`);
    expect($(el, '.cx-error').textContent).toBe('This tile needs module-id and visual attributes.');
    await expect(el).to.be.accessible();
  });

  it('should show a visible error when the server cannot be reached', async () => {
    spyConsoleError();
    const el = await fixture(html`<cx-visual module-id="responses" visual="nps" api-base="http://127.0.0.1:9"></cx-visual>`);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '').toContain('could not be loaded');
    const dash = await fixture(html`<cx-dashboard dashboard-id="overview" api-base="http://127.0.0.1:9"></cx-dashboard>`);
    await expect.poll(() => shadow(dash).querySelector('[role="alert"]')?.textContent ?? '').toContain('The dashboard could not be loaded.');
    await expect(dash).to.be.accessible();
  });
});

describe('<cx-demo-wall>', () => {
  it('should show a visible, accessible error when the server cannot be reached', async () => {
    spyConsoleError();
    const el = await fixture(html`<cx-demo-wall api-base="http://127.0.0.1:9"></cx-demo-wall>`);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '').toBe('The visual could not be loaded.');
    await expect(el).to.be.accessible();
  });
});
