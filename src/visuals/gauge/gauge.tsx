import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { formatValue } from '../common/format';
import { drawsSecondary } from '../common/chart-mode';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import { comparedWith, DELTA_TYPES } from '../common/change';
import { drawGauge, gaugeDelta, GAUGE_DEFAULTS, type GaugeModel } from './draw';

/** Builds the gauge model from a tile's block and settings (missing or unsupported settings fall back). */
export function gaugeModel(t: TFunction, { primary, secondary, settings, mode, lang }: Pick<VisualProps, 'primary' | 'secondary' | 'settings' | 'mode' | 'lang'>): GaugeModel | null {
  const series = primary.data;
  const row = series?.content[0]?.data[0];
  if (!series || !row || typeof row.Val !== 'number') return null;
  const sec = drawsSecondary(mode, setting(settings, 'SelectionMode', 'SinglePrimary') as never) ? secondary?.data?.content[0]?.data[0]?.Val : undefined;
  const lower = setting(settings, 'LowerBound', GAUGE_DEFAULTS.LowerBound);
  const format = setting(settings, 'TextFormat', GAUGE_DEFAULTS.TextFormat);
  const upper = setting(settings, 'UpperBound', GAUGE_DEFAULTS.UpperBound);
  const delta = {
    value: row.Val,
    previous: typeof row.ValForDelta === 'number' ? row.ValForDelta : null,
    previousValid: series.previousRecordCount > 0,
    format,
    deltaType: setting(settings, 'DeltaType', GAUGE_DEFAULTS.DeltaType, DELTA_TYPES),
  };
  return {
    ...delta,
    change: gaugeDelta(t, lang, delta),
    compared: comparedWith(t, series.previousPeriod),
    secondary: sec ?? null,
    lower: upper > lower ? lower : GAUGE_DEFAULTS.LowerBound,
    upper: upper > lower ? upper : GAUGE_DEFAULTS.UpperBound,
    thickness: setting(settings, 'Thickness', GAUGE_DEFAULTS.Thickness),
    arcSize: setting(settings, 'ArcSize', GAUGE_DEFAULTS.ArcSize),
    size: setting(settings, 'Size', GAUGE_DEFAULTS.Size),
    label: `${row.Name}: ${formatValue(row.Val, format)}`,
  };
}

/** Gauge tile: one value on a half circle with its change against the previous period. */
export function GaugeVisual(props: VisualProps) {
  const { t } = useElement();
  const ref = useRef<SVGSVGElement>(null);
  const model = gaugeModel(t, props);
  const { onDrawn } = props;
  useChart(ref, (svg) => drawGauge(svg, model!), model !== null, JSON.stringify(model), onDrawn);
  return <svg ref={ref} className="chart gauge-chart" part="chart" />;
}
