import type { TFunction } from 'i18next';
import type { PeriodBounds } from '../../api/visual-types';
import { numberFormat } from '../../lib/intl';
import { deltaSymbol, percentageChange, pointChange, roundAwayFromZero, type DeltaSymbol } from '../../lib/deltas';

/** A tile's DeltaType setting (spec part 3). */
export type DeltaType = 'PointChange' | 'PercentageDelta';
export const DELTA_TYPES: readonly DeltaType[] = ['PointChange', 'PercentageDelta'];
/** An NPS crosses zero, where a percentage change misleads: a change is in points unless the tile asks for a percentage. */
export const DEFAULT_DELTA_TYPE: DeltaType = 'PointChange';

/**
 * What a point change is counted in: points when the figure is a percentage, or the noun of what
 * is counted or averaged (a review tile's stars and reviews); 'none' when the change reads in the
 * unit of the figure beside it (a count list's count).
 */
export type ChangeUnit = 'points' | 'stars' | 'reviews' | 'none';

export interface ChangeText {
  /** The signed change with its unit: '+2.58 pts', '-7%', '+0.12'; empty when there is none. */
  text: string;
  symbol: DeltaSymbol;
}

/** A signed number in the page's language ('+2.58', '-6,9'): a German page writes its decimals with a comma. */
const signed = (n: number, lang: string) => numberFormat(lang, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(n);

/**
 * The one formatter of a figure's change against the previous period, for every tile that shows
 * one. A point change (current minus previous, to 2 decimals) is in points when the figure is a
 * percentage (`unit` true or 'points'), or in the unit named; a percentage change is rounded away
 * from zero with '%'. Empty when either value is invalid.
 */
export function changeText(t: TFunction, lang: string, current: number | null | undefined, previous: number | null | undefined, type: DeltaType, unit: boolean | ChangeUnit): ChangeText {
  if (type === 'PercentageDelta') {
    const d = percentageChange(current, previous);
    if (d === null) return { text: '', symbol: '-' };
    const r = roundAwayFromZero(d);
    return { text: t('visuals.change.percent', { value: signed(r, lang) }), symbol: deltaSymbol(r) };
  }
  const named: ChangeUnit = unit === true ? 'points' : unit === false ? 'none' : unit;
  const scale = named === 'points' ? 100 : 1;
  const d = pointChange(typeof current === 'number' ? current * scale : null, typeof previous === 'number' ? previous * scale : null);
  if (d === null) return { text: '', symbol: '-' };
  // A count's noun follows the number ('+1 review', '+2 reviews'); points do not ('+1 pts' reads as a unit).
  const text = named === 'none' ? signed(d, lang) : t(`visuals.change.${named}`, { value: signed(d, lang), count: Math.abs(d) });
  return { text, symbol: deltaSymbol(d) };
}

/** Whole days of a period ('2026-09-21 00:00:00' to '2026-10-20 23:59:59' is 30). */
export function periodDays(period: PeriodBounds | undefined): number | null {
  if (!period) return null;
  const ms = Date.parse(`${period.endDateTime.replace(' ', 'T')}Z`) - Date.parse(`${period.startDateTime.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 86_400_000) : null;
}

/** What a change compares with: 'vs previous 7 days', or 'vs previous period' when its length is unknown. */
export function comparedWith(t: TFunction, previous: PeriodBounds | undefined): string {
  const days = periodDays(previous);
  return days ? t('visuals.change.vsPreviousDays', { count: days }) : t('visuals.change.vsPreviousPeriod');
}
