import type { TFunction } from 'i18next';
import type { Compared } from '../../api/review-types';
import { deltaSymbol, pointChange } from '../../lib/deltas';

interface DeltaProps {
  t: TFunction;
  value: Compared;
  format: (n: number) => string;
  /** The precision `format` shows: the sign and colour follow the change as shown (−0.3 points reads ±0, not −0). */
  round?: (n: number) => number;
  /** A fall is good news (a response time): the colour follows the meaning, not the sign. */
  lowerIsBetter?: boolean;
}

/** A signed change against the previous period, coloured by whether it is good news. */
export function Delta({ t, value, format, round = (n) => n, lowerIsBetter = false }: DeltaProps) {
  const exact = pointChange(value.currentValue, value.previousValue);
  if (exact === null) return <span className="delta none">{t('reviews.noPrevious')}</span>;
  const change = round(exact) || 0; // no −0
  const direction = deltaSymbol(lowerIsBetter ? -change : change);
  return (
    <span className={`delta ${direction}`}>
      {change > 0 ? '+' : change < 0 ? '−' : '±'}
      {format(Math.abs(change))} <span className="hint">{t('reviews.vsPrevious')}</span>
    </span>
  );
}
