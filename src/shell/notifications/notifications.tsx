import { useCallback, useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { afterFirstView } from '../../api/first-view';
import { loadNotifications, markAllNotificationsRead, markNotificationRead, type Notifications } from '../../api/notifications';
import { PortalLink } from '../../elements/portal-link';
import { longInstant } from '../../lib/dates';

/** How often the unread count is looked at while the page is visible. */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * The notification pop-up of the top navigation: the unread count on its button, the newest
 * mentions and alert firings, each leading to its item (which marks it read), and mark read.
 */
export function NotificationsMenu({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t, api } = useElement();
  const [data, setData] = useState<Notifications | null>(null);

  const refresh = useCallback(() => {
    loadNotifications(api)
      .then((n) => !isBadRequest(n) && setData(n))
      .catch(() => undefined);
  }, [api]);

  // Polled while the page is visible, and at once when it becomes visible again; first asked once the
  // page's own first view is drawn (src/api/first-view.ts).
  useEffect(() => {
    const cancelFirst = afterFirstView(refresh);
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), NOTIFICATION_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelFirst();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const toggle = () => {
    if (!open) refresh();
    onToggle();
  };
  const apply = (p: ReturnType<typeof markNotificationRead>) => p.then((n) => !isBadRequest(n) && setData(n)).catch(() => undefined);
  const unread = data?.unread ?? 0;

  return (
    <div className="notifications">
      <button type="button" className="bell" aria-expanded={open} aria-controls="notifications-panel" onClick={toggle}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        <span className="cx-visually-hidden">{t('notifications.button', { count: unread })}</span>
        {unread > 0 && (
          <span className="count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section id="notifications-panel" className="notifications-panel" aria-labelledby="notifications-title">
          <div className="panel-head">
            <h2 id="notifications-title">{t('notifications.title')}</h2>
            {unread > 0 && (
              <button type="button" className="link" onClick={() => void apply(markAllNotificationsRead(api))}>
                {t('notifications.markAll')}
              </button>
            )}
          </div>
          {!data ? (
            <p className="hint" role="status">{t('notifications.loading')}</p>
          ) : data.items.length === 0 ? (
            <p className="hint">{t('notifications.empty')}</p>
          ) : (
            <ul>
              {data.items.map((n) => (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  <span className="kind">{t(`notifications.kinds.${n.kind}`, { defaultValue: n.kind })}</span>
                  {n.link ? (
                    <PortalLink to={n.link} onFollow={() => !n.read && void apply(markNotificationRead(n.id, api))}>
                      {n.text}
                    </PortalLink>
                  ) : (
                    <span>{n.text}</span>
                  )}
                  <time dateTime={`${n.createdAt}Z`}>{longInstant(n.createdAt)}</time>
                  {!n.read && (
                    <button type="button" className="link" onClick={() => void apply(markNotificationRead(n.id, api))}>
                      {t('notifications.markRead')}
                      <span className="cx-visually-hidden">: {n.text}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
