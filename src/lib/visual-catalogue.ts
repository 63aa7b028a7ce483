import { TILE_TYPES, type MeasureKey, type VisualDefinition, type VisualQuery, type VisualType } from '../api/visual-types';
import type { BuilderFields } from '../api/dashboard-builder';
import { displayOptionsOf, type DisplayOption } from './visual-options';
import { STARTERS, type Starter } from './visual-starters';
import { measureParts } from './visual-roles';
import type { Words } from './visual-words';

export { measureChoices, measureName } from './visual-roles';
export type { DisplayOption } from './visual-options';

/**
 * The visual catalogue (issue 46): for every tile type, what it answers, the queries it draws, a
 * working first definition from a source's roles and the settings its form offers. Pure: the
 * builder's gallery and settings use it, and the server refuses a template with a query it does not draw.
 */

export const VISUAL_GROUPS = ['score', 'trend', 'breakdown', 'comparison', 'comments', 'reviews'] as const;
export type VisualGroup = (typeof VISUAL_GROUPS)[number];
export type QueryKind = VisualQuery['kind'];

/**
 * Query settings a tile's form offers: `measure` (or `measures` of a table), `by` (a breakdown's
 * axisKey, a table's rowKey), `series` (seriesKey: stacks, lines), `bucket` (time by day, week,
 * month), `compare`, `top` and `others`, `sort`; a comment list's `fields` and `limit`.
 */
export type QuerySetting = 'measure' | 'measures' | 'by' | 'series' | 'bucket' | 'compare' | 'top' | 'others' | 'sort' | 'fields' | 'limit';

export interface VisualSettings {
  query: QuerySetting[];
  display: DisplayOption[];
}

export interface CatalogueEntry {
  group: VisualGroup;
  /** The query kinds its Query may be (ExtraSeries excepted). */
  queries: readonly QueryKind[];
  starter: Starter;
}

const KPI: QuerySetting[] = ['measure', 'compare'];
const TREND: QuerySetting[] = ['measure', 'bucket', 'compare'];
const CATEGORIES: QuerySetting[] = ['measure', 'by', 'compare', 'top', 'others', 'sort'];
const STACKS: QuerySetting[] = ['by', 'series', 'compare', 'top', 'others', 'sort'];
const TABLE: QuerySetting[] = ['measures', 'by', 'compare', 'top', 'others', 'sort'];

/** Each tile type: its group, the query kind its Query is, the query settings its form offers. */
const ENTRIES: Record<VisualType, [VisualGroup, QueryKind, QuerySetting[]]> = {
  Gauge: ['score', 'kpi', KPI],
  HeroText: ['score', 'kpi', KPI],
  StarRatingChart: ['score', 'kpi', ['compare']],
  Image: ['score', 'kpi', []],
  MultiLineChart: ['trend', 'trend', [...TREND, 'series']],
  Line: ['trend', 'trend', TREND],
  StackedArea: ['trend', 'trend', ['series', 'bucket', 'compare']],
  MultiAxesLine: ['trend', 'trend', TREND],
  JourneyMapLineChart: ['trend', 'trend', [...TREND, 'series']],
  MiniLineWithGauge: ['trend', 'kpi', KPI],
  MiniLineWithHero: ['trend', 'kpi', KPI],
  MiniLineWithIconBar: ['trend', 'kpi', ['compare']],
  Donut: ['breakdown', 'breakdown', CATEGORIES],
  PillFilterChart: ['breakdown', 'breakdown', CATEGORIES],
  TextCountList: ['breakdown', 'breakdown', CATEGORIES],
  MultiCountList: ['breakdown', 'breakdown', CATEGORIES],
  SingleBarStack: ['breakdown', 'breakdown', CATEGORIES],
  StackedBar: ['breakdown', 'breakdown', STACKS],
  SingleAxisStackedBar: ['breakdown', 'breakdown', STACKS],
  MultiBarStackWithHero: ['breakdown', 'breakdown', STACKS],
  StackedBarWithIconBar: ['breakdown', 'breakdown', STACKS],
  StackedBarWithGauge: ['breakdown', 'breakdown', STACKS],
  Radar: ['comparison', 'breakdown', STACKS],
  ClusteredBar: ['comparison', 'breakdown', [...CATEGORIES, 'series']],
  MultiGauge: ['comparison', 'breakdown', CATEGORIES],
  TouchpointChart: ['comparison', 'breakdown', CATEGORIES],
  TableWithDeltaColumns: ['comparison', 'table', TABLE],
  TableWithGroupedMeasures: ['comparison', 'table', TABLE],
  StackedColumnWithLine: ['comparison', 'table', ['by', 'compare', 'top', 'others', 'sort']],
  OrderedListComments: ['comments', 'comments', ['fields', 'limit']],
  ReviewRatings: ['reviews', 'review', []],
  ReviewReplies: ['reviews', 'review', []],
  ReviewUpdates: ['reviews', 'review', []],
  ReviewFeed: ['reviews', 'review', []],
  LikeForLikeReport: ['reviews', 'review', []],
  // Its figures come from the topics' impact (GET /api/datasources/{id}/topics/impact); the query is the score it reads.
  TopicImpact: ['comments', 'kpi', []],
};

export const VISUAL_CATALOGUE = {} as Record<VisualType, CatalogueEntry>;
for (const type of TILE_TYPES) VISUAL_CATALOGUE[type] = { group: ENTRIES[type][0], queries: [ENTRIES[type][1]], starter: STARTERS[type] };

/** The tile types in the gallery's order, by group. */
export const visualsIn = (group: VisualGroup): VisualType[] => TILE_TYPES.filter((t) => VISUAL_CATALOGUE[t].group === group);

/** Whether a tile of this type draws a query of this kind (unknown types draw none). */
export const acceptsQuery = (type: string, kind: string): boolean => Object.hasOwn(VISUAL_CATALOGUE, type) && (VISUAL_CATALOGUE[type as VisualType].queries as readonly string[]).includes(kind);

/** A working first tile of this type on the source, named `name`, titled in `words` (English by default); null when the source cannot feed it. */
export const starterOf = (type: VisualType, fields: BuilderFields, name: string, words?: Words): VisualDefinition | null => VISUAL_CATALOGUE[type].starter(fields, name, words);

/** The settings a tile's form offers: the query's, then the visual's display options with their choices. */
export const settingsOf = (type: VisualType): VisualSettings => ({ query: ENTRIES[type][2], display: displayOptionsOf(type) });

/** The column keys a query reads (dimensions, measures' columns, comment fields, tab filters). */
function keysOf(q: VisualQuery): string[] {
  const measureKeys = (ms: MeasureKey[]) => ms.flatMap((m) => measureParts(m).column ?? []);
  switch (q.kind) {
    case 'kpi':
      return measureKeys([q.measure]);
    case 'trend':
      return [...measureKeys([q.measure]), ...(q.seriesKey ? [q.seriesKey] : [])];
    case 'breakdown':
      return [...measureKeys([q.measure]), q.axisKey, ...(q.seriesKey ? [q.seriesKey] : [])];
    case 'table':
      return [...measureKeys(q.measures), q.rowKey];
    case 'comments':
      return [...q.fields, ...(q.tabs ?? []).map((t) => t.filterKey)];
    case 'review':
      return [];
  }
}

/** The score kinds a measure needs, by name, for the message of a source without them. */
const SCORE_NEEDS: Record<string, { kinds: string[]; words: string }> = {
  nps: { kinds: ['NPS'], words: 'an NPS score' },
  stars: { kinds: ['Rating', 'CSAT', 'CES'], words: 'a rating, CSAT or CES score' },
  netSentiment: { kinds: ['Sentiment'], words: 'a sentiment' },
};

/**
 * What in a tile no longer fits its source (a column gone, a score missing, a review tile on
 * another source): one message per problem, empty when it fits ("setting that no longer fits").
 */
export function fitsSource(def: VisualDefinition, fields: BuilderFields): string[] {
  const b = def.templateBindings;
  const queries = [b.Query, ...Object.values(b.ExtraSeries ?? {})];
  const keys = new Set(fields.fields.map((f) => f.key.toLowerCase()));
  const named = [
    ...queries.flatMap(keysOf),
    ...(b.Filters ?? []).map((f) => f.filterKey),
    ...(Array.isArray(b.DisplayFields) ? b.DisplayFields.map((f: { Field?: unknown }) => f.Field).filter((f): f is string => typeof f === 'string') : []),
  ].filter((k) => k.toLowerCase() !== fields.dateKey.toLowerCase());
  const problems = [...new Set(named.filter((k) => !keys.has(k.toLowerCase())))].map((k) => `This tile reads "${k}", which the data source no longer has.`);
  const measures = queries.flatMap((q) => (q.kind === 'table' ? q.measures : 'measure' in q ? [q.measure] : []));
  for (const m of new Set(measures)) {
    const need = SCORE_NEEDS[m];
    if (need && !fields.fields.some((f) => f.role === 'score' && f.score && need.kinds.includes(f.score.kind))) problems.push(`This tile measures "${m}", which needs ${need.words}; the data source has none.`);
  }
  if (b.Query.kind === 'review' && !fields.reviews) problems.push('This tile shows reviews; the data source holds none.');
  return problems;
}
