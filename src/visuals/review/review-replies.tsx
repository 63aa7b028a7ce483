import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import type { ReviewRepliesData } from '../../api/review-types';
import { relativeSpan } from '../../lib/reviews';
import { roundAwayFromZero as roundAway } from '../../lib/deltas';
import type { VisualProps } from '../common/visual-props';
import { Delta } from './compared';

/** A response time in the largest unit it reaches ('Less than an hour' below one). */
export function spanText(t: TFunction, hours: number): string {
  const span = relativeSpan(hours);
  return span === 'lessThanHour' ? t('reviews.lessThanHour') : t(`reviews.units.${span.unit}`, { count: span.count });
}

/** Review replies: the share replied and the average time to a reply, each with its change. */
export function ReviewRepliesVisual({ primary, onDrawn }: VisualProps) {
  const { t } = useElement();
  const data = primary.review as ReviewRepliesData;
  useEffect(() => onDrawn(), [onDrawn, data]);
  const share = data.percentageReplied.currentValue;
  const hours = data.averageResponseTimeInHours.currentValue;
  return (
    <dl className="review-replies">
      <div>
        <dt>{t('reviews.percentReplied')}</dt>
        <dd>
          <strong>{share === null ? '–' : `${roundAway(share)}%`}</strong>{' '}
          <Delta t={t} value={data.percentageReplied} round={roundAway} format={(n) => t('reviews.points', { value: n })} />
        </dd>
      </div>
      <div>
        <dt>{t('reviews.responseTime')}</dt>
        <dd>
          <strong>{hours === null ? '–' : spanText(t, hours)}</strong>{' '}
          <Delta t={t} value={data.averageResponseTimeInHours} format={(n) => spanText(t, n)} lowerIsBetter />
        </dd>
      </div>
    </dl>
  );
}
