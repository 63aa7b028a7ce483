import { useEffect, useRef } from 'react';
import { useElement } from '../../elements/element-context';
import { GAUGE_MAX, GAUGE_MIN, clampGauge, formatGaugeValue, gaugeTone } from '../../lib/gauge';
import { drawGauge, gaugeViewBox } from './draw-gauge';

export interface NpsGaugeProps {
  value?: number;
  responses?: number;
  label?: string;
}

/** The demo wall's NPS gauge: value from -1 to 1 with a response count. */
export function NpsGauge({ value = 0, responses, label }: NpsGaugeProps) {
  const { t } = useElement();
  const svgRef = useRef<SVGSVGElement>(null);
  const v = clampGauge(value);

  useEffect(() => (svgRef.current ? drawGauge(svgRef.current, v) : undefined), [v]);

  const title = label ?? t('gauge.label');
  const text = formatGaugeValue(v);
  const count = responses === undefined ? undefined : t('gauge.responses', { count: responses });
  const valueText = count ? t('gauge.valueText', { value: text, responses: count }) : text;

  return (
    <div
      part="base"
      className="base"
      role="meter"
      aria-label={title}
      aria-valuemin={GAUGE_MIN}
      aria-valuemax={GAUGE_MAX}
      aria-valuenow={v}
      aria-valuetext={valueText}
      data-tone={gaugeTone(v)}
    >
      <span part="label" className="label" aria-hidden="true">
        {title}
      </span>
      <div className="dial">
        <svg ref={svgRef} part="dial" viewBox={gaugeViewBox()} aria-hidden="true" focusable="false" />
        <span part="value" className="value" aria-hidden="true">
          {text}
        </span>
      </div>
      {count && (
        <span part="responses" className="responses" aria-hidden="true">
          {count}
        </span>
      )}
    </div>
  );
}
