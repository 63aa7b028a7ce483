import { useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { orderedSeries, useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { drawsSecondary } from '../common/chart-mode';
import { isSelected } from '../common/selection';
import { visibleContent } from '../common/rows';
import { colourAt } from '../common/palette';
import { Legend, LEGEND_ROOM } from '../common/legend';
import { useMoreRows } from '../common/more-rows';
import type { Series } from '../../api/visual-types';
import { toD3Format } from '../common/format';
import { iconBar, iconCount, ICON_BAR_DEFAULTS, rowGauge, sortRowsBy, type GaugeSortMode } from './decorations';
import { drawStackedBar, stackedBarHeight, stackRows, STACKED_BAR_DEFAULTS as D, type StackedBarModel } from './draw';

export function stackedBarModel(p: Pick<VisualProps, 'name' | 'primary' | 'secondary' | 'settings' | 'mode' | 'selections' | 'width'>, hidden: readonly string[]): StackedBarModel {
  const showBlank = setting(p.settings, 'ShowBlank', false);
  const content = visibleContent(p.primary.data?.content ?? [], showBlank);
  const secondary = drawsSecondary(p.mode, setting(p.settings, 'SelectionMode', 'SinglePrimary') as never) ? visibleContent(p.secondary?.data?.content ?? [], showBlank) : [];
  // SeriesOrder puts known series first (e.g. Promoter, Neutral, Detractor); others follow as they come.
  const series = orderedSeries(content.flatMap((e) => e.data.map((r) => r.Name)), stringList(p.settings, 'SeriesOrder'));
  const rows = stackRows(content, secondary, setting(p.settings, 'SortOrder', D.SortOrder, ['ASC', 'DESC']), setting(p.settings, 'SortBy', D.SortBy, ['Bar', 'Name']), series);
  return {
    rows,
    series,
    hidden,
    width: p.width,
    thickness: setting(p.settings, 'Thickness', D.Thickness),
    padding: setting(p.settings, 'Padding', D.Padding),
    paddingRight: setting(p.settings, 'PaddingRight', D.PaddingRight),
    labelFormat: setting(p.settings, 'SecondaryLabelFormat', D.SecondaryLabelFormat),
    labelSpacing: setting(p.settings, 'LabelSpacing', D.LabelSpacing),
    minBarWidthRatio: setting(p.settings, 'MinBarWidthRatio', D.MinBarWidthRatio),
    palette: stringList(p.settings, 'Palette'),
    anySelected: p.mode === 'Selection',
    isSelected: (row, s) => isSelected(p.selections, p.name, row, s),
  };
}

/** Values per category from a named series (the icon bar's ratings, the gauges' scores). */
function valuesOf(series: Series | undefined): Map<string, number> {
  return new Map((series?.content ?? []).flatMap((e) => (typeof e.data[0]?.Val === 'number' ? [[e.Name, e.data[0].Val as number] as const] : [])));
}

/** What the icon bar and gauge variants change: the right padding, a row decorator and, for gauges, the row order. */
function variantOf(p: VisualProps & { variant?: 'IconBar' | 'Gauge' }): Partial<StackedBarModel> {
  if (p.variant === 'IconBar') {
    const icons = iconCount(setting(p.settings, 'Icons', ICON_BAR_DEFAULTS.Icons));
    const padding = setting(p.settings, 'PaddingRight', ICON_BAR_DEFAULTS.PaddingRight);
    const size = Math.min(ICON_BAR_DEFAULTS.MaxIconSize, setting(p.settings, 'IconSize', ICON_BAR_DEFAULTS.MaxIconSize), (padding - 4) / icons);
    return { paddingRight: padding + 10, rowDecorator: iconBar(valuesOf(p.primary.dataIcons), icons, size) };
  }
  if (p.variant === 'Gauge') {
    const rows = sortRowsBy(stackedBarModel(p, []).rows, setting<GaugeSortMode>(p.settings, 'SortMode', 'aZ', ['aZ', 'Za', 'hide']));
    return { rows, paddingRight: 110, rowDecorator: rowGauge(valuesOf(p.primary.dataGauge), toD3Format(setting(p.settings, 'GaugeFormat', '0%'), '.0%')) };
  }
  return {};
}

/** Stacked bar: a row per category split into its series, a legend that hides series, clickable row labels and segments. */
export function StackedBarVisual(props: VisualProps & { variant?: 'IconBar' | 'Gauge' }) {
  const { t } = useElement();
  const ref = useRef<SVGSVGElement>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const shareLabel = (value: string, series: string) => t('visuals.shareOf', { value, series });
  const all = { ...stackedBarModel(props, hidden), ...variantOf(props), shareLabel };
  const legend = setting(props.settings, 'ShowLegend', false);
  // The rows that fit the tile, and '+N more' for the rest: a category is never cut off unseen.
  const more = useMoreRows(all.rows.length, stackedBarHeight({ ...all, rows: all.rows.slice(0, 1) }), props.height - (legend ? LEGEND_ROOM : 0));
  const model = { ...all, rows: all.rows.slice(0, more.shown) };
  const { onDrawn, onSelect } = props;
  const series = props.primary.data;
  const onSegment = onSelect && series ? (row: string, s: string) => onSelect({ axisKey: series.filterKey, axisValue: row, seriesKey: series.seriesFilterKey ?? '', seriesValue: s }) : undefined;
  const onRow = onSelect && series ? (row: string) => onSelect({ axisKey: series.filterKey, axisValue: row, seriesKey: '', seriesValue: '' }) : undefined;
  useChart(ref, (svg) => drawStackedBar(svg, { ...model, onSegment, onRow }), true, JSON.stringify({ ...model, isSelected: props.selections, v: props.variant, d: props.variant ? props.primary : null }) + String(!!onSelect), onDrawn);
  const toggle = (name: string) => setHidden((h) => (h.includes(name) ? h.filter((x) => x !== name) : h.length + 1 < model.series.length ? [...h, name] : h));
  return (
    <div className="stacked-bar-visual">
      {legend && (
        <Legend items={model.series.map((name, i) => ({ name, colour: colourAt(i, model.palette), active: !hidden.includes(name) }))} onToggle={toggle} />
      )}
      <svg ref={ref} className="chart" part="chart" />
      {more.button}
    </div>
  );
}

export const StackedBarIconBarVisual = (props: VisualProps) => <StackedBarVisual {...props} variant="IconBar" />;
export const StackedBarGaugeVisual = (props: VisualProps) => <StackedBarVisual {...props} variant="Gauge" />;
