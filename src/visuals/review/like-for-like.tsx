import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { LikeForLikeData, LikeForLikeRow } from '../../api/review-types';
import { periodDay, utc } from '../../lib/dates';
import type { VisualProps } from '../common/visual-props';
import { numberFormat } from '../../lib/intl';
import { translator } from '../../elements/texts';

const SIGNED: Intl.NumberFormatOptions = { maximumFractionDigits: 1, signDisplay: 'exceptZero' };

/** The spec's period text 'DD MMM YYYY' in local time, from a UTC bound 'YYYY-MM-DD HH:mm:ss'. */
export const periodDate = (bound: string, lang: string) => periodDay(utc(bound.replace(' ', 'T')), lang);

/** A row's value: NPS as signed points, a driver as a percent, responses as a count. */
function valueText(row: LikeForLikeRow, v: number | null, lang: string): string {
  if (v === null) return '–';
  if (row.unit === 'count') return numberFormat(lang).format(v);
  if (row.unit === 'percent') return numberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(v / 100);
  return numberFormat(lang, SIGNED).format(v);
}

function changeText(row: LikeForLikeRow, lang: string): string {
  if (row.currentValue === null || row.previousValue === null) return '–';
  const change = row.currentValue - row.previousValue;
  const signed = numberFormat(lang, SIGNED);
  if (row.unit === 'count') return signed.format(change);
  return translator(lang)(row.unit === 'percent' ? 'visuals.change.percent' : 'visuals.change.points', { value: signed.format(change) });
}

/** Like-for-like report: the same stores this period and the previous one, NPS, drivers and responses. */
export function LikeForLikeVisual({ primary, onDrawn }: VisualProps) {
  const { t, lang } = useElement();
  const data = primary.review as LikeForLikeData;
  useEffect(() => onDrawn(), [onDrawn, data]);
  const { currentPeriod: cur, previousPeriod: prev } = data.dateRangeBounds;
  return (
    <div className="like-for-like">
      <p className="hint">{t('reviews.likeForLikeStores', { count: data.stores })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('reviews.measure')}</th>
            <th scope="col">{periodDate(cur.startDateTime, lang)} – {periodDate(cur.endDateTime, lang)}</th>
            <th scope="col">{periodDate(prev.startDateTime, lang)} – {periodDate(prev.endDateTime, lang)}</th>
            <th scope="col">{t('reviews.change')}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{t(`reviews.measures.${row.key}`, { defaultValue: row.name })}</th>
              <td>{valueText(row, row.currentValue, lang)}</td>
              <td>{valueText(row, row.previousValue, lang)}</td>
              <td>{changeText(row, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
