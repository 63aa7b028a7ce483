import { useId, useRef } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { toD3Format } from '../common/format';
import { drawStarChart, STAR_CHART_DEFAULTS as D, type StarChartModel } from './draw';

export function starChartModel(p: Pick<VisualProps, 'primary' | 'settings'>, footerLabel: string): StarChartModel | null {
  const series = p.primary.data;
  const value = series?.content[0]?.data[0]?.Val;
  if (!series || typeof value !== 'number') return null;
  return {
    value,
    responses: series.currentRecordCount,
    stars: Math.max(1, Math.min(10, setting(p.settings, 'Stars', D.Stars))),
    size: setting(p.settings, 'Size', D.Size),
    heroFormat: toD3Format(setting(p.settings, 'HeroFormat', '0.00'), D.HeroFormat),
    footerFormat: toD3Format(setting(p.settings, 'FooterFormat', '0'), D.FooterFormat),
    footerPadding: setting(p.settings, 'FooterPadding', D.FooterPadding),
    footerLabel,
  };
}

/** Star rating chart: the average as a hero number and five partly filled stars, coloured by band. */
export function StarChartVisual(props: VisualProps) {
  const { t } = useElement();
  const ref = useRef<SVGSVGElement>(null);
  const id = useId().replace(/:/g, '');
  const model = starChartModel(props, t('visuals.responses'));
  const { onDrawn } = props;
  useChart(ref, (svg) => drawStarChart(svg, model!, id), !!model, JSON.stringify(model) + String(id), onDrawn);
  return <svg ref={ref} className="chart star-chart-svg" part="chart" />;
}
