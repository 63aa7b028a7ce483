import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { ReviewRatingsData } from '../../api/review-types';
import { DEFAULT_STARS, roundRating, starFills } from '../../lib/rating';
import { Star } from '../star-rating/star-rating';
import type { VisualProps } from '../common/visual-props';
import { Change } from './compared';
import { numberFormat } from '../../lib/intl';

/** The breakdown bars' longest width (spec part 3 section 9). */
export const BAR_MAX_WIDTH = 200;

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
/** A rating to one decimal in the page's language (4.1, 4,1). */
const ratingText = (value: number, lang: string) => numberFormat(lang, ONE_DECIMAL).format(roundRating(value));

/** Five stars filled in quarters: the star rating's own stars, read-only. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      {starFills(value, DEFAULT_STARS).map((fill, i) => <Star key={i} fill={fill} />)}
    </span>
  );
}

/** The filter a star count's bar selects: the reviews module's star rating. */
export const STARS_KEY = 'Stars';

/**
 * Review ratings: the average as 5 stars, its change and a bar per star count. With click behaviour
 * Filter a bar selects its star count, and the tile then offers its clear-filters link (spec part 3).
 */
export function ReviewRatingsVisual({ primary, onDrawn, onSelect, selections }: VisualProps) {
  const { t, lang } = useElement();
  const data = primary.review as ReviewRatingsData;
  useEffect(() => {
    onDrawn();
  }, [onDrawn, data]);
  const max = Math.max(1, ...data.starValueBreakdown.map((b) => b.currentValue));
  const value = data.starValue.currentValue;
  return (
    <div className="review-ratings">
      {value === null ? (
        <p className="hint">{t('reviews.noRatings')}</p>
      ) : (
        <p className="rating">
          <strong className="rating-value">{ratingText(value, lang)}</strong>
          <Stars value={value} label={t('reviews.starsOf', { value: ratingText(value, lang) })} />
          <Change value={data.starValue} unit="stars" />
        </p>
      )}
      <ul className="breakdown" aria-label={t('reviews.breakdown')}>
        {data.starValueBreakdown.map((b) => {
          const chosen = selections.some((s) => s.axisKey === STARS_KEY && s.axisValue === String(b.stars));
          const row = (
            <>
              <span className="label">{t('reviews.starCount', { count: b.stars })}</span>
              {/* In Selection mode the bars not chosen dim to 0.3 (spec part 3, chart visuals); their texts stay legible. */}
              <span className="count-bar" style={{ width: `${Math.round((b.currentValue / max) * BAR_MAX_WIDTH)}px`, opacity: selections.length && !chosen ? 0.3 : 1 }} />
              <span className="count">{b.currentValue}</span>
            </>
          );
          return (
            <li key={b.stars}>
              {onSelect ? (
                <button type="button" className="bar-select" aria-pressed={chosen} onClick={() => onSelect({ axisKey: STARS_KEY, axisValue: String(b.stars), seriesKey: '', seriesValue: '' })}>
                  {row}
                </button>
              ) : (
                row
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
