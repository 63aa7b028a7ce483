import type { Block, ChartType, DataRow, Series, VisualDefinition, VisualItem } from '../../src/api/visual-types';

/** Fixed chart data for the visual tests: same input, same drawing. */
const periods = {
  currentPeriod: { startDateTime: '2026-10-21 00:00:00', endDateTime: '2026-11-19 23:59:59' },
  previousPeriod: { startDateTime: '2026-09-21 00:00:00', endDateTime: '2026-10-20 23:59:59' },
};

export function series(content: Series['content'], over: Partial<Series> = {}): Series {
  return { key: 'k', filterKey: 'Channel', content, currentRecordCount: 120, previousRecordCount: 100, ...periods, ...over };
}

const row = (Name: string, Val: number | null, ValForDelta: number | null = null): DataRow => ({ Name, Key: Name, Val, ValForDelta });

export const GAUGE = series([{ Name: 'NPS', key: 'nps', data: [row('NPS', 0.32, 0.25)] }]);

export const TREND = series(
  ['North', 'South'].map((region, r) => ({
    Name: region,
    key: region,
    data: ['2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16'].map((d, i) => ({ Name: d, Key: d, Val: 0.1 * (i + 1) - 0.15 * r })),
  })),
  { filterKey: 'ResponseDate', seriesFilterKey: 'Region' },
);

export const MIX = series(
  [
    { Name: 'Online', key: 'Online', data: [row('Detractor', 0.2), row('Neutral', 0.3), row('Promoter', 0.5)] },
    { Name: 'In-store', key: 'In-store', data: [row('Detractor', 0.1), row('Neutral', 0.2), row('Promoter', 0.7)] },
    { Name: '[Blank]', key: '[Blank]', data: [row('Promoter', 1)] },
  ],
  { seriesFilterKey: 'NPSGroup' },
);

export const CHANNELS = series(['Online', 'In-store', 'Mobile app', 'Call centre', 'Click & collect', 'Kiosk', 'Post'].map((c, i) => ({ Name: c, key: c, data: [row(c, 70 - i * 10)] })));

export const STORES = series(
  [
    { Name: 'York', key: 'York', data: [{ Key: 'responses', Name: 'Responses', Val: 10, ValForDelta: 8 }, { Key: 'nps', Name: 'NPS', Val: 0.3, ValForDelta: 0.25 }] },
    { Name: 'Leeds', key: 'Leeds', data: [{ Key: 'responses', Name: 'Responses', Val: 30, ValForDelta: 0 }, { Key: 'nps', Name: 'NPS', Val: null, ValForDelta: null }] },
    { Name: 'Hull', key: 'Hull', data: [{ Key: 'responses', Name: 'Responses', Val: 20, ValForDelta: 20 }, { Key: 'nps', Name: 'NPS', Val: -0.1, ValForDelta: 0.1 }] },
  ],
  { filterKey: 'Store' },
);

const comment = (Id: number, Verbatim: string | null, Store: string, NPSGroup: string): DataRow => ({ Name: String(Id), Key: String(Id), Val: null, Id, Verbatim, Store, NPSGroup, ResponseDate: '2026-11-19T10:00:00' });
export const COMMENTS = series([{ Name: 'All', key: 'all', data: [comment(7, 'Great staff.', 'York', 'Promoter'), comment(8, null, 'A&B Mall', 'Detractor'), comment(9, 'Slow tills.', 'Hull', 'Detractor')] }], { filterKey: 'Id' });
export const DETRACTORS = series([{ Name: 'Detractors', key: 'Detractors', data: [comment(8, null, 'A&B Mall', 'Detractor'), comment(9, 'Slow tills.', 'Hull', 'Detractor')] }], { filterKey: 'Id' });

const COLUMNS = {
  Columns: [
    { Header: 'Responses', Key: 'responses', Type: 'Number' },
    { Header: 'NPS', Key: 'nps', Type: 'Percentage' },
  ],
  DeltaColumns: [
    { Header: 'NPS change', Key: 'nps', Type: 'PointChange', DeltaFrom: 'nps', Default: true },
    { Header: 'NPS change %', Key: 'nps', Type: 'PercentageChange', DeltaFrom: 'nps' },
  ],
};

/** Promoter, neutral and detractor shares per channel, and responses per segment for both periods. */
export const SEGMENTS = series(['Loyalty member', 'New customer', 'Business account', '[Blank]'].map((n, i) => ({ Name: n, key: n, data: [row(n, 90 - i * 20, 80 - i * 10)] })), { filterKey: 'Segment' });
export const REGION_NPS = series(['North', 'South', 'East'].map((n, i) => ({ Name: n, key: n, data: [row(n, 0.4 - i * 0.3, 0.3)] })), { filterKey: 'Region' });
export const STARS = series([{ Name: 'Average star rating', key: 'stars', data: [row('Average star rating', 3.62, 3.5)] }]);
export const VOLUME = series(
  ['Online', 'In-store'].map((c, k) => ({ Name: c, key: c, data: ['2026-11-13', '2026-11-14', '2026-11-16'].filter((_, i) => !(k === 1 && i === 1)).map((d, i) => row(d, 10 + i * 5 + k * 3)) })),
  { filterKey: 'ResponseDate', seriesFilterKey: 'Channel' },
);
export const RADAR = series(
  ['Online', 'In-store', 'Mobile app', '[Blank]'].map((c, i) => ({ Name: c, key: c, data: [row('Promoter', 0.5 - i * 0.1), row('Detractor', 0.2 + i * 0.05), row('[Blank]', 0.1)] })),
  { seriesFilterKey: 'NPSGroup' },
);

const SETTINGS: Record<ChartType, Record<string, unknown>> = {
  Gauge: { Header: 'NPS', SubHeader: 'DataPeriod', DeltaType: 'PointChange' },
  MultiLineChart: { Header: 'NPS over time', ClickBehaviour: 'Filter' },
  StackedBar: { Header: 'NPS groups by channel', ClickBehaviour: 'Filter', ShowLegend: true, SeriesOrder: ['Promoter', 'Neutral', 'Detractor'] },
  Donut: { Header: 'Responses by channel', ClickBehaviour: 'Filter' },
  TableWithDeltaColumns: {
    Header: 'Stores', ClickBehaviour: 'Filter', ColumnConfiguration: COLUMNS,
    DataFormat: { ColorPalette: { AboveDelta: '#0C7A59', BelowDelta: '#C4002A' } },
    Tabs: { DefaultTab: 'stores', stores: { Name: 'Stores', DataSource: 'data' }, regions: { Name: 'Regions', DataSource: 'dataRegion' } },
  },
  OrderedListComments: {
    Header: 'Latest comments', ClickBehaviour: 'Drillthrough', IconField: 'NPSGroup', DrillthroughLink: '/content/insights/responses?Id={Id}&store={Store}',
    DisplayFields: [{ Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: 'No comment provided', NullOrWhitespaceValueStyle: 'Italic' }, { Field: 'Store', Type: 'Field', Style: 'Bold' }],
    Tabs: { DefaultTab: 'all', all: { Name: 'All', DataSource: 'data' }, detractors: { Name: 'Detractors', DataSource: 'dataDetractors' } },
  },
  StarRatingChart: { Header: 'Star rating' },
  PillFilterChart: { Header: 'NPS by region', ClickBehaviour: 'Filter' },
  HeroText: { Header: 'NPS', HeroLabel: 'Net promoter score', ValueFormat: '0.0%' },
  MultiGauge: { Header: 'NPS by region', ClickBehaviour: 'Filter' },
  StackedArea: { Header: 'Responses over time' },
  Radar: { Header: 'NPS groups by channel', ClickBehaviour: 'Filter' },
  TextCountList: { Header: 'Responses by segment' },
  MultiCountList: { Header: 'Responses by segment' },
  ClusteredBar: { Header: 'NPS groups by channel', ClickBehaviour: 'Filter', SeriesOrder: ['Promoter', 'Neutral', 'Detractor'] },
  Line: { Header: 'NPS over time' },
  SingleBarStack: { Header: 'Responses by segment', ClickBehaviour: 'Filter', HeroLabel: 'loyalty members' },
  SingleAxisStackedBar: { Header: 'Responses by channel', ClickBehaviour: 'Filter' },
  StackedColumnWithLine: { Header: 'Responses and NPS', ClickBehaviour: 'Filter', AxisValueMapping: { North: 'promoter' } },
  MultiAxesLine: { Header: 'NPS and responses', Axes: [{ Series: 'data', Format: '0.0%' }, { Series: 'dataSecond', Format: ',d' }] },
  TouchpointChart: { Header: 'Journey', Touchpoints: { North: 'nps', Kiosk: 'nps', South: 'nps' } },
  Image: { Header: 'Promoters', ImageUrl: '/elements/icons/promoter.svg', AltText: 'A smiling face', NoDataCategory: 'AlwaysShowVisual' },
  StackedBarWithIconBar: { Header: 'NPS groups and stars by channel', ClickBehaviour: 'Filter' },
  StackedBarWithGauge: { Header: 'NPS groups and NPS by channel', ClickBehaviour: 'Filter', SortMode: 'Za' },
  TableWithGroupedMeasures: {
    Header: 'Stores', MeasureGroups: [{ Key: 'responses', Header: 'Responses', Format: '0' }, { Key: 'nps', Header: 'NPS', Format: '0%' }],
    Tabs: { DefaultTab: 'stores', stores: { Name: 'Stores', DataSource: 'data' }, regions: { Name: 'Regions', DataSource: 'dataRegion' } },
  },
  JourneyMapLineChart: { Header: 'Journey' },
  MiniLineWithGauge: { Header: 'NPS', DeltaType: 'PointChange' },
  MiniLineWithHero: { Header: 'NPS', ValueFormat: '0.0%' },
  MiniLineWithIconBar: { Header: 'Stars', ValueFormat: '0.0' },
  MultiBarStackWithHero: { Header: 'NPS groups by channel', ClickBehaviour: 'Filter', SeriesOrder: ['Promoter', 'Neutral', 'Detractor'] },
};

const DATA: Record<ChartType, Record<string, Series>> = {
  Gauge: { data: GAUGE },
  MultiLineChart: { data: TREND },
  StackedBar: { data: MIX },
  Donut: { data: CHANNELS },
  TableWithDeltaColumns: { data: STORES, dataRegion: series([{ Name: 'North', key: 'North', data: [{ Key: 'responses', Name: 'Responses', Val: 60, ValForDelta: 50 }] }], { filterKey: 'Region' }) },
  OrderedListComments: { data: COMMENTS, dataDetractors: DETRACTORS },
  StarRatingChart: { data: STARS },
  PillFilterChart: { data: REGION_NPS },
  HeroText: { data: GAUGE },
  MultiGauge: { data: REGION_NPS },
  StackedArea: { data: VOLUME },
  Radar: { data: RADAR },
  TextCountList: { data: SEGMENTS },
  MultiCountList: { data: SEGMENTS },
  ClusteredBar: { data: MIX },
  Line: { data: series(TREND.content.slice(0, 1), { filterKey: 'ResponseDate' }) },
  SingleBarStack: { data: SEGMENTS },
  SingleAxisStackedBar: { data: MIX },
  StackedColumnWithLine: { data: series(REGION_NPS.content.map((e, i) => ({ ...e, data: [{ Name: 'Responses', Key: 'responses', Val: 40 - i * 10 }, e.data[0]] }))) },
  MultiAxesLine: { data: series(TREND.content.slice(0, 1)), dataSecond: series(VOLUME.content.slice(0, 1)) },
  TouchpointChart: { data: REGION_NPS },
  Image: { data: GAUGE },
  StackedBarWithIconBar: { data: MIX, dataIcons: series([{ Name: 'Online', key: 'Online', data: [row('Online', 3.6)] }, { Name: 'In-store', key: 'In-store', data: [row('In-store', 4.2)] }]) },
  StackedBarWithGauge: { data: MIX, dataGauge: series([{ Name: 'Online', key: 'Online', data: [row('Online', 0.3)] }, { Name: 'In-store', key: 'In-store', data: [row('In-store', -0.2)] }]) },
  TableWithGroupedMeasures: { data: STORES, dataRegion: series([{ Name: 'North', key: 'North', data: [{ Key: 'responses', Name: 'Responses', Val: 60, ValForDelta: 50 }] }], { filterKey: 'Region' }) },
  JourneyMapLineChart: { data: TREND },
  MiniLineWithGauge: { data: GAUGE, dataLine: series(TREND.content.slice(0, 1)) },
  MiniLineWithHero: { data: GAUGE, dataLine: series(TREND.content.slice(0, 1)) },
  MiniLineWithIconBar: { data: STARS, dataLine: series(TREND.content.slice(0, 1)) },
  MultiBarStackWithHero: { data: MIX },
};

export function block(template: ChartType, data: Record<string, Series> = DATA[template]): Block {
  const s = SETTINGS[template];
  return { header: { content: String(s.Header) }, subHeader: { content: String(s.SubHeader ?? '') }, heroLabel: { content: String(s.HeroLabel ?? '') }, ...data };
}

/** A tile's item and definition for a template, with fixed data. */
export function tile(template: ChartType, name = template.toLowerCase()): { item: VisualItem; definition: VisualDefinition } {
  return {
    item: { name, template, totalRecordCount: 120, primary: block(template) },
    definition: { name, width: 6, height: 3, template, templateBindings: { ...SETTINGS[template], Query: { kind: 'kpi', measure: 'nps' } } },
  };
}
