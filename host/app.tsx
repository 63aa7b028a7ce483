import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $path, navigate } from '../src/stores/navigation';
import { $session } from '../src/stores/session';
import { $config } from '../src/stores/config';
import { saveTarget } from '../src/stores/target';
import { stateLeftBehind } from '../src/dashboard/saved-state';
import { hasAnyRole } from '../src/lib/roles';
import { matchRoute, pageTitle } from './routes';
import { PageFor } from './pages';
import { $languagesLoaded, translator } from '../src/i18n';
import { $menu, activeItem } from '../src/stores/menu';
import { isMobilePage } from '../src/lib/mobile';

/** The tab title and the document language follow the route and the locale. */
function describeDocument(title: string, lang: string): void {
  document.title = title;
  document.documentElement.lang = lang.split('-')[0];
}

const SECOND_FACTOR_PAGE = '/user/updateSettings';

/** Where the guard sends the user for this route, or null when they may see it. */
export function blockedTo(route: ReturnType<typeof matchRoute>['route'], session: ReturnType<typeof $session.get>): string | null {
  if (route.anonymous) return null;
  if (!session) return '/login';
  // A session that may only set up a second factor stays on the page that sets it up.
  if (session.secondFactorSetup && route.path !== SECOND_FACTOR_PAGE) return SECOND_FACTOR_PAGE;
  if (route.roles && !hasAnyRole(session, route.roles)) return '/401';
  return null;
}

/** The host portal: the top navigation and the page of the current route, behind the guard. */
export function App() {
  const path = useStore($path);
  const session = useStore($session);
  const lang = useStore($config).locale;
  // Re-rendered when a language's texts arrive (German loads on first use).
  useStore($languagesLoaded);
  const [pathname, search = ''] = path.split('?');
  const match = matchRoute(pathname);
  const menu = useStore($menu);
  // On a phone, a menu item flagged hideOnMobile opens the not-on-mobile page instead.
  const mobileOnly = menu && isMobilePage() && activeItem(menu.flatMap((p) => p.navigationItems), pathname)?.hideOnMobile;
  const blocked = blockedTo(match.route, session) ?? (mobileOnly ? '/echo-503' : null);
  const t = translator(lang);

  const title = pageTitle(match, t('nav.brand'), { profiles: menu ?? [] });
  useEffect(() => describeDocument(title, lang), [title, lang]);

  useEffect(() => {
    // The target and the dashboard state the ended session left, for restore after sign-in.
    if (blocked === '/login') saveTarget(path, stateLeftBehind() ?? undefined);
    if (blocked) navigate(blocked, { replace: true });
  }, [blocked, path]);

  // A public survey is the respondent's page alone: no portal navigation, no skip link to it.
  if (match.route.bare)
    return (
      <main className="page bare" id="main">
        <PageFor key={path} match={match} query={new URLSearchParams(search)} lang={lang} />
      </main>
    );

  return (
    <div className="shell">
      {/* In a landmark of its own, so no content of the page lies outside landmarks (axe: region). */}
      <nav className="skip-links" aria-label={t('host.skipLinks')}>
        <a className="skip" href="#main">
          {t('host.skip')}
        </a>
      </nav>
      <cx-top-nav></cx-top-nav>
      <main className="page" id="main" tabIndex={-1}>
        {!blocked && <PageFor key={path} match={match} query={new URLSearchParams(search)} lang={lang} />}
      </main>
      <cx-toasts></cx-toasts>
    </div>
  );
}
