import { useEffect } from 'react';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { formatValue } from '../common/format';
import { useElement } from '../../elements/element-context';
import { changeText, comparedWith, DEFAULT_DELTA_TYPE, DELTA_TYPES } from '../common/change';

/** Hero text: one value in large type, its label and its change against the previous period. */
export function HeroTextVisual(props: VisualProps) {
  const { primary, settings, onDrawn } = props;
  const series = primary.data;
  const row = series?.content[0]?.data[0];
  const format = setting(settings, 'ValueFormat', '0.0%');
  const { t } = useElement();
  const delta = (series?.previousRecordCount ?? 0) > 0 ? changeText(t, props.lang, row?.Val, row?.ValForDelta, setting(settings, 'DeltaType', DEFAULT_DELTA_TYPE, DELTA_TYPES), format.endsWith('%')) : null;
  useEffect(() => {
    onDrawn();
  }, [onDrawn, row?.Val]);
  return (
    <div className="hero-text">
      <p className="hero-value" style={{ fontSize: setting(settings, 'HeroSize', 44) }}>
        {formatValue(row?.Val ?? null, format)}
      </p>
      {primary.heroLabel.content && <p className="hero-label">{primary.heroLabel.content}</p>}
      {delta?.text && (
        <p className={`hero-delta delta-text-${delta.symbol}`}>
          <span aria-hidden="true">{delta.symbol === 'up' ? '▲' : delta.symbol === 'down' ? '▼' : '='}</span> {delta.text} <span className="delta-period">{comparedWith(t, series?.previousPeriod)}</span>
        </p>
      )}
    </div>
  );
}
