import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { isBadRequest } from '../../api/client';
import { singleVisual } from '../../api/dashboards';
import { trackEvent } from '../../api/telemetry';
import { FEED_TABS, SORT_ORDERS, type FeedRequest, type ReviewCard, type ReviewFeedData } from '../../api/review-types';
import { callToAction, callToActionUrl, FEED_GROUPS, feedGroup, pageCount, relativeSpan } from '../../lib/reviews';
import { longInstant, utc } from '../../lib/dates';
import type { VisualProps } from '../common/visual-props';
import { useVisualSource } from '../common/visual-source';
import { Stars } from './review-ratings';
import type { RowHighlights } from '../../api/text';
import { HighlightedText } from '../../elements/highlighted-text/highlighted-text';
import { useHighlights } from '../../elements/highlighted-text/use-highlights';

function Card({ card, feed, now, highlights }: { card: ReviewCard; feed: ReviewFeedData; now: Date; highlights?: RowHighlights }) {
  const { t } = useElement();
  const cta = callToAction(card);
  const posted = utc(card.reviewPostedAt);
  const since = relativeSpan((now.getTime() - posted.getTime()) / 3_600_000);
  const ago = since === 'lessThanHour' ? t('reviews.justNow') : t('reviews.ago', { span: t(`reviews.units.${since.unit}`, { count: since.count }) });
  const replied = card.repliedAt ? relativeSpan((utc(card.repliedAt).getTime() - posted.getTime()) / 3_600_000) : null;
  return (
    <li className={`review-card rating-${card.ratingIndex < 0 ? 'negative' : card.ratingIndex > 0 ? 'positive' : 'neutral'}`} data-review={card.id}>
      <p className="review-meta">
        <Stars value={card.stars} label={t('reviews.starsOf', { value: card.stars })} />{' '}
        <strong>{card.author || t('reviews.anonymous')}</strong> · {card.store} · <time dateTime={card.reviewPostedAt} title={longInstant(posted)}>{ago}</time>
      </p>
      {card.text && <p className="review-text"><HighlightedText text={card.text} highlights={highlights} /></p>}
      {card.reply && (
        <p className="review-reply">
          <span className="hint">{replied && replied !== 'lessThanHour' ? t('reviews.repliedAfter', { span: t(`reviews.units.${replied.unit}`, { count: replied.count }) }) : t('reviews.repliedSoon')}</span> {card.reply}
        </p>
      )}
      <PortalLink className="button-link" to={callToActionUrl(card, feed.processFlowModuleId, feed.profile)} onFollow={() => trackEvent('Call to action', { label: cta.label, reviewId: String(card.id) })}>
        {t(`reviews.cta.${cta.label.replace(/ /g, '')}`)}
      </PortalLink>
    </li>
  );
}

/**
 * Review feed (spec part 3): cards grouped Today, This Week, This Month and Older; tabs (a change
 * goes back to the first page), a sort order, load-more paging and a call to action per card. A
 * new answer from the dashboard (a redraw) starts again at the first page.
 */
export function ReviewFeedVisual({ name, primary, onDrawn }: VisualProps) {
  const { t, api } = useElement();
  const source = useVisualSource();
  const first = primary.review as ReviewFeedData;
  const [feed, setFeed] = useState(first);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A new answer from the dashboard (a redraw) starts again at its first page.
  const [answered, setAnswered] = useState(first);
  if (answered !== first) {
    setAnswered(first);
    setFeed(first);
  }
  useEffect(() => onDrawn(), [onDrawn, feed]);
  // The review texts' highlighted words, asked in one call for the cards shown (the reviews are the module's rows).
  const highlights = useHighlights(source?.moduleId, feed.cards.filter((c) => c.text).map((c) => String(c.id)));

  const load = async (request: FeedRequest, append: boolean) => {
    if (!source) return;
    setBusy(true);
    setError('');
    try {
      const res = await singleVisual(source.moduleId, name, source.smartFilters, api, request);
      const next = !isBadRequest(res) && res.primary.review?.kind === 'ReviewFeed' ? res.primary.review : null;
      if (!next) return setError(t('reviews.loadFailed'));
      setFeed(append ? { ...next, cards: [...feed.cards, ...next.cards] } : next);
    } catch {
      setError(t('reviews.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  const request = (change: Partial<FeedRequest>): FeedRequest => ({ page: 0, feedTab: feed.feedTab, sortOrder: feed.sortOrder, ...change });
  const now = new Date();
  const pages = pageCount(feed.count, feed.pageSize);
  const groups = FEED_GROUPS.map((g) => ({ g, cards: feed.cards.filter((c) => feedGroup(utc(c.reviewPostedAt), now) === g) })).filter((x) => x.cards.length);
  return (
    <div className="review-feed" aria-busy={busy}>
      <div className="feed-controls">
        <div role="tablist" aria-label={t('reviews.tabs')}>
          {FEED_TABS.map((tab) => (
            <button key={tab} type="button" role="tab" aria-selected={feed.feedTab === tab} className={feed.feedTab === tab ? 'tab active' : 'tab'} disabled={busy}
              onClick={() => {
                if (tab === feed.feedTab) return;
                trackEvent('Tab Changed', { tab });
                void load(request({ feedTab: tab }), false);
              }}>
              {t(`reviews.tab.${tab}`)}
            </button>
          ))}
        </div>
        <label className="sort">
          {t('reviews.sortOrder')}{' '}
          <select value={feed.sortOrder} disabled={busy} onChange={(e) => {
            trackEvent('Change Sort Order', { sortOrder: e.target.value });
            void load(request({ sortOrder: e.target.value as FeedRequest['sortOrder'] }), false);
          }}>
            {SORT_ORDERS.map((s) => <option key={s} value={s}>{t(`reviews.sort.${s}`)}</option>)}
          </select>
        </label>
      </div>
      {error && <p className="cx-error" role="alert">{error}</p>}
      {feed.cards.length === 0 ? (
        <p className="no-data" role="status">{t(`reviews.empty.${feed.emptyStateVariation ?? 'NoReviews'}`)}</p>
      ) : (
        groups.map(({ g, cards }) => (
          <section key={g} className="feed-group" aria-label={t(`reviews.group.${g}`)}>
            <h3>{t(`reviews.group.${g}`)}</h3>
            <ul>{cards.map((c) => <Card key={c.id} card={c} feed={feed} now={now} highlights={highlights[String(c.id)]} />)}</ul>
          </section>
        ))
      )}
      <p className="hint" role="status">{t('reviews.shown', { shown: feed.cards.length, count: feed.count })}</p>
      {feed.page + 1 < pages && (
        <button type="button" className="secondary load-more" disabled={busy} aria-busy={busy}
          onClick={() => {
            trackEvent('Load Next Page', { page: String(feed.page + 1) });
            void load(request({ page: feed.page + 1 }), true);
          }}>
          {t('reviews.loadMore')}
        </button>
      )}
    </div>
  );
}
