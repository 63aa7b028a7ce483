import type { TFunction } from 'i18next';
import type { Compared } from '../../api/review-types';
import { deltaSymbol, pointChange } from '../../lib/deltas';

interface DeltaProps {
  t: TFunction;
  value: Compared;
  format: (n: number) => string;
  /** A fall is good news (a response time): the colour follows the meaning, not the sign. */
  lowerIsBetter?: boolean;
}

/** A signed change against the previous period, coloured by whether it is good news. */
export function Delta({ t, value, format, lowerIsBetter = false }: DeltaProps) {
  const change = pointChange(value.currentValue, value.previousValue);
  if (change === null) return <span className="delta none">{t('reviews.noPrevious')}</span>;
  const direction = deltaSymbol(lowerIsBetter ? -change : change);
  return (
    <span className={`delta ${direction}`}>
      {change > 0 ? '+' : change < 0 ? '−' : '±'}
      {format(Math.abs(change))} <span className="hint">{t('reviews.vsPrevious')}</span>
    </span>
  );
}
