import { useRef, useState } from 'react';
import type { VisualProps } from '../common/visual-props';
import { orderedSeries, useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { drawsSecondary } from '../common/chart-mode';
import { isSelected } from '../common/selection';
import { visibleContent } from '../common/rows';
import { colourAt } from '../common/palette';
import { Legend } from '../common/legend';
import { drawStackedBar, stackRows, STACKED_BAR_DEFAULTS as D, type StackedBarModel } from './draw';

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

/** Stacked bar: a row per category split into its series, a legend that hides series, clickable row labels and segments. */
export function StackedBarVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const model = stackedBarModel(props, hidden);
  const { onDrawn, onSelect } = props;
  const series = props.primary.data;
  const onSegment = onSelect && series ? (row: string, s: string) => onSelect({ axisKey: series.filterKey, axisValue: row, seriesKey: series.seriesFilterKey ?? '', seriesValue: s }) : undefined;
  const onRow = onSelect && series ? (row: string) => onSelect({ axisKey: series.filterKey, axisValue: row, seriesKey: '', seriesValue: '' }) : undefined;
  useChart(ref, (svg) => drawStackedBar(svg, { ...model, onSegment, onRow }), true, JSON.stringify({ ...model, isSelected: props.selections }) + String(!!onSelect), onDrawn);
  const toggle = (name: string) => setHidden((h) => (h.includes(name) ? h.filter((x) => x !== name) : h.length + 1 < model.series.length ? [...h, name] : h));
  return (
    <div className="stacked-bar-visual">
      {setting(props.settings, 'ShowLegend', false) && (
        <Legend items={model.series.map((name, i) => ({ name, colour: colourAt(i, model.palette), active: !hidden.includes(name) }))} onToggle={toggle} />
      )}
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
