import type { TFunction } from 'i18next';
import type { Compared } from '../../api/review-types';
import { deltaSymbol, pointChange } from '../../lib/deltas';
import { useElement } from '../../elements/element-context';
import { changeText, comparedWith, type ChangeUnit } from '../common/change';

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

/**
 * A review figure's change in the tiles' one change format (change.ts): signed, to 2 decimals, with
 * its unit ('+0.2 stars', '-3 reviews') and what it compares with.
 */
export function Change({ value, unit }: { value: Compared; unit: ChangeUnit }) {
  const { t, lang } = useElement();
  const change = changeText(t, lang, value.currentValue, value.previousValue, 'PointChange', unit);
  if (!change.text) return <span className="delta none">{t('reviews.noPrevious')}</span>;
  return (
    <span className={`delta ${change.symbol}`}>
      {change.text} <span className="hint">{comparedWith(t, undefined)}</span>
    </span>
  );
}
