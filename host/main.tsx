import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startRouter } from './router';
import { startSessionKeeper } from './session-keeper';
import './host.css';
// The autoloader: elements on each page load as their tags appear.
import '../elements/cx-elements';
import { configure } from '../src/stores/config';

// A lite host (hostname starting with "lite.") signs out to /signin.
configure({ lite: location.hostname.startsWith('lite.') });
startRouter();
startSessionKeeper();
createRoot(document.getElementById('app')!).render(<App />);
