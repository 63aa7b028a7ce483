import { ensureFreshToken } from '../src/api/client';
import '../src/api/identity';
import { $session } from '../src/stores/session';

const CHECK_EVERY_MS = 5_000;

/** Refreshes the access token 10 s before it expires, even while the user makes no calls. */
export function startSessionKeeper(): void {
  setInterval(() => {
    if ($session.get()) void ensureFreshToken();
  }, CHECK_EVERY_MS);
}
