import type { ComponentType } from 'react';
import type { VisualType } from '../../api/visual-types';
import type { VisualProps } from '../common/visual-props';
import { GaugeVisual } from '../gauge/gauge';
import { MultiLineVisual } from '../multi-line/multi-line';
import { StackedBarVisual } from '../stacked-bar/stacked-bar';
import { DonutVisual } from '../donut/donut';
import { DeltaTableVisual } from '../delta-table/delta-table';
import { CommentListVisual } from '../comment-list/comment-list';

/** The visual component for each template a dashboard definition names. */
export const VISUALS: Record<VisualType, ComponentType<VisualProps>> = {
  Gauge: GaugeVisual,
  MultiLineChart: MultiLineVisual,
  StackedBar: StackedBarVisual,
  Donut: DonutVisual,
  TableWithDeltaColumns: DeltaTableVisual,
  OrderedListComments: CommentListVisual,
};
