/**
 * Every cx-* tag and how to load it. The autoloader imports an entry only when its tag appears.
 * `tests/unit/manifest.test.ts` checks this list against the files in `elements/`.
 */
export const elementLoaders: Record<string, () => Promise<unknown>> = {
  'cx-analytics-viewer': () => import('./cx-analytics-viewer'),
  'cx-app-registrations': () => import('./cx-app-registrations'),
  'cx-card-viewer': () => import('./cx-card-viewer'),
  'cx-change-password': () => import('./cx-change-password'),
  'cx-dashboard': () => import('./cx-dashboard'),
  'cx-data-viewer': () => import('./cx-data-viewer'),
  'cx-demo-wall': () => import('./cx-demo-wall'),
  'cx-echo-login': () => import('./cx-echo-login'),
  'cx-favourites': () => import('./cx-favourites'),
  'cx-forgot-password': () => import('./cx-forgot-password'),
  'cx-group-detail': () => import('./cx-group-detail'),
  'cx-group-list': () => import('./cx-group-list'),
  'cx-login': () => import('./cx-login'),
  'cx-nps-gauge': () => import('./cx-nps-gauge'),
  'cx-queue': () => import('./cx-queue'),
  'cx-record-detail': () => import('./cx-record-detail'),
  'cx-records-viewer': () => import('./cx-records-viewer'),
  'cx-reset-password': () => import('./cx-reset-password'),
  'cx-smart-filter-bar': () => import('./cx-smart-filter-bar'),
  'cx-sso': () => import('./cx-sso'),
  'cx-star-rating': () => import('./cx-star-rating'),
  'cx-status-page': () => import('./cx-status-page'),
  'cx-toasts': () => import('./cx-toasts'),
  'cx-top-nav': () => import('./cx-top-nav'),
  'cx-user-detail': () => import('./cx-user-detail'),
  'cx-user-list': () => import('./cx-user-list'),
  'cx-user-settings': () => import('./cx-user-settings'),
  'cx-visual': () => import('./cx-visual'),
};
