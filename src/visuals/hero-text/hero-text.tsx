import { useEffect } from 'react';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { formatValue } from '../common/format';
import { gaugeDelta } from '../gauge/draw';

/** Hero text: one value in large type, its label and its change against the previous period. */
export function HeroTextVisual(props: VisualProps) {
  const { primary, settings, onDrawn } = props;
  const series = primary.data;
  const row = series?.content[0]?.data[0];
  const format = setting(settings, 'ValueFormat', '0.0%');
  const delta = row && typeof row.Val === 'number'
    ? gaugeDelta({ value: row.Val, previous: typeof row.ValForDelta === 'number' ? row.ValForDelta : null, previousValid: (series?.previousRecordCount ?? 0) > 0, deltaType: setting(settings, 'DeltaType', 'PointChange', ['PointChange', 'PercentageDelta']), format })
    : null;
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
          <span aria-hidden="true">{delta.symbol === 'up' ? '▲' : delta.symbol === 'down' ? '▼' : '='}</span> {delta.text}
        </p>
      )}
    </div>
  );
}
