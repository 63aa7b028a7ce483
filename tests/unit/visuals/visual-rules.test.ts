import { beforeAll, describe, expect, it } from 'vitest';
import { DONUT_DEFAULTS, donutSlices, OTHERS } from '../../../src/visuals/donut/draw';
import { donutModel } from '../../../src/visuals/donut/donut';
import { colourAt } from '../../../src/visuals/common/palette';
import { columnId, deltaValue, formatCell, formatDelta, nextSort, sortRows, tableRows, TABLE_DEFAULTS, type TableColumn, type TableFormat } from '../../../src/visuals/delta-table/rules';
import { drillthroughLink, NO_COMMENT, readDisplayFields, shownFields } from '../../../src/visuals/comment-list/rules';
import { gaugeDelta, GAUGE_DEFAULTS } from '../../../src/visuals/gauge/draw';
import { changeText, comparedWith, DEFAULT_DELTA_TYPE } from '../../../src/visuals/common/change';
import { loadLanguage, translator } from '../../../src/i18n';
import { stackRows } from '../../../src/visuals/stacked-bar/draw';
import { monthLabel, toLines, yTickCount } from '../../../src/visuals/multi-line/draw';

describe('donut', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name, i) => ({ name, value: 70 - i * 10 }));

  it('keeps the top 5 and sums the rest into Others (TopN, the default)', () => {
    const slices = donutSlices(items, 'TopN', 5, 0.05);
    expect(slices.map((s) => s.name)).toEqual(['a', 'b', 'c', 'd', 'e', OTHERS]);
    expect(slices.at(-1)).toEqual({ name: 'Others', value: 20 + 10, others: true });
  });

  it('groups items under 5% into Others (GroupOther), keeps all (Default), drops zeros', () => {
    const small = [{ name: 'big', value: 96 }, { name: 'tiny', value: 3 }, { name: 'mini', value: 1 }, { name: 'none', value: 0 }];
    expect(donutSlices(small, 'GroupOther', 5, 0.05).map((s) => [s.name, s.value])).toEqual([['big', 96], ['Others', 4]]);
    expect(donutSlices(small, 'Default', 5, 0.05).map((s) => s.name)).toEqual(['big', 'tiny', 'mini']);
  });

  it('colours its slices from a 10-colour palette (spec part 3), the eleventh again in the first colour', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ name: `s${i}`, value: 100 - i }));
    const model = donutModel({ name: 'd', primary: { data: { filterKey: 'k', content: twelve.map((t) => ({ Name: t.name, Key: t.name, data: [{ Key: 'v', Name: 'v', Val: t.value }] })) } } as never, settings: { DonutMode: 'Default' }, mode: 'PrimaryOnly', selections: [] });
    expect(model.palette).toHaveLength(10);
    expect(colourAt(10, model.palette)).toBe(colourAt(0, model.palette));
    expect(DONUT_DEFAULTS).toEqual({ Mode: 'TopN', TopN: 5, OthersThreshold: 0.05 });
  });
});

describe('table with delta columns', () => {
  beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('de')]));
  const columns: TableColumn[] = [
    { Header: 'Responses', Key: 'responses', Type: 'Number' },
    { Header: 'NPS', Key: 'nps', Type: 'Percentage' },
  ];
  const point: TableColumn = { Header: 'Δ', Key: 'nps', Type: 'PointChange', DeltaFrom: 'nps' };
  const percent: TableColumn = { Header: 'Δ%', Key: 'nps', Type: 'PercentageChange', DeltaFrom: 'nps' };
  const all = [...columns, point, percent];
  const fmt: TableFormat = { decimalPlaces: 0, threshold: 0, above: TABLE_DEFAULTS.AboveDelta, below: TABLE_DEFAULTS.BelowDelta };
  const rows = tableRows(
    [
      { Name: 'York', key: 'York', data: [{ Key: 'responses', Name: 'R', Val: 10, ValForDelta: 8 }, { Key: 'nps', Name: 'N', Val: 0.3, ValForDelta: 0.25 }] },
      { Name: 'Leeds', key: 'Leeds', data: [{ Key: 'responses', Name: 'R', Val: 30, ValForDelta: 0 }, { Key: 'nps', Name: 'N', Val: null, ValForDelta: 0 }] },
      { Name: '[blank]', key: 'b', data: [{ Key: 'responses', Name: 'R', Val: 99, ValForDelta: 1 }] },
      { Name: 'Hull', key: 'Hull', data: [{ Key: 'responses', Name: 'R', Val: 20, ValForDelta: 20 }, { Key: 'nps', Name: 'N', Val: -0.1, ValForDelta: 0.1 }] },
    ],
    false,
  );

  it('hides blank rows unless ShowBlank', () => {
    expect(rows.map((r) => r.name)).toEqual(['York', 'Leeds', 'Hull']);
    expect(tableRows([{ Name: '', key: '', data: [] }], true)).toHaveLength(1);
  });

  it('sorts DESC on the first click, then toggles; blanks sort lowest', () => {
    const first = nextSort(null, columnId(columns[1]));
    expect(first).toEqual({ column: 'nps:Percentage', order: 'DESC' });
    expect(nextSort(first, 'nps:Percentage')).toEqual({ column: 'nps:Percentage', order: 'ASC' });
    expect(nextSort(first, 'responses:Number')!.order).toBe('DESC');
    expect(sortRows(rows, first, all).map((r) => r.name)).toEqual(['York', 'Hull', 'Leeds']);
    expect(sortRows(rows, { column: 'nps:Percentage', order: 'ASC' }, all).map((r) => r.name)).toEqual(['Leeds', 'Hull', 'York']);
    expect(sortRows(rows, { column: 'title', order: 'DESC' }, all).map((r) => r.name)).toEqual(['York', 'Leeds', 'Hull']);
  });

  it('gives point change in points for percentage columns and percentage change, null when not valid', () => {
    expect(deltaValue(rows[0], point, all)).toBe(5);
    expect(deltaValue(rows[2], point, all)).toBe(-20);
    expect(deltaValue(rows[0], percent, all)).toBeCloseTo(20, 10);
    expect(deltaValue(rows[1], point, all)).toBeNull();
    expect(deltaValue(rows[1], percent, all)).toBeNull();
  });

  it("formats values and deltas: '-' when invalid, rounded away from zero, coloured by the threshold", () => {
    expect(formatCell(0.3, columns[1], fmt)).toBe('30%');
    expect(formatCell(12345, columns[0], fmt)).toBe('12,345');
    expect(formatCell(null, columns[0], fmt)).toBe('-');
    const counts: TableColumn = { Header: 'Δ%', Key: 'responses', Type: 'PercentageChange' };
    const [up, down, same] = tableRows([41, 39, 40].map((v) => ({ Name: String(v), key: String(v), data: [{ Key: 'responses', Name: 'R', Val: v, ValForDelta: 40 }] })), false);
    const delta = (row: typeof up, column: TableColumn) => formatDelta(translator('en'), 'en', row, column, all, fmt);
    // The spec's colours, as the theme's tokens (docs/theming.md).
    expect(delta(up, counts)).toEqual({ text: '+3%', colour: 'var(--cx-color-negative-text, #D4002B)', symbol: 'up' });
    expect(delta(down, counts)).toEqual({ text: '-3%', colour: 'var(--cx-color-positive-text, #0C8A65)', symbol: 'down' });
    expect(delta(same, { ...counts, Type: 'PointChange' }).colour).toBe('var(--cx-color-text-muted, #666666)');
    expect(delta(rows[1], point).text).toBe('-');
  });

  it("writes a percentage column's point change in points and a percentage change with '%', as every tile does", () => {
    const delta = (row: (typeof rows)[number], column: TableColumn) => formatDelta(translator('en'), 'en', row, column, all, fmt).text;
    expect([delta(rows[0], point), delta(rows[2], point)]).toEqual(['+5 pts', '-20 pts']);
    expect([delta(rows[0], percent), delta(rows[2], percent)]).toEqual(['+20%', '-200%']);
    expect(formatDelta(translator('de'), 'de', rows[0], point, all, fmt).text).toBe('+5 Pkt.');
  });
});

describe('ordered list of comments', () => {
  const fields = readDisplayFields([
    { Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: NO_COMMENT, NullOrWhitespaceValueStyle: 'Italic' },
    { Field: 'Store', Type: 'Field', Style: 'Bold' },
    { Type: 'Literal', Value: 'Survey', Style: 'Plain' },
    { nonsense: true },
  ]);

  it("shows 'No comment provided' in italics for an empty comment and skips malformed fields", () => {
    expect(fields).toHaveLength(3);
    const shown = shownFields({ Name: '1', Key: '1', Val: null, Verbatim: '  ', Store: 'York' }, fields)!;
    expect(shown[0]).toEqual({ text: 'No comment provided', style: 'Italic', marginBottom: 0, fallback: true });
    expect(shown[1]).toMatchObject({ text: 'York', style: 'Bold' });
    expect(shown[2].text).toBe('Survey');
  });

  it('drops a row whose display fields are all empty', () => {
    expect(shownFields({ Name: '1', Key: '1', Val: null, Store: '' }, [{ Field: 'Store', Type: 'Field', Style: 'Plain' }])).toBeNull();
  });

  it('fills the Drillthrough link with the row\'s fields, URL-encoded', () => {
    expect(drillthroughLink('/content/insights/responses?Id={Id}&s={Store}', { Name: '', Key: '', Val: null, Id: 42, Store: 'A&B Mall' })).toBe('/content/insights/responses?Id=42&s=A%26B%20Mall');
  });
});

describe('the change of a figure (one formatter for every tile)', () => {
  beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('de')]));
  const en = () => translator('en');

  it('is a point change in points for percentage formats, or a rounded percentage, or nothing without a previous period', () => {
    expect(gaugeDelta(en(), 'en', { value: 0.3, previous: 0.25, previousValid: true, deltaType: 'PointChange', format: '0.0%' })).toEqual({ text: '+5 pts', symbol: 'up' });
    expect(gaugeDelta(en(), 'en', { value: 3.81, previous: 3.91, previousValid: true, deltaType: 'PointChange', format: '.2f' })).toEqual({ text: '-0.1', symbol: 'down' });
    expect(gaugeDelta(en(), 'en', { value: 0.3, previous: 0.2, previousValid: true, deltaType: 'PercentageDelta', format: '0.0%' })).toEqual({ text: '+50%', symbol: 'up' });
    expect(gaugeDelta(en(), 'en', { value: 0.3, previous: 0.2, previousValid: false, deltaType: 'PercentageDelta', format: '0.0%' }).text).toBe('');
    expect(gaugeDelta(en(), 'en', { value: 0.3, previous: 0, previousValid: true, deltaType: 'PercentageDelta', format: '0.0%' }).text).toBe('');
  });

  it('keeps a point change to 2 decimals with its unit, and says what it compares with', () => {
    expect(changeText(en(), 'en', 0.1234, 0.0976, 'PointChange', true).text).toBe('+2.58 pts');
    expect(changeText(translator('de'), 'de', 0.1234, 0.0976, 'PointChange', true).text).toBe('+2,58 Pkt.');
    const week = { startDateTime: '2026-11-06 00:00:00', endDateTime: '2026-11-12 23:59:59' };
    expect(comparedWith(en(), week)).toBe('vs previous 7 days');
    expect(comparedWith(en(), undefined)).toBe('vs previous period');
  });

  it("gives a count's change in the count's unit or its noun, a percentage rounded away from zero, else nothing", () => {
    expect(changeText(en(), 'en', 90, 80, 'PointChange', 'none').text).toBe('+10');
    expect(changeText(en(), 'en', 90, 80, 'PercentageDelta', 'none').text).toBe('+13%');
    expect(changeText(en(), 'en', 70, 80, 'PercentageDelta', 'none').text).toBe('-13%');
    expect(changeText(en(), 'en', 70, 0, 'PercentageDelta', 'none').text).toBe('');
    expect(changeText(en(), 'en', 70, null, 'PointChange', 'none').text).toBe('');
    expect(changeText(en(), 'en', 4.2, 4, 'PointChange', 'stars').text).toBe('+0.2 stars');
    expect(changeText(en(), 'en', 5, 4, 'PointChange', 'reviews').text).toBe('+1 review');
    expect(changeText(translator('de'), 'de', 3, 5, 'PointChange', 'reviews').text).toBe('-2 Bewertungen');
  });

  it('defaults to points: a percentage change of a score that crosses zero misleads', () => {
    expect(DEFAULT_DELTA_TYPE).toBe('PointChange');
    expect(GAUGE_DEFAULTS.DeltaType).toBe('PointChange');
  });
});

describe('stacked bar rows', () => {
  const content = [
    { Name: 'Online', key: 'Online', data: [{ Name: 'Detractor', Key: 'D', Val: 0.2 }, { Name: 'Promoter', Key: 'P', Val: 0.5 }] },
    { Name: 'In-store', key: 'In-store', data: [{ Name: 'Detractor', Key: 'D', Val: 0.1 }, { Name: 'Promoter', Key: 'P', Val: 0.7 }] },
  ];

  it('sorts DESC by the first series (sort by Bar), ASC or by name when set, with series in their order', () => {
    const rows = stackRows(content, [], 'DESC', 'Bar', ['Promoter', 'Detractor']);
    expect(rows.map((r) => r.name)).toEqual(['In-store', 'Online']);
    expect(rows[0].segments.map((s) => s.name)).toEqual(['Promoter', 'Detractor']);
    expect(stackRows(content, [], 'ASC', 'Bar', ['Promoter']).map((r) => r.name)).toEqual(['Online', 'In-store']);
    expect(stackRows(content, [], 'ASC', 'Name').map((r) => r.name)).toEqual(['In-store', 'Online']);
  });
});

describe('multi line chart', () => {
  it('keeps up to 10 y ticks, fewer on short plots, and drops NaN points', () => {
    expect(yTickCount(400, 10)).toBe(10);
    expect(yTickCount(100, 10)).toBe(5);
    expect(yTickCount(10, 10)).toBe(2);
    const [line] = toLines([{ Name: 'North', key: 'n', data: [{ Name: '2026-11-01', Key: 'a', Val: 0.1 }, { Name: '2026-11-02', Key: 'b', Val: Number.NaN }] }]);
    expect(line.points).toEqual([{ date: new Date('2026-11-01T00:00:00Z'), value: 0.1 }]);
  });

  it('labels months in calendar order, or with the fiscal year that starts in October', () => {
    expect(monthLabel(new Date('2026-09-01T00:00:00Z'), 'Calendar')).toBe('Sep 2026');
    expect(monthLabel(new Date('2026-09-01T00:00:00Z'), 'Fiscal')).toBe('Sep FY2026');
    expect(monthLabel(new Date('2026-10-01T00:00:00Z'), 'Fiscal')).toBe('Oct FY2027');
  });
});
