import { INK } from '../common/palette';

/** Journey-map line chart defaults of spec part 3; the column's background is the theme's muted surface. */
export const JOURNEY_DEFAULTS = { ColumnWidth: 90, ColumnGap: 15, ColumnCountTillGap: 3, Background: INK.panel, Margin: 14, Padding: 10, LineChartHeight: 46, MarkerRadius: 4, YFormat: '0.0%', Ticks: 5, Markers: 'Visible' } as const;

/** The fixed wrapper width: a column per touchpoint and a gap after every third (none after the last). */
export function journeyWidth(touchpoints: number, columnWidth: number = JOURNEY_DEFAULTS.ColumnWidth, gap: number = JOURNEY_DEFAULTS.ColumnGap, tillGap: number = JOURNEY_DEFAULTS.ColumnCountTillGap): number {
  if (touchpoints <= 0) return 0;
  return touchpoints * columnWidth + Math.floor((touchpoints - 1) / tillGap) * gap;
}

/** Where column `i` starts. */
export const columnLeft = (i: number, columnWidth: number = JOURNEY_DEFAULTS.ColumnWidth, gap: number = JOURNEY_DEFAULTS.ColumnGap, tillGap: number = JOURNEY_DEFAULTS.ColumnCountTillGap) => i * columnWidth + Math.floor(i / tillGap) * gap;
