import { configure } from '../../src/stores/config';
import { loadLanguage } from '../../src/i18n';

// The elements under test hold a token, as on a partner's page: their calls go out (to servers
// that are not there, or to a test's fetch). Without one, an element outside the portal makes no
// call and shows its sign-in state (tests/e2e/dashboard.spec.ts checks that).
configure({ token: 'element-tests' });
// German arrives as a chunk of its own on first use; the tests that read it find it in.
await loadLanguage('de');
