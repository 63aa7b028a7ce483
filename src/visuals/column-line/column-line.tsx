import { useRef } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { isBlankName, isValidNumber } from '../common/rows';
import { isSelected } from '../common/selection';
import { toD3Format } from '../common/format';
import { COLUMN_LINE_DEFAULTS as D, drawColumnLine } from './draw';

/** Maps AxisValueMapping ({label: icon name}) to icon URLs served by the portal; anything malformed gives no icons. */
export function axisIcons(value: unknown, base: string): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && /^[a-z0-9-]+$/.test(v)).map(([k, v]) => [k, `${base}${v}.svg`]));
}

/** Stacked column with line: a column per category (first measure) and a line (second measure) on its own axis. */
export function ColumnLineVisual(props: VisualProps) {
  const { apiBase } = useElement();
  const ref = useRef<SVGSVGElement>(null);
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const series = primary.data;
  const content = (series?.content ?? []).filter((e) => setting(settings, 'ShowBlank', false) || !isBlankName(e.Name));
  const value = (i: number) => (r: (typeof content)[number]) => (isValidNumber(r.data[i]?.Val) ? (r.data[i].Val as number) : null);
  const onColumn = onSelect && series ? (c: string) => onSelect({ axisKey: series.filterKey, axisValue: c, seriesKey: '', seriesValue: '' }) : undefined;
  const model = {
    categories: content.map((e) => e.Name),
    columns: content.map(value(0)),
    line: content.map(value(1)),
    width: props.width,
    height: props.height,
    columnFormat: toD3Format(setting(settings, 'ColumnFormat', ',d'), ',d'),
    lineFormat: toD3Format(setting(settings, 'LineFormat', '0.00'), '.2f'),
    lineColour: setting(settings, 'LineColour', D.LineColour as string) || D.LineColour,
    lineWidth: setting(settings, 'LineWidth', D.LineWidth),
    innerPadding: setting(settings, 'InnerPadding', D.InnerPadding),
    icons: axisIcons(settings.AxisValueMapping, setting(settings, 'IconBasePath', `${apiBase}/elements/icons/`)),
    palette: stringList(settings, 'Palette'),
    anySelected: mode === 'Selection',
  };
  useChart(ref, (svg) => drawColumnLine(svg, { ...model, isSelected: (c) => isSelected(selections, name, c), onColumn }), true, JSON.stringify({ model, selections }) + String(!!onColumn), onDrawn);
  return <svg ref={ref} className="chart" part="chart" />;
}
