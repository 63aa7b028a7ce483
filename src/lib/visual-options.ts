import type { VisualType } from '../api/visual-types';

/**
 * The display options each visual offers in the builder's settings, with their choices and the
 * visual's own defaults (spec part 3 "Visual library defaults"; the values each visual reads with
 * `setting()` under src/visuals/). Nested settings (a table's columns) stay in the JSON view.
 */

export interface DisplayOption {
  /** The templateBindings key. */
  key: string;
  kind: 'choice' | 'boolean' | 'number' | 'format' | 'text';
  /** The values a choice (or a format) offers. */
  choices?: readonly string[];
  default: string | number | boolean;
  min?: number;
  max?: number;
}

const choice = (key: string, choices: readonly string[], fallback: string): DisplayOption => ({ key, kind: 'choice', choices, default: fallback });
const flag = (key: string, fallback = false): DisplayOption => ({ key, kind: 'boolean', default: fallback });
const number = (key: string, fallback: number, min?: number, max?: number): DisplayOption => ({ key, kind: 'number', default: fallback, min, max });
const text = (key: string, fallback = ''): DisplayOption => ({ key, kind: 'text', default: fallback });

/** Number formats the visuals read (d3 and the portal's own '0.0%' style). */
export const FORMATS = ['0', ',d', '0.0', '0.00', '0%', '0.0%', '.2f', '.1s', '.4s'] as const;
const format = (key: string, fallback: string): DisplayOption => ({ key, kind: 'format', choices: FORMATS, default: fallback });

const DELTA_TYPE = choice('DeltaType', ['PointChange', 'PercentageDelta'], 'PointChange');
const SHOW_BLANK = flag('ShowBlank');
const CLICK = choice('ClickBehaviour', ['None', 'Filter', 'Drillthrough'], 'None');
const SELECTION = choice('SelectionMode', ['SinglePrimary', 'PrimaryAndSecondary', 'SingleSecondary', 'MultiSecondary'], 'SinglePrimary');
/** Every chart: its titles and what it shows without data (spec: ThisPeriodData by default). */
const COMMON = [text('Header'), text('SubHeader'), choice('NoDataCategory', ['AlwaysShowVisual', 'ThisPeriodData', 'LastPeriodData', 'BothPeriods'], 'ThisPeriodData')];

const GAUGE = [DELTA_TYPE, number('LowerBound', -1), number('UpperBound', 1), format('TextFormat', '0.0%'), number('Size', 40, 10, 100)];
const LINES = [format('YFormat', '0.0%'), number('LineWidth', 2, 1, 6), number('MarkerRadius', 4, 0, 10), choice('MonthOrder', ['Calendar', 'Fiscal'], 'Calendar'), SHOW_BLANK, SELECTION];
const STACKED_BAR = [CLICK, SELECTION, choice('SortOrder', ['ASC', 'DESC'], 'DESC'), choice('SortBy', ['Bar', 'Name'], 'Bar'), flag('ShowLegend'), format('SecondaryLabelFormat', '.0%'), SHOW_BLANK];
const COUNTS = [CLICK, choice('DeltaType', ['PointChange', 'PercentageDelta', 'PercentageChange'], 'PointChange'), number('TopN', 10, 1, 50), SHOW_BLANK];

const OPTIONS: Record<VisualType, DisplayOption[]> = {
  Gauge: GAUGE,
  HeroText: [format('ValueFormat', '0.0%'), DELTA_TYPE, number('HeroSize', 44, 12, 96)],
  StarRatingChart: [number('Stars', 5, 1, 10), format('HeroFormat', '0.00'), format('FooterFormat', '0')],
  Image: [text('ImageUrl'), text('AltText')],
  MultiLineChart: LINES,
  Line: LINES,
  StackedArea: [choice('NullHandling', ['TreatAsZero', 'Skip'], 'TreatAsZero'), number('FillOpacity', 60, 0, 100), text('TimeFormat', '%Y-%m-%d'), text('TooltipAlias', 'responses'), SHOW_BLANK],
  MultiAxesLine: [SHOW_BLANK],
  JourneyMapLineChart: [format('YFormat', '0.0%'), choice('LineMarkersVisibility', ['Visible', 'OnHover'], 'Visible'), SHOW_BLANK],
  MiniLineWithGauge: [DELTA_TYPE, number('LowerBound', -1), number('UpperBound', 1), format('TextFormat', '0.0%')],
  MiniLineWithHero: [format('ValueFormat', '0.0%'), DELTA_TYPE],
  MiniLineWithIconBar: [format('ValueFormat', '0.0'), number('Icons', 5, 1, 5)],
  Donut: [CLICK, SELECTION, choice('DonutMode', ['Default', 'TopN', 'GroupOther'], 'TopN'), number('TopN', 5, 1, 50), number('OthersThreshold', 0.05, 0, 1), SHOW_BLANK],
  PillFilterChart: [CLICK, format('ValueFormat', '0.0%')],
  TextCountList: COUNTS,
  MultiCountList: COUNTS,
  SingleBarStack: [CLICK, number('BarThickness', 8, 1, 40), number('StackGap', 2, 0, 10), number('Rounding', 4, 0, 20), SHOW_BLANK],
  StackedBar: STACKED_BAR,
  StackedBarWithIconBar: [...STACKED_BAR, number('Icons', 5, 1, 5)],
  StackedBarWithGauge: [...STACKED_BAR, choice('SortMode', ['aZ', 'Za', 'hide'], 'aZ'), format('GaugeFormat', '0%')],
  SingleAxisStackedBar: [CLICK, format('AxisFormat', '.1s'), format('TooltipFormat', '.4s'), number('LabelAngle', -45, -90, 90), SHOW_BLANK],
  MultiBarStackWithHero: [CLICK, SHOW_BLANK],
  Radar: [CLICK, flag('ShowScale'), number('Opacity', 0.3, 0, 1), format('ValueFormat', '0%')],
  ClusteredBar: [CLICK, SELECTION, format('ValueFormat', '0%'), SHOW_BLANK],
  MultiGauge: [CLICK, ...GAUGE, SHOW_BLANK],
  TouchpointChart: [format('ValueFormat', '0%'), format('YAxisFormat', '.4s'), SHOW_BLANK],
  TableWithDeltaColumns: [CLICK, flag('DisableSorting'), SHOW_BLANK],
  TableWithGroupedMeasures: [SHOW_BLANK],
  StackedColumnWithLine: [CLICK, format('ColumnFormat', ',d'), format('LineFormat', '0.00'), text('LineColour'), number('LineWidth', 3, 1, 10), SHOW_BLANK],
  OrderedListComments: [choice('ClickBehaviour', ['None', 'Drillthrough'], 'None'), number('LinesToShow', 5, 1, 20), flag('ClipText')],
  ReviewRatings: [choice('ClickBehaviour', ['None', 'Filter'], 'None')],
  ReviewReplies: [],
  ReviewUpdates: [],
  ReviewFeed: [],
  LikeForLikeReport: [],
  TopicImpact: [choice('ClickBehaviour', ['None', 'Filter'], 'None'), number('TopN', 12, 1, 50)],
};

/** A visual's display options: its titles and no-data rule, then its own. */
export const displayOptionsOf = (type: VisualType): DisplayOption[] => [...COMMON, ...OPTIONS[type]];
