import type { Db } from '../db';
import type { VisualDefinition } from '../../src/api/visual-types';
import { flow } from '../../src/lib/grid-layout';

/** NPS groups and driver labels in their natural order and colours. */
const GROUP_SERIES = { SeriesOrder: ['Promoter', 'Neutral', 'Detractor'], Palette: ['#0C7A59', '#8A8F98', '#C4002A'] };
/** Higher NPS is better: rises in green, falls in red (darker than the defaults, for 4.5:1 contrast on white). */
const NPS_DELTA_FORMAT = { DecimalPlaces: 0, DeltaThreshold: 0, ColorPalette: { AboveDelta: '#0C7A59', BelowDelta: '#C4002A' } };

const DELTA_TABLE_COLUMNS = {
  TitleField: 'Name',
  TitleColumnWidth: 34,
  Columns: [
    { Header: 'Responses', Key: 'responses', Type: 'Number', SortingColumn: true, Sort: 'DESC' },
    { Header: 'NPS', Key: 'nps', Type: 'Percentage', SortingColumn: true, Default: true },
  ],
  DeltaColumns: [
    { Header: 'NPS change', Key: 'nps', Type: 'PointChange', DeltaFrom: 'nps', Default: true },
    { Header: 'NPS change %', Key: 'nps', Type: 'PercentageChange', DeltaFrom: 'nps' },
  ],
};

const OVERVIEW: VisualDefinition[] = [
  { name: 'nps', width: 3, height: 2, template: 'Gauge', templateBindings: { Header: 'NPS', SubHeader: 'DataPeriod', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'nps' } } },
  {
    name: 'stars', width: 3, height: 2, template: 'Gauge',
    templateBindings: { Header: 'Average star rating', SubHeader: 'DataPeriod', LowerBound: 1, UpperBound: 5, TextFormat: '.2f', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'stars' } },
  },
  {
    name: 'channel-share', width: 6, height: 2, template: 'Donut',
    templateBindings: { Header: 'Responses by channel', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel' } },
  },
  {
    name: 'nps-trend', width: 6, height: 3, template: 'MultiLineChart',
    templateBindings: { Header: 'NPS over time by region', SubHeader: 'DataPeriod', Query: { kind: 'trend', measure: 'nps', seriesKey: 'Region' } },
  },
  {
    name: 'nps-mix-by-channel', width: 6, height: 3, template: 'StackedBar',
    templateBindings: {
      Header: 'NPS groups by channel', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', ShowLegend: true, ...GROUP_SERIES,
      Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup' },
    },
  },
  {
    name: 'store-table', width: 6, height: 4, template: 'TableWithDeltaColumns',
    templateBindings: {
      Header: 'Stores', SubHeader: 'DataPeriod', ClickBehaviour: 'Filter', ColumnConfiguration: DELTA_TABLE_COLUMNS, DataFormat: NPS_DELTA_FORMAT,
      Tabs: { DefaultTab: 'stores', stores: { Name: 'Stores', DataSource: 'data' }, regions: { Name: 'Regions', DataSource: 'dataRegion' } },
      Query: { kind: 'table', rowKey: 'Store', measures: ['responses', 'nps'] },
      ExtraSeries: { dataRegion: { kind: 'table', rowKey: 'Region', measures: ['responses', 'nps'] } },
    },
  },
  {
    name: 'comments', width: 6, height: 4, template: 'OrderedListComments',
    templateBindings: {
      Header: 'Latest comments', ClickBehaviour: 'Drillthrough', DrillthroughLink: '/content/insights/responses?Id={Id}',
      DisplayFields: [
        { Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: 'No comment provided', NullOrWhitespaceValueStyle: 'Italic' },
        { Field: 'Store', Type: 'Field', Style: 'Bold', MarginBottom: 2 },
        { Field: 'ResponseDate', Type: 'Field', Style: 'Plain' },
      ],
      IconField: 'NPSGroup',
      Tabs: {
        DefaultTab: 'all',
        all: { Name: 'All', DataSource: 'data' },
        detractors: { Name: 'Detractors', DataSource: 'dataDetractors' },
        neutrals: { Name: 'Neutrals', DataSource: 'dataNeutrals' },
        promoters: { Name: 'Promoters', DataSource: 'dataPromoters' },
      },
      Query: {
        // Spend and the drivers too: the demo card wall shows them on its feedback cards.
        kind: 'comments', fields: ['Verbatim', 'Store', 'ResponseDate', 'NPS', 'NPSGroup', 'Spend', 'Driver_Price', 'Driver_Availability', 'Driver_Service', 'Driver_Information'], limit: 20,
        tabs: [
          { key: 'Detractors', filterKey: 'NPSGroup', filterValue: 'Detractor' },
          { key: 'Neutrals', filterKey: 'NPSGroup', filterValue: 'Neutral' },
          { key: 'Promoters', filterKey: 'NPSGroup', filterValue: 'Promoter' },
        ],
      },
    },
  },
  // As the builder's TopicImpact starter (src/lib/visual-starters.ts) makes it for a source with a verbatim and an NPS.
  { name: 'topic-impact', width: 6, height: 4, template: 'TopicImpact', templateBindings: { Header: 'Topic impact on NPS', ClickBehaviour: 'Filter', TopN: 12, Query: { kind: 'kpi', measure: 'nps' } } },
];

const DRIVERS: VisualDefinition[] = [
  { name: 'drivers-nps', width: 4, height: 2, template: 'Gauge', templateBindings: { Header: 'NPS', SubHeader: 'DataPeriod', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'nps' } } },
  {
    name: 'segment-share', width: 8, height: 2, template: 'Donut',
    templateBindings: { Header: 'Responses by segment', ClickBehaviour: 'Filter', TopN: 5, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Segment' } },
  },
  {
    name: 'service-by-region', width: 6, height: 4, template: 'StackedBar',
    templateBindings: {
      Header: 'Service driver by region', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', ShowLegend: true, ...GROUP_SERIES,
      Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Region', seriesKey: 'Driver_Service' },
    },
  },
  {
    name: 'stars-trend', width: 6, height: 4, template: 'MultiLineChart',
    templateBindings: { Header: 'Star rating over time by channel', SubHeader: 'DataPeriod', YFormat: '.2f', YMin: 1, YMax: 5, Query: { kind: 'trend', measure: 'stars', seriesKey: 'Channel' } },
  },
  {
    name: 'region-table', width: 6, height: 3, template: 'TableWithDeltaColumns',
    templateBindings: { Header: 'Regions', ClickBehaviour: 'Filter', ColumnConfiguration: DELTA_TABLE_COLUMNS, DataFormat: NPS_DELTA_FORMAT, Query: { kind: 'table', rowKey: 'Region', measures: ['responses', 'nps'] } },
  },
  {
    name: 'detractor-comments', width: 6, height: 3, template: 'OrderedListComments',
    templateBindings: {
      Header: 'Detractor comments', Filters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }], DisplayFields: [{ Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: 'No comment provided', NullOrWhitespaceValueStyle: 'Italic' }, { Field: 'Store', Type: 'Field', Style: 'Bold' }],
      IconField: 'NPSGroup',
      Query: { kind: 'comments', fields: ['Verbatim', 'Store', 'ResponseDate', 'NPSGroup'], limit: 10 },
    },
  },
];

const GALLERY: VisualDefinition[] = [
  ...OVERVIEW.map((d) => ({ ...d, name: `g-${d.name}` })),
  { name: 'g-star-chart', width: 3, height: 2, template: 'StarRatingChart', templateBindings: { Header: 'Star rating', Query: { kind: 'kpi', measure: 'stars' } } },
  { name: 'g-hero', width: 3, height: 2, template: 'HeroText', templateBindings: { Header: 'NPS', HeroLabel: 'Net promoter score, last period in brackets', ValueFormat: '0.0%', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'nps' } } },
  {
    name: 'g-pills', width: 6, height: 2, template: 'PillFilterChart',
    templateBindings: {
      Header: 'NPS by region and channel', ClickBehaviour: 'Filter', ValueFormat: '0.0%',
      Tabs: { DefaultTab: 'region', region: { Name: 'Regions', DataSource: 'data' }, channel: { Name: 'Channels', DataSource: 'dataChannel' } },
      Query: { kind: 'breakdown', measure: 'nps', axisKey: 'Region' },
      ExtraSeries: { dataChannel: { kind: 'breakdown', measure: 'nps', axisKey: 'Channel' } },
    },
  },
  { name: 'g-multi-gauge', width: 6, height: 3, template: 'MultiGauge', templateBindings: { Header: 'NPS by region', ClickBehaviour: 'Filter', Query: { kind: 'breakdown', measure: 'nps', axisKey: 'Region' } } },
  { name: 'g-area', width: 6, height: 3, template: 'StackedArea', templateBindings: { Header: 'Responses over time by channel', SubHeader: 'DataPeriod', Query: { kind: 'trend', measure: 'responses', seriesKey: 'Channel' } } },
  {
    name: 'g-radar', width: 6, height: 4, template: 'Radar',
    templateBindings: { Header: 'NPS groups by channel', ClickBehaviour: 'Filter', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup' } },
  },
  {
    name: 'g-clustered', width: 6, height: 4, template: 'ClusteredBar',
    templateBindings: { Header: 'NPS groups by segment', ClickBehaviour: 'Filter', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Segment', seriesKey: 'NPSGroup' } },
  },
  { name: 'g-text-count', width: 4, height: 3, template: 'TextCountList', templateBindings: { Header: 'Responses by segment', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Segment' } } },
  { name: 'g-multi-count', width: 4, height: 3, template: 'MultiCountList', templateBindings: { Header: 'Responses by channel', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel' } } },
  {
    name: 'g-bar-stack', width: 4, height: 3, template: 'SingleBarStack',
    templateBindings: { Header: 'NPS groups', HeroLabel: 'promoters', ClickBehaviour: 'Filter', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'NPSGroup' } },
  },
  {
    name: 'g-column-stack', width: 6, height: 3, template: 'SingleAxisStackedBar',
    templateBindings: { Header: 'Responses by channel and NPS group', ClickBehaviour: 'Filter', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup' } },
  },
  {
    name: 'g-column-line', width: 6, height: 3, template: 'StackedColumnWithLine',
    templateBindings: {
      Header: 'Responses and star rating by NPS group', ClickBehaviour: 'Filter', LineFormat: '0.00',
      AxisValueMapping: { Promoter: 'promoter', Neutral: 'neutral', Detractor: 'detractor' },
      Query: { kind: 'table', rowKey: 'NPSGroup', measures: ['responses', 'stars'] },
    },
  },
  {
    name: 'g-multi-axes', width: 6, height: 3, template: 'MultiAxesLine',
    templateBindings: {
      Header: 'NPS and responses over time', SubHeader: 'DataPeriod',
      Axes: [{ Series: 'data', Format: '0.0%' }, { Series: 'dataSecond', Format: ',d' }],
      Query: { kind: 'trend', measure: 'nps' },
      ExtraSeries: { dataSecond: { kind: 'trend', measure: 'responses' } },
    },
  },
  {
    name: 'g-touchpoints', width: 6, height: 3, template: 'TouchpointChart',
    templateBindings: {
      Header: 'NPS along the journey', ValueFormat: '0%', YAxisFormat: '0%',
      // Kiosk has no responses yet: it shows the hollow 'No Data Available' marker.
      Touchpoints: { Online: 'nps', 'Mobile app': 'nps', 'Click & collect': 'nps', Kiosk: 'nps', 'In-store': 'nps', 'Call centre': 'nps' },
      Query: { kind: 'breakdown', measure: 'nps', axisKey: 'Channel' },
    },
  },
  {
    name: 'g-image', width: 3, height: 2, template: 'Image',
    templateBindings: { Header: 'Promoters', ImageUrl: '/elements/icons/promoter.svg', AltText: 'A smiling face: promoters', NoDataCategory: 'AlwaysShowVisual', Query: { kind: 'kpi', measure: 'responses' } },
  },
  {
    name: 'g-bar-icons', width: 6, height: 3, template: 'StackedBarWithIconBar',
    templateBindings: {
      Header: 'NPS groups and star rating by channel', ClickBehaviour: 'Filter', ...GROUP_SERIES,
      Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup' },
      ExtraSeries: { dataIcons: { kind: 'breakdown', measure: 'stars', axisKey: 'Channel' } },
    },
  },
  {
    name: 'g-bar-gauges', width: 6, height: 3, template: 'StackedBarWithGauge',
    templateBindings: {
      Header: 'NPS groups and NPS by channel', ClickBehaviour: 'Filter', SortMode: 'aZ', ...GROUP_SERIES,
      Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup' },
      ExtraSeries: { dataGauge: { kind: 'breakdown', measure: 'nps', axisKey: 'Channel' } },
    },
  },
  {
    name: 'g-grouped-table', width: 6, height: 4, template: 'TableWithGroupedMeasures',
    templateBindings: {
      Header: 'Regions and channels', MeasureGroups: [{ Key: 'responses', Header: 'Responses', Format: '0' }, { Key: 'nps', Header: 'NPS', Format: '0%' }],
      Tabs: { DefaultTab: 'regions', regions: { Name: 'Regions', DataSource: 'data' }, channels: { Name: 'Channels', DataSource: 'dataChannel' } },
      Query: { kind: 'table', rowKey: 'Region', measures: ['responses', 'nps'] },
      ExtraSeries: { dataChannel: { kind: 'table', rowKey: 'Channel', measures: ['responses', 'nps'] } },
    },
  },
  { name: 'g-journey', width: 6, height: 2, template: 'JourneyMapLineChart', templateBindings: { Header: 'NPS along the journey, day by day', Query: { kind: 'trend', measure: 'nps', seriesKey: 'Channel' } } },
  {
    name: 'g-mini-gauge', width: 4, height: 2, template: 'MiniLineWithGauge',
    templateBindings: { Header: 'NPS and its trend', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'nps' }, ExtraSeries: { dataLine: { kind: 'trend', measure: 'nps' } } },
  },
  {
    name: 'g-mini-hero', width: 4, height: 2, template: 'MiniLineWithHero',
    templateBindings: { Header: 'Responses and their trend', ValueFormat: ',d', DeltaType: 'PercentageDelta', Query: { kind: 'kpi', measure: 'responses' }, ExtraSeries: { dataLine: { kind: 'trend', measure: 'responses' } } },
  },
  {
    name: 'g-mini-icons', width: 4, height: 2, template: 'MiniLineWithIconBar',
    templateBindings: { Header: 'Star rating and its trend', ValueFormat: '0.0', Query: { kind: 'kpi', measure: 'stars' }, ExtraSeries: { dataLine: { kind: 'trend', measure: 'stars' } } },
  },
  {
    name: 'g-multi-bar', width: 6, height: 3, template: 'MultiBarStackWithHero',
    templateBindings: { Header: 'Promoters by segment', ClickBehaviour: 'Filter', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Segment', seriesKey: 'NPSGroup' } },
  },
  { name: 'g-line', width: 12, height: 2, template: 'Line', templateBindings: { Header: 'NPS over time', SubHeader: 'DataPeriod', Query: { kind: 'trend', measure: 'nps' } } },
];

const byName = (defs: VisualDefinition[], names: string[]) => names.map((n) => defs.find((d) => d.name === n)!);

/** The Reviews dashboard (spec part 3 "Dashboard tiles"): the review tiles and charts of the reviews. */
const REVIEWS: VisualDefinition[] = [
  { name: 'review-ratings', width: 4, height: 3, template: 'ReviewRatings', templateBindings: { Header: 'Review ratings', ClickBehaviour: 'Filter', Query: { kind: 'review', tile: 'ReviewRatings' } } },
  { name: 'review-replies', width: 4, height: 3, template: 'ReviewReplies', templateBindings: { Header: 'Review replies', Query: { kind: 'review', tile: 'ReviewReplies' } } },
  { name: 'review-updates', width: 4, height: 3, template: 'ReviewUpdates', templateBindings: { Header: 'Review updates', Query: { kind: 'review', tile: 'ReviewUpdates' } } },
  { name: 'review-feed', width: 8, height: 8, template: 'ReviewFeed', templateBindings: { Header: 'Review feed', Query: { kind: 'review', tile: 'ReviewFeed', pageSize: 10 } } },
  { name: 'like-for-like', width: 4, height: 4, template: 'LikeForLikeReport', templateBindings: { Header: 'Like-for-like stores', Query: { kind: 'review', tile: 'LikeForLikeReport' } } },
  {
    name: 'review-stars-trend', width: 4, height: 4, template: 'Line',
    templateBindings: { Header: 'Average rating over time', SubHeader: 'DataPeriod', YFormat: '.2f', YMin: 1, YMax: 5, Query: { kind: 'trend', measure: 'stars' } },
  },
  {
    name: 'reviews-by-stars', width: 6, height: 3, template: 'Donut',
    templateBindings: { Header: 'Reviews by stars', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Stars' } },
  },
  {
    name: 'reviews-by-region', width: 6, height: 3, template: 'ClusteredBar',
    templateBindings: { Header: 'Average rating by region', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', ValueFormat: '0.0', Query: { kind: 'breakdown', measure: 'stars', axisKey: 'Region' } },
  },
];

/** Portal feedback (the feedback widget's answers): what colleagues think of the portal itself. */
const PORTAL_FEEDBACK: VisualDefinition[] = [
  { name: 'feedback-nps', width: 4, height: 2, template: 'Gauge', templateBindings: { Header: 'Portal NPS', SubHeader: 'DataPeriod', DeltaType: 'PointChange', Query: { kind: 'kpi', measure: 'nps' } } },
  {
    name: 'feedback-groups', width: 4, height: 2, template: 'Donut',
    templateBindings: { Header: 'NPS groups', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', ...GROUP_SERIES, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'NPSGroup' } },
  },
  {
    name: 'feedback-status', width: 4, height: 2, template: 'Donut',
    templateBindings: { Header: 'Completed and partial answers', ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Status' } },
  },
  { name: 'feedback-trend', width: 6, height: 3, template: 'Line', templateBindings: { Header: 'Portal NPS over time', SubHeader: 'DataPeriod', Query: { kind: 'trend', measure: 'nps' } } },
  {
    name: 'feedback-comments', width: 6, height: 4, template: 'OrderedListComments',
    templateBindings: {
      Header: 'Latest portal feedback',
      DisplayFields: [
        { Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: 'No comment provided', NullOrWhitespaceValueStyle: 'Italic' },
        { Field: 'Drivers', Type: 'Field', Style: 'Bold', MarginBottom: 2 },
        { Field: 'CallbackName', Type: 'Field', Style: 'Plain' },
        { Field: 'FeedbackDate', Type: 'Field', Style: 'Plain' },
      ],
      IconField: 'NPSGroup',
      Query: { kind: 'comments', fields: ['Verbatim', 'Drivers', 'CallbackName', 'FeedbackDate', 'NPS', 'NPSGroup'], limit: 20 },
    },
  },
];

export const SEEDED_DASHBOARDS = [
  {
    id: 'overview', name: 'Overview', description: 'NPS, star rating and channels at a glance, by region and store, with the latest comments.', moduleId: 'responses',
    definition: {
      breadcrumb: { name: 'Overview', templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name: 'Overview' }] } },
      definitions: OVERVIEW,
      layouts: {
        Default: flow(OVERVIEW),
        // The comments first, for people who read before they count.
        'Comments first': flow(byName(OVERVIEW, ['comments', 'store-table', 'nps', 'stars', 'channel-share', 'nps-trend', 'nps-mix-by-channel'])),
      },
    },
  },
  {
    id: 'gallery', name: 'Visual gallery', description: 'Every chart and table the dashboards can show, on the survey responses.', moduleId: 'responses',
    definition: {
      breadcrumb: { name: 'Visual gallery', templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name: 'Visual gallery' }] } },
      definitions: GALLERY,
      layouts: { Default: flow(GALLERY) },
    },
  },
  {
    id: 'social', name: 'Reviews', description: 'Public reviews: ratings, replies, the review feed and like-for-like stores.', moduleId: 'reviews',
    definition: {
      breadcrumb: { name: 'Reviews', templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name: 'Reviews' }] } },
      definitions: REVIEWS,
      layouts: { Default: flow(REVIEWS) },
    },
  },
  {
    id: 'portal-feedback', name: 'Portal feedback', description: 'What colleagues say about the portal in the feedback widget.', moduleId: 'portal-feedback',
    definition: {
      breadcrumb: { name: 'Portal feedback', templateBindings: { path: [{ name: 'Administration', url: '/home' }, { name: 'Portal feedback' }] } },
      definitions: PORTAL_FEEDBACK,
      layouts: { Default: flow(PORTAL_FEEDBACK) },
    },
  },
  {
    id: 'drivers', name: 'Drivers', description: 'What drives the score: price, availability, service and information.', moduleId: 'responses',
    definition: {
      breadcrumb: { name: 'Drivers', templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name: 'Drivers' }] } },
      definitions: DRIVERS,
      layouts: { Default: flow(DRIVERS) },
    },
  },
];

export async function seedDashboards(db: Db, now: Date): Promise<void> {
  // The portal's own dashboards: published (version 1) for everyone with a dashboard role.
  await db.insertMany('dashboards', ['dashboard_id', 'name', 'module_id', 'definition', 'description', 'updated_at', 'everyone', 'published_version'], SEEDED_DASHBOARDS.map((d) => [d.id, d.name, d.moduleId, JSON.stringify(d.definition), d.description, now, true, 1]));
}
