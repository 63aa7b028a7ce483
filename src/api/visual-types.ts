import { REVIEW_TILE_KINDS, type ReviewTileData, type ReviewTileKind } from './review-types';

/** The dashboard and visual contract of spec part 2 section 3 and part 3 "Chart data and settings", shared by client and server. */

/** A data row; ordered-list rows also carry the fields their settings name. */
export interface DataRow {
  Name: string;
  Key: string;
  Val: number | null;
  ValForDelta?: number | null;
  [field: string]: string | number | null | undefined;
}

export interface ContentEntry {
  Name: string;
  key: string;
  data: DataRow[];
}

export interface PeriodBounds {
  startDateTime: string;
  endDateTime: string;
}

export interface Series {
  key: string;
  /** The smart filter a click on a category adds. */
  filterKey: string;
  /** The smart filter a click on a series (stack, line) adds. */
  seriesFilterKey?: string;
  content: ContentEntry[];
  currentRecordCount: number;
  previousRecordCount: number;
  currentPeriod: PeriodBounds;
  previousPeriod: PeriodBounds;
}

export interface TextContent {
  content: string;
}

/** One block of a visual: texts plus named series (`data`, and one per tab data source such as `dataDetractors`); a review tile's data instead. */
export type Block = { header: TextContent; subHeader: TextContent; heroLabel: TextContent; review?: ReviewTileData } & { [series: `data${string}`]: Series | undefined };

export const VISUAL_TYPES = [
  'Gauge', 'MultiLineChart', 'StackedBar', 'Donut', 'TableWithDeltaColumns', 'OrderedListComments',
  'StarRatingChart', 'PillFilterChart', 'HeroText', 'MultiGauge', 'StackedArea', 'Radar', 'TextCountList', 'MultiCountList', 'ClusteredBar', 'Line', 'SingleBarStack',
  'SingleAxisStackedBar', 'StackedColumnWithLine', 'MultiAxesLine', 'TouchpointChart', 'Image',
  'StackedBarWithIconBar', 'StackedBarWithGauge', 'TableWithGroupedMeasures', 'JourneyMapLineChart', 'MiniLineWithGauge', 'MiniLineWithHero', 'MiniLineWithIconBar', 'MultiBarStackWithHero',
] as const;
/** The chart and table visuals of the library (every module's dashboards may use them). */
export type ChartType = (typeof VISUAL_TYPES)[number];
/** Tiles of what customers wrote (issue 49): their data comes from the text analysis, not the query engine. */
export const TEXT_TILE_KINDS = ['TopicImpact'] as const;
export type TextTileKind = (typeof TEXT_TILE_KINDS)[number];
/** Every tile a dashboard may hold: the library's visuals, the review area's tiles (reviews modules only) and the text tiles. */
export const TILE_TYPES = [...VISUAL_TYPES, ...REVIEW_TILE_KINDS, ...TEXT_TILE_KINDS] as const;
export type VisualType = ChartType | ReviewTileKind | TextTileKind;

/** NPS, the average rating and net sentiment read the data source's score of that kind (by role); responses count rows. */
export const MEASURE_KEYS = ['nps', 'stars', 'responses', 'netSentiment'] as const;
/**
 * What a tile measures: one of MEASURE_KEYS, the average of a Number column (`average:Spend`), or
 * the share (0..1) of rows whose dimension holds a value (`share:Channel=Online`; the value is
 * everything after the first `=`).
 */
export type MeasureKey = (typeof MEASURE_KEYS)[number] | `average:${string}` | `share:${string}=${string}`;

/** Time buckets of a trend (default: by the period's length). */
export const TREND_BUCKETS = ['day', 'week', 'month'] as const;
export type TrendBucket = (typeof TREND_BUCKETS)[number];
/** What the previous-period values (ValForDelta) are: the period just before (default) or the same period a year back. */
export const COMPARE_WITH = ['previous', 'lastYear'] as const;
export type CompareWith = (typeof COMPARE_WITH)[number];
/** Order of a breakdown's categories or a table's rows: by value (the table's first measure) or by name (default; by value, highest first, when `top` is set). */
export const CATEGORY_SORTS = ['value-desc', 'value-asc', 'name'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
/** The most categories `top` keeps. */
export const MAX_TOP = 50;
/** The key of the "Others" entry (the rest of the categories summed): no category's, so never a value to filter by. */
export const OTHERS_KEY = '__others__';
/** The most points a trend draws (its buckets in the current period): a longer one is a 400. */
export const MAX_TREND_POINTS = 400;

/** Top N categories (1..MAX_TOP) after sorting, the rest as one "Others" row when `others`. */
export interface CategoryOptions {
  top?: number;
  others?: boolean;
  sort?: CategorySort;
}

/** What the server computes for a visual (kept in its templateBindings). */
export type VisualQuery =
  | { kind: 'kpi'; measure: MeasureKey; compare?: CompareWith }
  | { kind: 'trend'; measure: MeasureKey; seriesKey?: string; bucket?: TrendBucket; compare?: CompareWith }
  | ({ kind: 'breakdown'; measure: MeasureKey; axisKey: string; seriesKey?: string; compare?: CompareWith } & CategoryOptions)
  | ({ kind: 'table'; rowKey: string; measures: MeasureKey[]; compare?: CompareWith } & CategoryOptions)
  | { kind: 'comments'; fields: string[]; limit: number; tabs?: Array<{ key: string; filterKey: string; filterValue: string }> }
  /** A review tile's data, by the tile (the feed: a page of `pageSize` cards). */
  | { kind: 'review'; tile: ReviewTileKind; pageSize?: number };

/** Settings of a visual: common keys plus the visual's own (spec part 3 "Visual library defaults"). */
export interface TemplateBindings {
  Header?: string;
  /** Text, or 'DataPeriod' for the current and previous data-period text. */
  SubHeader?: string;
  ClickBehaviour?: 'None' | 'Filter' | 'Drillthrough';
  SelectionMode?: 'SinglePrimary' | 'PrimaryAndSecondary' | 'SingleSecondary' | 'MultiSecondary';
  NoDataCategory?: 'AlwaysShowVisual' | 'ThisPeriodData' | 'LastPeriodData' | 'BothPeriods';
  ShowBlank?: boolean;
  Query: VisualQuery;
  /** More named series for tabs (`dataRegion`: its own query). */
  ExtraSeries?: Record<`data${string}`, VisualQuery>;
  /** Fixed filters of the visual, added to the user's (e.g. detractors only). */
  Filters?: Array<{ filterKey: string; filterValue: string | number }>;
  [setting: string]: unknown;
}

export interface VisualDefinition {
  name: string;
  width: number;
  height: number;
  template: VisualType;
  templateBindings: TemplateBindings;
  secondaryTemplateBindings?: Partial<TemplateBindings>;
}

/** A tile's place in the 12-column grid, in grid units. */
export interface LayoutItem {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface VisualItem {
  name: string;
  template: VisualType;
  totalRecordCount: number;
  primary: Block;
  secondary?: Block;
}

export interface Breadcrumb {
  name: string;
  templateBindings: { path: Array<{ name: string; url?: string }> };
}

/** The answer of POST /api/dataviz/visuals/{dashboardId}/{layout}. */
export interface VisualsResponse {
  dashboardId: string;
  moduleId: string;
  breadcrumb: Breadcrumb;
  definitions: VisualDefinition[];
  layout: LayoutItem[];
  /** The named layouts a user can choose; the first is 'Default'. */
  layouts: string[];
  /** The layouts' names to show, in the request's language, by key. */
  layoutLabels?: Record<string, string>;
  layoutName: string;
  token: string;
  settings: { dateKey: string; filterTags: string[] };
  advancedLayout: { rowMargins: number[]; layoutGroups: string[][] };
  layoutFilter: null;
  hasRecordsToDisplay: boolean;
  totalRecordCount: number;
  visuals: VisualItem[];
}

/** The answer of POST /api/dashboard/visuals/{moduleId}/{visualKey}: one visual with its definition. */
export interface SingleVisualResponse extends VisualItem {
  definition: VisualDefinition;
  dateKey: string;
}
