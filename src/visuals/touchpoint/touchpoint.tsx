import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { isBlankName, isValidNumber } from '../common/rows';
import { toD3Format } from '../common/format';
import { useElement } from '../../elements/element-context';
import { axisIcons } from '../column-line/column-line';
import { drawTouchpoints, TOUCHPOINT_DEFAULTS as D } from './draw';

/**
 * The touchpoints to show: the Touchpoints setting (name to metric) in its order, else every
 * category; a touchpoint without a valid value has no data. [Blank] names are dropped unless ShowBlank.
 */
export function touchpointsOf(settings: Record<string, unknown>, rows: ReadonlyArray<{ Name: string; Val: number | null }>): Array<{ name: string; value: number | null }> {
  const configured = settings.Touchpoints && typeof settings.Touchpoints === 'object' ? Object.keys(settings.Touchpoints as object) : [];
  const names = configured.length ? configured : rows.map((r) => r.Name);
  return names
    .filter((n) => setting(settings, 'ShowBlank', false) || !isBlankName(n))
    .map((name) => {
      const v = rows.find((r) => r.Name === name)?.Val;
      return { name, value: isValidNumber(v) ? v : null };
    });
}

/** Touchpoint chart: a marker per touchpoint with its value, joined by a dashed line; 'No Data Available' where there is none. */
export function TouchpointVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { apiBase } = useElement();
  const { primary, settings, onDrawn } = props;
  const rows = (primary.data?.content ?? []).map((e) => ({ Name: e.Name, Val: e.data[0]?.Val ?? null }));
  const model = {
    points: touchpointsOf(settings, rows),
    width: props.width,
    height: props.height,
    valueFormat: toD3Format(setting(settings, 'ValueFormat', '0%'), '.0%'),
    yFormat: toD3Format(setting(settings, 'YAxisFormat', D.YAxisFormat), D.YAxisFormat),
    icons: axisIcons(settings.AxisValueMapping, setting(settings, 'IconBasePath', `${apiBase}/elements/icons/`)),
  };
  useChart(ref, (svg) => drawTouchpoints(svg, model), true, JSON.stringify(model), onDrawn);
  return <svg ref={ref} className="chart" part="chart" />;
}
