import { beforeEach, describe, expect, it } from 'vitest';
import { shadow } from './helpers';
import { block, GAUGE, series, STARS, tile } from './visual-fixtures';
import type { VisualSelection } from '../../src/visuals/common/selection';
import { mountTile as mount } from './mount-tile';

const $ = (el: Element, selector: string) => shadow(el).querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...shadow(el).querySelectorAll<HTMLElement>(selector)];
const pick = (visualName: string, axisValue: string, axisKey = 'Channel'): VisualSelection => ({ visualName, axisKey, axisValue, seriesKey: '', seriesValue: '' });
/** The gauge's figure under a selection: NPS -3 % for Online. */
const underSelection = series([{ Name: 'NPS', key: 'nps', data: [{ Name: 'NPS', Key: 'NPS', Val: -0.03, ValForDelta: 0.01 }] }]);

beforeEach(() => localStorage.clear());

describe('headline tiles under a selection made on another tile', () => {
  it("should keep the gauge's overall figure and state the selection's in words", async () => {
    const el = await mount('Gauge', { secondary: block('Gauge', { data: underSelection }), allSelections: [pick('channel-share', 'Online')] });
    expect($(el, 'text.hero')!.textContent).toBe('32.0%');
    expect($(el, '.selection-note')!.textContent).toBe('NPS for Online: -3.0%');
    await expect(el).to.be.accessible();
  });

  it('should say that two values of one key combine as an OR, and keys as an AND', async () => {
    const all = [pick('channel-share', 'Online'), pick('store-table', 'Store'), pick('region-table', 'North', 'Region')];
    const el = await mount('Gauge', { secondary: block('Gauge', { data: underSelection }), allSelections: all });
    expect($(el, '.selection-note')!.textContent).toBe('NPS for Online or Store and North: -3.0%');
  });

  it('should keep the hero and the star rating on their overall figures and state the selection figure', async () => {
    const hero = await mount('HeroText', { secondary: block('HeroText', { data: underSelection }), allSelections: [pick('channel-share', 'Online')] });
    expect($(hero, '.hero-value')!.textContent).toBe('32.0%');
    expect($(hero, '.selection-note')!.textContent).toBe('NPS for Online: -3.0%');
    const selected = series([{ Name: 'Average star rating', key: 'stars', data: [{ Name: 'Average star rating', Key: 'stars', Val: 4.1, ValForDelta: null }] }]);
    const stars = await mount('StarRatingChart', { secondary: block('StarRatingChart', { data: selected }), allSelections: [pick('channel-share', 'Online')] });
    expect(shadow(stars).textContent).toContain('3.62');
    expect($(stars, '.selection-note')!.textContent).toBe('Star rating for Online: 4.10');
  });

  it('should name the selection a table or list is filtered by', async () => {
    const el = await mount('TableWithDeltaColumns', { secondary: block('TableWithDeltaColumns'), allSelections: [pick('channel-share', 'Online')] });
    expect($(el, '.selection-note')!.textContent).toBe('Selection: Online');
  });

  it('should show no note without a selection', async () => {
    const el = await mount('Gauge', { item: { ...tile('Gauge').item, primary: block('Gauge', { data: GAUGE }) } });
    expect($(el, '.selection-note')).toBeNull();
    const stars = await mount('StarRatingChart', { item: { ...tile('StarRatingChart').item, primary: block('StarRatingChart', { data: STARS }) } });
    expect($(stars, '.selection-note')).toBeNull();
  });
});

describe('a chart shows every selection on its own dimension', () => {
  it("should highlight another tile's value of its key with its own: the OR the server applies", async () => {
    const el = await mount('Donut', {
      selections: [pick('donut', 'Online')],
      allSelections: [pick('donut', 'Online'), pick('store-table', 'In-store')],
      secondary: block('Donut'),
    });
    const opacity = (name: string) => $$(el, 'path.slice').find((p) => p.getAttribute('aria-label')!.startsWith(`${name}:`))!.getAttribute('opacity');
    expect(opacity('Online')).toBe('1');
    expect(opacity('In-store')).toBe('1');
    expect(opacity('Mobile app')).toBe('0.3');
  });
});

describe('every number on a tile says what it is', () => {
  it("should say whose share the NPS-group bars' percentage is", async () => {
    const el = await mount('StackedBar');
    const shares = $$(el, 'text.share').map((s) => s.textContent);
    expect(shares).toEqual(['70% Promoter', '50% Promoter']);
    await expect(el).to.be.accessible();
  });

  it("should say whose share each multi-bar stack's hero is", async () => {
    const el = await mount('MultiBarStackWithHero');
    expect($$(el, '.hero-value').map((h) => h.textContent)).toEqual(['50% Promoter Online', '70% Promoter In-store']);
  });
});

describe('a bar list shows every category', () => {
  const regions = ['North', 'South', 'East', 'West', 'Central', 'Benelux', 'Nordics', 'Alps'];
  const eight = series(
    regions.map((r, i) => ({ Name: r, key: r, data: [{ Name: 'Promoter', Key: 'Promoter', Val: 80 - i, ValForDelta: null }, { Name: 'Detractor', Key: 'Detractor', Val: 20 + i, ValForDelta: null }] })),
    { filterKey: 'Region', seriesFilterKey: 'NPSGroup' },
  );

  it("should offer '+N more' for the rows that do not fit, and show them all on a click", async () => {
    const el = await mount('StackedBar', { item: { ...tile('StackedBar').item, primary: block('StackedBar', { data: eight }) } });
    const rows = () => $$(el, 'g.row').map((g) => g.getAttribute('aria-label'));
    const shown = rows().length;
    expect(shown).toBeLessThan(8);
    const more = $(el, 'button.more-rows')!;
    expect(more.textContent).toBe(`+${8 - shown} more`);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await expect(el).to.be.accessible();
    more.click();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    expect(rows()).toEqual(regions);
    expect($(el, 'button.more-rows')!.getAttribute('aria-expanded')).toBe('true');
    expect($(el, 'button.more-rows')!.textContent).toBe('Show fewer');
  });

  it('should show every row, with no button, when they fit', async () => {
    const el = await mount('StackedBar', { height: 900, item: { ...tile('StackedBar').item, primary: block('StackedBar', { data: eight }) } });
    expect($$(el, 'g.row')).toHaveLength(8);
    expect($(el, 'button.more-rows')).toBeNull();
  });
});

describe('a change says what it is', () => {
  it('should give the gauge its change in points and what it compares with', async () => {
    const el = await mount('Gauge');
    expect($(el, 'text.delta')!.textContent).toBe('▲ +7 pts');
    expect($(el, 'text.delta-period')!.textContent).toBe('vs previous 30 days');
  });

  it('should give the hero text the same change in the same words', async () => {
    const el = await mount('HeroText');
    expect($(el, '.hero-delta')!.textContent).toBe('▲ +7 pts vs previous 30 days');
    await expect(el).to.be.accessible();
  });
});
