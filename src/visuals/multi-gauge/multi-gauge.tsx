import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { DIMMED } from '../common/palette';
import { drawGauge, gaugeDelta, GAUGE_DEFAULTS, type GaugeModel } from '../gauge/draw';
import { comparedWith, DELTA_TYPES } from '../common/change';
import { useElement } from '../../elements/element-context';
import { formatValue } from '../common/format';

function SmallGauge({ model, onDrawn }: { model: GaugeModel; onDrawn: () => void }) {
  const ref = useRef<SVGSVGElement>(null);
  useChart(ref, (svg) => drawGauge(svg, model), true, JSON.stringify(model), onDrawn);
  return <svg ref={ref} className="chart small-gauge" />;
}

/** Multi-gauge: one small gauge per category (e.g. NPS per region); a click on a name filters on it. */
export function MultiGaugeVisual(props: VisualProps) {
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const { t } = useElement();
  const series = primary.data;
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false));
  const format = setting(settings, 'TextFormat', GAUGE_DEFAULTS.TextFormat);
  return (
    <ul className="multi-gauge">
      {content.map((e) => {
        const row = e.data[0];
        const model: GaugeModel = {
          value: row.Val as number,
          previous: typeof row.ValForDelta === 'number' ? row.ValForDelta : null,
          previousValid: typeof row.ValForDelta === 'number',
          lower: setting(settings, 'LowerBound', GAUGE_DEFAULTS.LowerBound),
          upper: setting(settings, 'UpperBound', GAUGE_DEFAULTS.UpperBound),
          thickness: GAUGE_DEFAULTS.Thickness,
          arcSize: GAUGE_DEFAULTS.ArcSize,
          size: setting(settings, 'Size', GAUGE_DEFAULTS.Size),
          format,
          deltaType: setting(settings, 'DeltaType', GAUGE_DEFAULTS.DeltaType, DELTA_TYPES),
          label: `${e.Name}: ${formatValue(row.Val, format)}`,
          change: { text: '', symbol: '-' },
          compared: comparedWith(t, series?.previousPeriod),
        };
        model.change = gaugeDelta(t, props.lang, model);
        return (
          <li key={e.Name} style={{ opacity: mode === 'Selection' && !isSelected(selections, name, e.Name) ? DIMMED : 1 }}>
            <SmallGauge model={model} onDrawn={onDrawn} />
            {onSelect && series ? (
              <button type="button" className="link" aria-pressed={isSelected(selections, name, e.Name)} onClick={() => onSelect({ axisKey: series.filterKey, axisValue: e.Name, seriesKey: '', seriesValue: '' })}>
                {e.Name}
              </button>
            ) : (
              <span>{e.Name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
