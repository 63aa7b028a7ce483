import type { ComponentType } from 'react';
import type { VisualType } from '../../api/visual-types';
import type { VisualProps } from '../common/visual-props';
import { GaugeVisual } from '../gauge/gauge';
import { MultiLineVisual } from '../multi-line/multi-line';
import { DonutVisual } from '../donut/donut';
import { DeltaTableVisual } from '../delta-table/delta-table';
import { CommentListVisual } from '../comment-list/comment-list';
import { StarChartVisual } from '../star-chart/star-chart';
import { PillChartVisual } from '../pill-chart/pill-chart';
import { HeroTextVisual } from '../hero-text/hero-text';
import { MultiGaugeVisual } from '../multi-gauge/multi-gauge';
import { StackedAreaVisual } from '../stacked-area/stacked-area';
import { RadarVisual } from '../radar/radar';
import { CountListVisual, MultiCountListVisual } from '../count-list/count-list';
import { ClusteredBarVisual } from '../clustered-bar/clustered-bar';
import { SingleBarStackVisual } from '../single-bar-stack/single-bar-stack';
import { ColumnStackVisual } from '../column-stack/column-stack';
import { ColumnLineVisual } from '../column-line/column-line';
import { MultiAxesLineVisual } from '../multi-axes-line/multi-axes-line';
import { TouchpointVisual } from '../touchpoint/touchpoint';
import { ImageVisual } from '../image/image';
import { StackedBarGaugeVisual, StackedBarIconBarVisual, StackedBarVisual } from '../stacked-bar/stacked-bar';
import { GroupedTableVisual } from '../grouped-table/grouped-table';
import { JourneyMapVisual } from '../journey-map/journey-map';
import { MiniLineGaugeVisual, MiniLineHeroVisual, MiniLineIconBarVisual } from '../mini-line/mini-line';
import { MultiBarStackVisual } from '../multi-bar-stack/multi-bar-stack';
import { ReviewFeedVisual } from '../review/review-feed';
import { ReviewRatingsVisual } from '../review/review-ratings';
import { ReviewRepliesVisual } from '../review/review-replies';
import { ReviewUpdatesVisual } from '../review/review-updates';
import { LikeForLikeVisual } from '../review/like-for-like';
import { TopicImpactVisual } from '../topic-impact/topic-impact';

/** The visual component for each template a dashboard definition names. */
export const VISUALS: Record<VisualType, ComponentType<VisualProps>> = {
  Gauge: GaugeVisual,
  MultiLineChart: MultiLineVisual,
  StackedBar: StackedBarVisual,
  Donut: DonutVisual,
  TableWithDeltaColumns: DeltaTableVisual,
  OrderedListComments: CommentListVisual,
  StarRatingChart: StarChartVisual,
  PillFilterChart: PillChartVisual,
  HeroText: HeroTextVisual,
  MultiGauge: MultiGaugeVisual,
  StackedArea: StackedAreaVisual,
  Radar: RadarVisual,
  TextCountList: CountListVisual,
  MultiCountList: MultiCountListVisual,
  ClusteredBar: ClusteredBarVisual,
  // The review area's line chart is the multi line chart with one series.
  Line: MultiLineVisual,
  SingleBarStack: SingleBarStackVisual,
  SingleAxisStackedBar: ColumnStackVisual,
  StackedColumnWithLine: ColumnLineVisual,
  MultiAxesLine: MultiAxesLineVisual,
  TouchpointChart: TouchpointVisual,
  Image: ImageVisual,
  StackedBarWithIconBar: StackedBarIconBarVisual,
  StackedBarWithGauge: StackedBarGaugeVisual,
  TableWithGroupedMeasures: GroupedTableVisual,
  JourneyMapLineChart: JourneyMapVisual,
  MiniLineWithGauge: MiniLineGaugeVisual,
  MiniLineWithHero: MiniLineHeroVisual,
  MiniLineWithIconBar: MiniLineIconBarVisual,
  MultiBarStackWithHero: MultiBarStackVisual,
  ReviewFeed: ReviewFeedVisual,
  ReviewRatings: ReviewRatingsVisual,
  ReviewReplies: ReviewRepliesVisual,
  ReviewUpdates: ReviewUpdatesVisual,
  LikeForLikeReport: LikeForLikeVisual,
  TopicImpact: TopicImpactVisual,
};
