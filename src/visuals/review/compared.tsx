import type { TFunction } from 'i18next';
import type { Compared } from '../../api/review-types';
import { deltaSymbol, pointChange } from '../../lib/deltas';

/** A signed change against the previous period, with its direction for screen readers and colour. */
export function Delta({ t, value, format }: { t: TFunction; value: Compared; format: (n: number) => string }) {
  const change = pointChange(value.currentValue, value.previousValue);
  if (change === null) return <span className="delta none">{t('reviews.noPrevious')}</span>;
  return (
    <span className={`delta ${deltaSymbol(change)}`}>
      {change > 0 ? '+' : change < 0 ? '−' : '±'}
      {format(Math.abs(change))} <span className="hint">{t('reviews.vsPrevious')}</span>
    </span>
  );
}
