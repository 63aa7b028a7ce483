// The host page's first script: asks for a returning user's access token before the portal's code
// has downloaded (src/lib/early-refresh.ts).
import { refreshEarly } from '../src/lib/early-refresh';

refreshEarly();
