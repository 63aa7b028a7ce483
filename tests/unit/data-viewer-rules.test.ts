import { beforeEach, describe, expect, it } from 'vitest';
import { defaultFilterState, modeLink, modeOf, pickProfile } from '../../src/viewer/data-viewer/load-rules';
import { isVisible, moveColumn, orderColumns, toggleColumn, viewFor, DEFAULT_VIEW } from '../../src/stores/view-state';
import { restoreView, savedViewOf } from '../../src/viewer/saved-view';
import { DEFAULT_FILTERS, filtersFor } from '../../src/stores/filters';

describe('data viewer load rules', () => {
  const profiles = [{ name: 'default' }, { name: 'comments' }];
  it('picks the profile of the query, else the path, else the first', () => {
    expect(pickProfile(profiles, 'comments', 'default')?.name).toBe('comments');
    expect(pickProfile(profiles, undefined, 'Comments')?.name).toBe('comments');
    expect(pickProfile(profiles, 'nope', 'comments')?.name).toBe('comments');
    expect(pickProfile(profiles, 'nope', 'nope')?.name).toBe('default');
    expect(pickProfile([], 'x')).toBeUndefined();
  });

  it('turns default filters into the filter state, grouped by key', () => {
    expect(defaultFilterState([{ filterKey: 'NPSGroup', filterValue: 'Detractor' }, { filterKey: 'NPSGroup', filterValue: 'Neutral' }]).values).toEqual({ NPSGroup: ['Detractor', 'Neutral'] });
    expect(defaultFilterState([])).toEqual(DEFAULT_FILTERS);
  });

  it('reads the mode from type, records when unknown, and links modes keeping the query profile', () => {
    expect(modeOf('CardViewer')).toBe('CardViewer');
    expect(modeOf('Pie')).toBe('RecordsViewer');
    expect(modeLink('/content/insights/responses', 'RecordsViewer')).toBe('/content/insights/responses');
    expect(modeLink('/content/insights/responses', 'CardViewer', 'comments')).toBe('/content/insights/responses?type=CardViewer&profile=comments');
  });
});

describe('columns of the view', () => {
  const cols = ['a', 'b', 'c', 'd'].map((key) => ({ key }));
  it('orders saved keys first, keeps new schema columns, drops gone ones', () => {
    expect(orderColumns(cols, ['c', 'x', 'a']).map((c) => c.key)).toEqual(['c', 'a', 'b', 'd']);
    expect(orderColumns(cols, []).map((c) => c.key)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('moves a column one place, not past either end', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'z', 1)).toEqual(['a', 'b', 'c']);
  });
  it('hides and shows columns, never the last one', () => {
    const all = ['a', 'b', 'c'];
    expect(toggleColumn(all, [], 'b')).toEqual(['a', 'c']);
    expect(toggleColumn(all, ['a', 'c'], 'b')).toEqual(['a', 'b', 'c']);
    expect(toggleColumn(all, ['a'], 'a')).toEqual(['a']);
    expect(isVisible({ visibleColumns: [] }, 'z')).toBe(true);
    expect(isVisible({ visibleColumns: ['a'] }, 'b')).toBe(false);
  });
});

describe('saved view (the favourite payload)', () => {
  beforeEach(() => {
    filtersFor('t').set({ ...DEFAULT_FILTERS });
    viewFor('t').set({ ...DEFAULT_VIEW });
  });

  it('carries the spec fields and brings filters, columns, sort and pivot back', () => {
    filtersFor('t').set({ ...DEFAULT_FILTERS, dateChoice: 'ClearDate', values: { Region: ['North'] } });
    viewFor('t').set({ profileName: 'comments', columnsInOrder: ['Store', 'Id'], visibleColumns: ['Store'], sortBy: { fieldKey: 'NPS', operatorAsString: 'ASC' }, pivot: { measures: ['AvgNPS'], rows: ['Region'], columns: [], hideRowTotals: true, hideColumnTotals: false } });
    const payload = savedViewOf('t', 'ResponseDate', 'AnalyticsViewer', '/content/insights/responses');
    const parsed = JSON.parse(payload);
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining(['smartDataSelection', 'smartDataSelectionSecondary', 'analyticsDataSelection', 'path', 'viewMode', 'profileName', 'columnsInOrder', 'visibleColumns', 'sortBy', 'visualSelections', 'tableVisualOptions']));
    expect(parsed.smartDataSelection.smartFilters).toEqual([{ filterKey: 'Region', filterValue: 'North' }]);
    expect(parsed.analyticsDataSelection).toEqual({ measureKeys: ['AvgNPS'], rowDimensions: ['Region'], columnDimensions: [], hideRowTotals: true, hideColumnTotals: false });

    filtersFor('t').set({ ...DEFAULT_FILTERS });
    viewFor('t').set({ ...DEFAULT_VIEW });
    expect(restoreView('t', payload)).toEqual({ viewMode: 'AnalyticsViewer', path: '/content/insights/responses' });
    expect(filtersFor('t').get().values).toEqual({ Region: ['North'] });
    expect(viewFor('t').get()).toEqual({ profileName: 'comments', columnsInOrder: ['Store', 'Id'], visibleColumns: ['Store'], sortBy: { fieldKey: 'NPS', operatorAsString: 'ASC' }, pivot: { measures: ['AvgNPS'], rows: ['Region'], columns: [], hideRowTotals: true, hideColumnTotals: false } });
  });

  it('changes nothing for a damaged payload, and keeps the default pivot when none was saved', () => {
    viewFor('t').setKey('columnsInOrder', ['x']);
    expect(restoreView('t', '{not json')).toBeNull();
    expect(viewFor('t').get().columnsInOrder).toEqual(['x']);
    restoreView('t', JSON.stringify({ columnsInOrder: [1, 'Id'], sortBy: { fieldKey: 'NPS', operatorAsString: 'sideways' } }));
    expect(viewFor('t').get()).toMatchObject({ columnsInOrder: ['Id'], sortBy: { fieldKey: 'NPS', operatorAsString: 'DESC' }, pivot: DEFAULT_VIEW.pivot });
  });
});
