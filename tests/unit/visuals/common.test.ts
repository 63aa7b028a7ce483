import { describe, expect, it } from 'vitest';
import { chartMode, drawsSecondary } from '../../../src/visuals/common/chart-mode';
import { isSelected, picksOthers, secondaryFilters, selectionEquals, toggleSelection, type VisualSelection } from '../../../src/visuals/common/selection';
import { hasDataFor, visibleContent, visibleRows } from '../../../src/visuals/common/rows';
import { dataPeriodText, formatValue, legendPercent, toD3Format } from '../../../src/visuals/common/format';
import { axisBound, setting } from '../../../src/visuals/common/settings';
import { colourAt, PALETTE } from '../../../src/visuals/common/palette';
import { readTabs } from '../../../src/visuals/common/tabs';
import type { Block, Series } from '../../../src/api/visual-types';
import { loadLanguage } from '../../../src/i18n';
import { configure } from '../../../src/stores/config';
import { format } from 'd3';

const sel = (over: Partial<VisualSelection> = {}): VisualSelection => ({ visualName: 'mix', axisKey: 'Channel', axisValue: 'Online', seriesKey: '', seriesValue: '', ...over });
const series = (over: Partial<Series> = {}): Series => ({
  key: 'k', filterKey: 'Channel', content: [{ Name: 'A', key: 'A', data: [{ Name: 'A', Key: 'A', Val: 1 }] }],
  currentRecordCount: 10, previousRecordCount: 8,
  currentPeriod: { startDateTime: '2026-10-21 00:00:00', endDateTime: '2026-11-19 23:59:59' },
  previousPeriod: { startDateTime: '2026-09-21 00:00:00', endDateTime: '2026-10-20 23:59:59' }, ...over,
});
const block = (data?: Series): Block => ({ header: { content: '' }, subHeader: { content: '' }, heroLabel: { content: '' }, data });

describe('chart mode', () => {
  it('is Selection with selections, PrimaryAndSecondary with secondary content, else PrimaryOnly', () => {
    expect(chartMode([sel()], block(series()))).toBe('Selection');
    expect(chartMode([], block(series()))).toBe('PrimaryAndSecondary');
    expect(chartMode([], block(series({ content: [] })))).toBe('PrimaryOnly');
    expect(chartMode([], undefined)).toBe('PrimaryOnly');
  });

  it('draws secondary data in PrimaryAndSecondary, and in Selection only for the secondary selection modes', () => {
    expect(drawsSecondary('PrimaryAndSecondary')).toBe(true);
    expect(drawsSecondary('Selection', 'SinglePrimary')).toBe(false);
    expect(drawsSecondary('Selection', 'PrimaryAndSecondary')).toBe(false);
    expect(drawsSecondary('Selection', 'SingleSecondary')).toBe(true);
    expect(drawsSecondary('Selection', 'MultiSecondary')).toBe(true);
    expect(drawsSecondary('PrimaryOnly', 'MultiSecondary')).toBe(false);
  });
});

describe('selections', () => {
  it('never filters by the "Others" entry, keyed apart from a category of that name', () => {
    const entry = (Name: string, key: string) => ({ Name, key, data: [] });
    expect(picksOthers({ content: [entry('North', 'North'), entry('Others', '__others__')] }, 'Others')).toBe(true);
    expect(picksOthers({ content: [entry('North', 'North'), entry('Others', '__others__')] }, 'North')).toBe(false);
    expect(picksOthers({ content: [entry('Others', 'Others')] }, 'Others')).toBe(false);
    expect(picksOthers(undefined, 'Others')).toBe(false);
  });

  it('are equal only when all five fields match', () => {
    expect(selectionEquals(sel(), sel())).toBe(true);
    expect(selectionEquals(sel(), sel({ seriesValue: 'x' }))).toBe(false);
    expect(selectionEquals(sel(), sel({ visualName: 'other' }))).toBe(false);
  });

  it('toggle: the same item clears, single modes replace the visual\'s own, multi modes add', () => {
    const other = sel({ visualName: 'donut', axisValue: 'Web' });
    expect(toggleSelection([sel(), other], sel())).toEqual([other]);
    expect(toggleSelection([sel(), other], sel({ axisValue: 'In-store' }), 'SinglePrimary')).toEqual([other, sel({ axisValue: 'In-store' })]);
    expect(toggleSelection([sel()], sel({ axisValue: 'In-store' }), 'SingleSecondary')).toEqual([sel({ axisValue: 'In-store' })]);
    expect(toggleSelection([sel()], sel({ axisValue: 'In-store' }), 'MultiSecondary')).toHaveLength(2);
  });

  it('become smart filters, each key and value once (case-insensitive)', () => {
    const filters = secondaryFilters([sel({ seriesKey: 'NPSGroup', seriesValue: 'Promoter' }), sel({ visualName: 'donut', axisValue: 'ONLINE' })]);
    expect(filters).toEqual([{ filterKey: 'Channel', filterValue: 'Online' }, { filterKey: 'NPSGroup', filterValue: 'Promoter' }]);
  });

  it('cover a whole category when made on a row label, one series when made on a segment', () => {
    expect(isSelected([sel()], 'mix', 'Online', 'Promoter')).toBe(true);
    expect(isSelected([sel({ seriesKey: 'NPSGroup', seriesValue: 'Promoter' })], 'mix', 'Online', 'Detractor')).toBe(false);
    expect(isSelected([sel()], 'mix', 'In-store')).toBe(false);
    expect(isSelected([sel()], 'donut', 'Online')).toBe(false);
  });
});

describe('rows and no-data rules', () => {
  it('drops NaN values and [Blank] or empty names unless ShowBlank', () => {
    const rows = [
      { Name: 'A', Key: 'A', Val: 1 },
      { Name: '[Blank]', Key: 'b', Val: 2 },
      { Name: '', Key: 'c', Val: 3 },
      { Name: 'D', Key: 'D', Val: Number.NaN },
      { Name: 'E', Key: 'E', Val: null },
    ];
    expect(visibleRows(rows).map((r) => r.Key)).toEqual(['A']);
    expect(visibleRows(rows, true).map((r) => r.Key)).toEqual(['A', 'b', 'c']);
    expect(visibleContent([{ Name: '[blank]', key: 'x', data: rows }, { Name: 'Z', key: 'z', data: [rows[3]] }])).toEqual([]);
  });

  it('shows a tile by its NoDataCategory (default ThisPeriodData)', () => {
    const onlyBefore = series({ currentRecordCount: 0, previousRecordCount: 5 });
    expect(hasDataFor(onlyBefore)).toBe(false);
    expect(hasDataFor(onlyBefore, 'LastPeriodData')).toBe(true);
    expect(hasDataFor(onlyBefore, 'BothPeriods')).toBe(false);
    expect(hasDataFor(series(), 'BothPeriods')).toBe(true);
    expect(hasDataFor(undefined, 'AlwaysShowVisual')).toBe(true);
    expect(hasDataFor(undefined)).toBe(false);
  });
});

describe('formats and settings', () => {
  it('maps 0.0%-style formats to d3 and falls back on unsupported ones', () => {
    expect(toD3Format('0.0%')).toBe('.1%');
    expect(toD3Format('0%')).toBe('.0%');
    expect(toD3Format('0.00')).toBe('.2f');
    expect(toD3Format('.4s')).toBe('.4s');
    expect(toD3Format('nonsense%%')).toBe('.1%');
    expect(formatValue(0.4213, '0.0%')).toBe('42.1%');
    expect(formatValue(-0.05, '0.0%')).toBe('-5.0%');
    expect(formatValue(Number.NaN, '0.0%')).toBe('-');
    expect(legendPercent(0.125)).toBe('13%');
  });

  it('writes the data period as DD MMM YYYY - DD MMM YYYY vs ...', () => {
    const s = series();
    expect(dataPeriodText(s.currentPeriod, s.previousPeriod)).toBe('21 Oct 2026 - 19 Nov 2026 vs 21 Sep 2026 - 20 Oct 2026');
    expect(dataPeriodText(s.currentPeriod, undefined)).toBe('21 Oct 2026 - 19 Nov 2026');
  });

  it('writes the data period and d3’s own number formats in German on a German page', async () => {
    await loadLanguage('de');
    expect(dataPeriodText(series().currentPeriod, series().previousPeriod, 'de')).toMatch(/^21 Okt\.? 2026 - 19 Nov\.? 2026 ggü\. 21 Sep\.? 2026 - 20 Okt\.? 2026$/);
    configure({ locale: 'de' });
    try {
      // An axis's ticks use d3's default format: 1,5 on a German page, not 1.5.
      expect(format('.1f')(1.5)).toBe('1,5');
    } finally {
      configure({ locale: 'en' });
    }
    expect(format('.1f')(1.5)).toBe('1.5');
  });

  it('falls back to defaults for missing or wrongly typed settings', () => {
    expect(setting({ Size: 30 }, 'Size', 40)).toBe(30);
    expect(setting({ Size: '30' }, 'Size', 40)).toBe(40);
    expect(setting({ Mode: 'Weird' }, 'Mode', 'TopN', ['Default', 'TopN'])).toBe('TopN');
    expect(axisBound({ YMin: 'auto' }, 'YMin')).toBe('auto');
    expect(axisBound({ YMin: 0 }, 'YMin')).toBe(0);
  });

  it('cycles the 12-colour palette, each colour a theme token with the spec\'s colour behind it', () => {
    expect(PALETTE).toHaveLength(12);
    expect(colourAt(12)).toBe(`var(--cx-chart-1, ${PALETTE[0]})`);
    expect(colourAt(3)).toBe(`var(--cx-chart-4, ${PALETTE[3]})`);
    // A tile's own palette wins over the theme.
    expect(colourAt(1, ['#000', '#fff'])).toBe('#fff');
  });

  it('reads tabs with their DefaultTab, falling back to the first', () => {
    const tabs = { DefaultTab: 'b', a: { Name: 'A', DataSource: 'data' }, b: { Name: 'B', DataSource: 'dataB' }, junk: 3 };
    expect(readTabs(tabs)).toMatchObject({ defaultTab: 'b', tabs: [{ key: 'a', dataSource: 'data' }, { key: 'b', dataSource: 'dataB' }] });
    expect(readTabs({ ...tabs, DefaultTab: 'zzz' }).defaultTab).toBe('a');
    expect(readTabs(null).tabs).toEqual([]);
  });
});
