import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { ReviewUpdatesData } from '../../api/review-types';
import type { VisualProps } from '../common/visual-props';
import { Change } from './compared';
import { numberFormat } from '../../lib/intl';

/** Review updates: what came in and what was answered this period, and what still waits (data only, no chart). */
export function ReviewUpdatesVisual({ primary, onDrawn }: VisualProps) {
  const { t, lang } = useElement();
  const data = primary.review as ReviewUpdatesData;
  useEffect(() => onDrawn(), [onDrawn, data]);
  const n = numberFormat(lang);
  return (
    <dl className="review-updates">
      <div>
        <dt>{t('reviews.newReviews')}</dt>
        <dd><strong>{n.format(data.newReviews.currentValue ?? 0)}</strong> <Change value={data.newReviews} unit="reviews" /></dd>
      </div>
      <div>
        <dt>{t('reviews.replied')}</dt>
        <dd><strong>{n.format(data.replied.currentValue ?? 0)}</strong> <Change value={data.replied} unit="reviews" /></dd>
      </div>
      <div>
        <dt>{t('reviews.awaiting')}</dt>
        <dd><strong>{n.format(data.awaitingReply)}</strong></dd>
      </div>
    </dl>
  );
}
