import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { ReviewRatingsData } from '../../api/review-types';
import { DEFAULT_STARS, roundRating, starFills } from '../../lib/rating';
import { Star } from '../star-rating/star-rating';
import type { VisualProps } from '../common/visual-props';
import { Delta } from './compared';
import { roundAwayFromZero } from '../../lib/deltas';

/** The breakdown bars' longest width (spec part 3 section 9). */
export const BAR_MAX_WIDTH = 200;

const ratingText = (value: number) => roundRating(value).toFixed(1);

/** Five stars filled in quarters: the star rating's own stars, read-only. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      {starFills(value, DEFAULT_STARS).map((fill, i) => <Star key={i} fill={fill} />)}
    </span>
  );
}

/** Review ratings: the average as 5 stars, its change, a bar per star count and a clear-filters link. */
export function ReviewRatingsVisual({ primary, onDrawn }: VisualProps) {
  const { t } = useElement();
  const data = primary.review as ReviewRatingsData;
  useEffect(() => onDrawn(), [onDrawn, data]);
  const max = Math.max(1, ...data.starValueBreakdown.map((b) => b.currentValue));
  const value = data.starValue.currentValue;
  return (
    <div className="review-ratings">
      {value === null ? (
        <p className="hint">{t('reviews.noRatings')}</p>
      ) : (
        <p className="rating">
          <strong className="rating-value">{ratingText(value)}</strong>
          <Stars value={value} label={t('reviews.starsOf', { value: ratingText(value) })} />
          <Delta t={t} value={data.starValue} round={(n) => roundAwayFromZero(n, 1)} format={(n) => n.toFixed(1)} />
        </p>
      )}
      <ul className="breakdown" aria-label={t('reviews.breakdown')}>
        {data.starValueBreakdown.map((b) => (
          <li key={b.stars}>
            <span className="label">{t('reviews.starCount', { count: b.stars })}</span>
            <span className="count-bar" style={{ width: `${Math.round((b.currentValue / max) * BAR_MAX_WIDTH)}px` }} />
            <span className="count">{b.currentValue}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
