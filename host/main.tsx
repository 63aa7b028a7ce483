import { createRoot } from 'react-dom/client';
import { App, blockedTo } from './app';
import { startRouter } from './router';
import { matchRoute, telemetryPath } from './routes';
import { PAGE_ELEMENT } from './pages';
import { startSessionKeeper } from './session-keeper';
import './host.css';
// The autoloader: elements on each page load as their tags appear.
import { load } from '../elements/cx-elements';
import { configure } from '../src/stores/config';
import { $session } from '../src/stores/session';
import { applySavedLocale } from '../src/api/preferences';
import { startVersionCheck } from '../src/stores/version';
import { trackPageView } from '../src/api/telemetry';
import { ensureFreshToken } from '../src/api/client';
import { loadMenu } from '../src/stores/menu';
import { loadSettings } from '../src/stores/settings';
import { prefetchDashboardSource } from '../src/api/dashboards';
import { $path } from '../src/stores/navigation';
import { listenToAssistant } from '../src/account/assistant-login';
import { loadClientPlugins } from '../src/shell/client-plugins';
import { afterFirstView } from '../src/api/first-view';

// A lite host (hostname starting with "lite.") signs out to /signin. The portal speaks the browser's
// language until a signed-in user's saved one arrives (the page's lang="en" is only its first paint's).
// Before the early calls below: the dashboard's source is kept under the language it was asked in.
configure({ lite: location.hostname.startsWith('lite.'), locale: navigator.language || 'en' });

// The element of the page opened, fetched with the host rather than after the session, menu and
// page have rendered: on a slow phone that takes three round trips off the dashboard's first draw.
const opened = matchRoute(location.pathname);
const early = PAGE_ELEMENT[opened.route.page];
const mayOpen = blockedTo(opened.route, $session.get()) === null;
if (early && mayOpen) void load(early);
// A dashboard's first call too (a second segment may name a profile: that needs the menu first).
if (opened.route.page === 'dashboard' && !opened.params.second && mayOpen) prefetchDashboardSource(opened.params.first);
// The sign-in form's settings (whether single sign-on is offered) too: its button is in the form's
// first draw, not a round trip later, pushing the form's last link down.
if (early === 'cx-login' && mayOpen) void loadSettings();
// A returning user's access token (not kept across reloads) and menu are asked for at once, not
// when the first element makes a call: the page's data starts a round trip sooner.
if ($session.get()) void ensureFreshToken().then(() => loadMenu());

startRouter();
// A returning user gets their saved language.
if ($session.get()) void applySavedLocale();
startSessionKeeper();
listenToAssistant();
// Page views never carry a reset or invitation token (the route's pattern stands in).
$path.subscribe((path) => trackPageView(telemetryPath(path)));
// Client plugins and the version the page was loaded with wait for the first view: the page's own
// calls go first (src/api/first-view.ts).
afterFirstView(() => void loadClientPlugins());
afterFirstView(() => void startVersionCheck());
createRoot(document.getElementById('app')!).render(<App />);
