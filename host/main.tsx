import { createRoot } from 'react-dom/client';
import { App } from './app';
import './host.css';
// The autoloader: elements on each page load as their tags appear.
import '../elements/cx-elements';

createRoot(document.getElementById('app')!).render(<App />);
