import type { TFunction } from 'i18next';
import type { Compared } from '../../api/review-types';

/** A signed change against the previous period, with its direction for screen readers and colour. */
export function Delta({ t, value, format }: { t: TFunction; value: Compared; format: (n: number) => string }) {
  if (value.currentValue === null || value.previousValue === null) return <span className="delta none">{t('reviews.noPrevious')}</span>;
  const change = value.currentValue - value.previousValue;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return (
    <span className={`delta ${direction}`}>
      {change > 0 ? '+' : change < 0 ? '−' : '±'}
      {format(Math.abs(change))} <span className="hint">{t('reviews.vsPrevious')}</span>
    </span>
  );
}
