import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startRouter } from './router';
import { telemetryPath } from './routes';
import { startSessionKeeper } from './session-keeper';
import './host.css';
// The autoloader: elements on each page load as their tags appear.
import '../elements/cx-elements';
import { configure } from '../src/stores/config';
import { $session } from '../src/stores/session';
import { applySavedLocale } from '../src/api/preferences';
import { startVersionCheck } from '../src/stores/version';
import { trackPageView } from '../src/api/telemetry';
import { $path } from '../src/stores/navigation';
import { listenToAssistant } from '../src/account/assistant-login';
import { loadClientPlugins } from '../src/shell/client-plugins';

// A lite host (hostname starting with "lite.") signs out to /signin.
configure({ lite: location.hostname.startsWith('lite.') });
startRouter();
// Page views never carry a reset or invitation token (the route's pattern stands in).
$path.subscribe((path) => trackPageView(telemetryPath(path)));
// A returning user gets their saved language.
if ($session.get()) void applySavedLocale();
startSessionKeeper();
listenToAssistant();
void loadClientPlugins();
void startVersionCheck();
createRoot(document.getElementById('app')!).render(<App />);
