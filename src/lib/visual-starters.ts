import type { BuilderField, BuilderFields } from '../api/dashboard-builder';
import type { MeasureKey, TemplateBindings, VisualDefinition, VisualQuery, VisualType } from '../api/visual-types';
import type { ReviewTileKind } from '../api/review-types';
import { dimensionsOf, isFraction, mainScore, measureName, measureParts, scoreField, seriesDimension, SCORE_MEASURES } from './visual-roles';
import { ENGLISH_WORDS, type Words } from './visual-words';

/**
 * A working first definition of each visual from a source's roles (as server/datasources/starter.ts
 * and the seeded dashboards draw them), its titles in `words`: null when the source cannot feed it.
 */
export type Starter = (fields: BuilderFields, name: string, words?: Words) => VisualDefinition | null;

/** What the roles give: the main score (if any), the measure to show, the breakdown's dimensions, the comment field. */
function rolesOf(fields: BuilderFields) {
  const score = mainScore(fields);
  const axis = dimensionsOf(fields)[0];
  return {
    score,
    main: (score?.key ?? 'responses') as MeasureKey,
    axis,
    series: axis ? seriesDimension(fields, axis) : undefined,
    rating: scoreField(fields, SCORE_MEASURES.stars),
    verbatim: fields.fields.find((f) => f.role === 'verbatim'),
  };
}
type Roles = ReturnType<typeof rolesOf>;

/** How a measure's value reads: a fraction as a percentage, an average with two decimals, a count whole. */
const valueFormat = (m: MeasureKey) => (isFraction(m) ? '0.0%' : m === 'responses' ? ',d' : '0.00');

/** A gauge's range: -1..1 for fractions, the rating's scale for its average. */
function gaugeBounds(r: Roles): Partial<TemplateBindings> {
  if (r.score?.key !== 'stars') return {};
  return { LowerBound: r.score.field.score?.min ?? 1, UpperBound: r.score.field.score?.max ?? 5, TextFormat: '.2f' };
}

/**
 * Colours a starter writes into a new tile's settings: the author's to change, data rather than
 * chrome (tests/unit/element-colours.test.ts allows them; the spec's delta colours among them follow the theme).
 */
const GROUP_COLOURS = { Palette: ['#0C7A59', '#8A8F98', '#C4002A', '#184B9B', '#B25E00', '#6B3FA0'] };
const DELTA_PALETTE = { AboveDelta: '#0C7A59', BelowDelta: '#C4002A' };

const tile = (name: string, template: VisualType, width: number, height: number, bindings: TemplateBindings): VisualDefinition => ({ name, template, width, height, templateBindings: bindings });
/** A title's words: a measure's name in them, and "{what} by {dimension}" with a dimension. */
const wordsOf = (w: Words, fields: BuilderFields) => ({
  w,
  name: (m: MeasureKey) => measureName(m, fields, w),
  by: (what: string, f: BuilderField | undefined) => (f ? w('starter.by', { what, by: f.name }) : what),
});
type Said = ReturnType<typeof wordsOf>;

/** A visual fed by one query shape: `make` gives its settings from the roles (titles in `s`), or null when they do not fit. */
function starter(template: VisualType, width: number, height: number, make: (r: Roles, fields: BuilderFields, s: Said) => TemplateBindings | null): Starter {
  return (fields, name, words = ENGLISH_WORDS) => {
    const bindings = make(rolesOf(fields), fields, wordsOf(words, fields));
    return bindings && tile(name, template, width, height, bindings);
  };
}

const kpi = (measure: MeasureKey): VisualQuery => ({ kind: 'kpi', measure });
const trend = (measure: MeasureKey, seriesKey?: string): VisualQuery => ({ kind: 'trend', measure, ...(seriesKey ? { seriesKey } : {}) });
const breakdown = (measure: MeasureKey, axis: BuilderField, series?: BuilderField): VisualQuery => ({ kind: 'breakdown', measure, axisKey: axis.key, ...(series ? { seriesKey: series.key } : {}) });

/** Stacked charts: the responses of each category split by a second dimension. */
const stacked = (template: VisualType, extra: (r: Roles, f: BuilderFields) => Partial<TemplateBindings> | null = () => ({})) =>
  starter(template, 6, 3, (r, f, s) => {
    if (!r.axis || !r.series) return null;
    const more = extra(r, f);
    return more && { Header: s.w('starter.byTwo', { what: s.name('responses'), by: r.axis.name, then: r.series.name }), ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', ShowLegend: true, ...GROUP_COLOURS, Query: breakdown('responses', r.axis, r.series), ...more };
  });

/** Charts of one value per category. */
const perCategory = (template: VisualType, width: number, height: number, measure: (r: Roles) => MeasureKey | null, extra: (m: MeasureKey) => Partial<TemplateBindings> = () => ({})) =>
  starter(template, width, height, (r, _f, s) => {
    const m = measure(r);
    if (!r.axis || !m) return null;
    return { Header: s.by(s.name(m), r.axis), ClickBehaviour: 'Filter', Query: breakdown(m, r.axis), ...extra(m) };
  });

const scoreOnly = (r: Roles) => r.score?.key ?? null;
const fractionScore = (r: Roles) => (r.score && isFraction(r.score.key) ? r.score.key : null);
const responses = () => 'responses' as const;

/** A delta table's columns: the responses and the main score with its change. */
function deltaColumns(m: MeasureKey, s: Said) {
  const name = s.name(m);
  return {
    TitleField: 'Name',
    TitleColumnWidth: 34,
    Columns: [
      { Header: s.name('responses'), Key: 'responses', Type: 'Number', SortingColumn: true, Sort: 'DESC' },
      ...(m === 'responses' ? [] : [{ Header: name, Key: m, Type: isFraction(m) ? 'Percentage' : 'Number', SortingColumn: true, Default: true }]),
    ],
    DeltaColumns: m === 'responses' ? [] : [{ Header: s.w('starter.change', { what: name }), Key: m, Type: 'PointChange', DeltaFrom: m, Default: true }],
  };
}

const tableMeasures = (m: MeasureKey): MeasureKey[] => (m === 'responses' ? ['responses'] : ['responses', m]);

/** A review tile: a reviews source's only (its data comes from the reviews tables, not the query engine). */
const review = (tile: ReviewTileKind, width: number, height: number, extra: Partial<TemplateBindings> = {}, pageSize?: number): Starter =>
  (fields, name, words = ENGLISH_WORDS) =>
    fields.reviews ? { name, template: tile, width, height, templateBindings: { Header: words(`types.${tile}`), ...extra, Query: { kind: 'review', tile, ...(pageSize ? { pageSize } : {}) } } } : null;

export const STARTERS: Record<VisualType, Starter> = {
  Gauge: starter('Gauge', 4, 2, (r, _f, s) => r.score && { Header: s.name(r.main), SubHeader: 'DataPeriod', DeltaType: 'PointChange', ...gaugeBounds(r), Query: kpi(r.main) }),
  HeroText: starter('HeroText', 4, 2, (r, _f, s) => ({ Header: s.name(r.main), SubHeader: 'DataPeriod', ValueFormat: valueFormat(r.main), DeltaType: 'PointChange', Query: kpi(r.main) })),
  StarRatingChart: starter('StarRatingChart', 3, 2, (r, _f, s) => (r.rating ? { Header: s.name('stars'), Stars: r.rating.score?.max ?? 5, Query: kpi('stars') } : null)),
  Image: starter('Image', 3, 2, () => ({ Header: '', ImageUrl: '/elements/icons/promoter.svg', AltText: '', NoDataCategory: 'AlwaysShowVisual', Query: kpi('responses') })),
  MultiLineChart: starter('MultiLineChart', 6, 3, (r, _f, s) => ({ Header: s.w('starter.overTime', { what: s.name(r.main) }), SubHeader: 'DataPeriod', YFormat: valueFormat(r.main), Query: trend(r.main, r.axis?.key) })),
  Line: starter('Line', 6, 2, (r, _f, s) => ({ Header: s.w('starter.overTime', { what: s.name(r.main) }), SubHeader: 'DataPeriod', YFormat: valueFormat(r.main), Query: trend(r.main) })),
  StackedArea: starter('StackedArea', 6, 3, (r, _f, s) => r.axis && { Header: s.w('starter.overTimeBy', { what: s.name('responses'), by: r.axis.name }), SubHeader: 'DataPeriod', Query: trend('responses', r.axis.key) }),
  JourneyMapLineChart: starter('JourneyMapLineChart', 6, 2, (r, _f, s) => r.axis && { Header: s.by(s.w('starter.dayByDay', { what: s.name(r.main) }), r.axis), YFormat: valueFormat(r.main), Query: trend(r.main, r.axis.key) }),
  MultiAxesLine: starter('MultiAxesLine', 6, 3, (r, _f, s) =>
    r.score && {
      Header: s.w('starter.andOverTime', { what: s.name(r.main), other: s.name('responses') }), SubHeader: 'DataPeriod',
      Axes: [{ Series: 'data', Format: valueFormat(r.main) }, { Series: 'dataSecond', Format: ',d' }],
      Query: trend(r.main), ExtraSeries: { dataSecond: trend('responses') },
    }),
  MiniLineWithGauge: starter('MiniLineWithGauge', 4, 2, (r, _f, s) => r.score && { Header: s.w('starter.andTrend', { what: s.name(r.main) }), DeltaType: 'PointChange', ...gaugeBounds(r), Query: kpi(r.main), ExtraSeries: { dataLine: trend(r.main) } }),
  MiniLineWithHero: starter('MiniLineWithHero', 4, 2, (r, _f, s) => ({ Header: s.w('starter.andTrend', { what: s.name(r.main) }), ValueFormat: valueFormat(r.main), DeltaType: 'PointChange', Query: kpi(r.main), ExtraSeries: { dataLine: trend(r.main) } })),
  MiniLineWithIconBar: starter('MiniLineWithIconBar', 4, 2, (r, _f, s) => (r.rating ? { Header: s.w('starter.andTrend', { what: s.name('stars') }), ValueFormat: '0.0', Icons: 5, Query: kpi('stars'), ExtraSeries: { dataLine: trend('stars') } } : null)),
  Donut: perCategory('Donut', 4, 3, responses, () => ({ SelectionMode: 'SinglePrimary' })),
  PillFilterChart: perCategory('PillFilterChart', 6, 2, (r) => r.main, (m) => ({ ValueFormat: valueFormat(m) })),
  TextCountList: perCategory('TextCountList', 4, 3, responses),
  MultiCountList: perCategory('MultiCountList', 4, 3, responses),
  SingleBarStack: starter('SingleBarStack', 4, 3, (r, _f, s) => {
    const d = r.series ?? r.axis;
    return d ? { Header: s.by(s.name('responses'), d), ClickBehaviour: 'Filter', ...GROUP_COLOURS, Query: breakdown('responses', d) } : null;
  }),
  TouchpointChart: perCategory('TouchpointChart', 6, 3, (r) => r.main, (m) => ({ ValueFormat: isFraction(m) ? '0%' : valueFormat(m), YAxisFormat: isFraction(m) ? '0%' : '.4s' })),
  MultiGauge: perCategory('MultiGauge', 6, 3, scoreOnly),
  ClusteredBar: perCategory('ClusteredBar', 6, 3, (r) => r.main, (m) => ({ SelectionMode: 'SinglePrimary', ValueFormat: isFraction(m) ? '0%' : valueFormat(m) })),
  StackedBar: stacked('StackedBar'),
  Radar: stacked('Radar'),
  SingleAxisStackedBar: stacked('SingleAxisStackedBar'),
  MultiBarStackWithHero: stacked('MultiBarStackWithHero'),
  StackedBarWithIconBar: stacked('StackedBarWithIconBar', (r) => r.rating && r.axis ? { ExtraSeries: { dataIcons: breakdown('stars', r.axis) } } : null),
  StackedBarWithGauge: stacked('StackedBarWithGauge', (r) => {
    const m = fractionScore(r);
    return m && r.axis ? { SortMode: 'aZ', ExtraSeries: { dataGauge: breakdown(m, r.axis) } } : null;
  }),
  TableWithDeltaColumns: starter('TableWithDeltaColumns', 6, 4, (r, _f, s) => {
    if (!r.axis) return null;
    return {
      Header: s.by(s.name(r.main), r.axis), SubHeader: 'DataPeriod', ClickBehaviour: 'Filter', ColumnConfiguration: deltaColumns(r.main, s),
      DataFormat: { DecimalPlaces: r.main === 'stars' ? 2 : 0, DeltaThreshold: 0, ColorPalette: { ...DELTA_PALETTE } },
      Query: { kind: 'table', rowKey: r.axis.key, measures: tableMeasures(r.main) },
    };
  }),
  TableWithGroupedMeasures: starter('TableWithGroupedMeasures', 6, 4, (r, _f, s) =>
    r.axis && {
      Header: s.by(s.name(r.main), r.axis),
      MeasureGroups: tableMeasures(r.main).map((m) => ({ Key: m, Header: s.name(m), Format: m === 'responses' ? '0' : isFraction(m) ? '0%' : '0.00' })),
      Query: { kind: 'table', rowKey: r.axis.key, measures: tableMeasures(r.main) },
    }),
  StackedColumnWithLine: starter('StackedColumnWithLine', 6, 3, (r, _f, s) => {
    const row = r.series ?? r.axis;
    return r.score && row ? { Header: s.by(s.w('starter.and', { what: s.name('responses'), other: s.name(r.main) }), row), ClickBehaviour: 'Filter', LineFormat: valueFormat(r.main), Query: { kind: 'table', rowKey: row.key, measures: ['responses', r.main] } } : null;
  }),
  OrderedListComments: starter('OrderedListComments', 6, 4, (r, f, s) => {
    if (!r.verbatim) return null;
    const fields = [...new Set([r.verbatim.key, ...(r.axis ? [r.axis.key] : []), f.dateKey, ...(r.score ? [r.score.field.key] : [])])];
    return {
      Header: s.w('starter.latestComments'),
      DisplayFields: [
        { Field: r.verbatim.key, Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: s.w('starter.noComment'), NullOrWhitespaceValueStyle: 'Italic' },
        ...(r.axis ? [{ Field: r.axis.key, Type: 'Field', Style: 'Bold', MarginBottom: 2 }] : []),
        { Field: f.dateKey, Type: 'Field', Style: 'Plain' },
      ],
      Query: { kind: 'comments', fields, limit: 20 },
    };
  }),
  ReviewRatings: review('ReviewRatings', 4, 3, { ClickBehaviour: 'Filter' }),
  ReviewReplies: review('ReviewReplies', 4, 3),
  ReviewUpdates: review('ReviewUpdates', 4, 3),
  ReviewFeed: review('ReviewFeed', 8, 8, {}, 10),
  LikeForLikeReport: review('LikeForLikeReport', 4, 4),
  // Topics ranked by how far they move the score: a source with a verbatim and an NPS or a rating.
  TopicImpact: starter('TopicImpact', 6, 4, (r, _f, s) => (r.verbatim && (r.score?.key === 'nps' || r.score?.key === 'stars') ? { Header: s.w('starter.topicImpact'), ClickBehaviour: 'Filter', TopN: 12, Query: kpi(r.score.key) } : null)),
};

/** The number formats a tile may carry; each reads the measure's values. */
const GAUGES = new Set<VisualType>(['Gauge', 'MiniLineWithGauge']);
const FORMAT_KEYS = ['ValueFormat', 'YFormat', 'LineFormat'] as const;

/**
 * The display settings that follow a tile's measure when it changes from `from` to `to`: its number
 * formats, a gauge's range (a fraction's default -1..1, else the column's scale) and a title that
 * still names the old measure (in `words`). A count on a 0-10 scale in "0.0%" would read 300.0%.
 */
export function followMeasure(definition: VisualDefinition, from: MeasureKey, to: MeasureKey, fields: BuilderFields, words: Words = ENGLISH_WORDS): TemplateBindings {
  const next: TemplateBindings = { ...definition.templateBindings };
  for (const key of FORMAT_KEYS) if (typeof next[key] === 'string') next[key] = valueFormat(to);
  if (GAUGES.has(definition.template)) {
    // Undefined, not deleted: the settings panel merges the change into the tile's settings and drops undefined keys.
    Object.assign(next, { LowerBound: undefined, UpperBound: undefined, TextFormat: undefined });
    const column = fields.fields.find((f) => f.key === measureParts(to).column) ?? (to === 'stars' ? scoreField(fields, SCORE_MEASURES.stars) : undefined);
    if (!isFraction(to) && to !== 'responses') Object.assign(next, { LowerBound: column?.score?.min ?? 1, UpperBound: column?.score?.max ?? 5, TextFormat: '.2f' });
  }
  // Named in the words the tile was made in: a German title names "Antworten", not "Responses".
  const [before, after] = [measureName(from, fields, words), measureName(to, fields, words)];
  if (typeof next.Header === 'string' && next.Header.includes(before)) next.Header = next.Header.replace(before, after);
  return next;
}
