import { getRoles } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import { afterLogin } from '../../lib/after-login';
import { inAssistant, postToAssistant } from '../../lib/assistant';
import { takeTarget } from '../../stores/target';
import { $session } from '../../stores/session';
import { applySavedLocale } from '../../api/preferences';

/** The after-login order: saved target, change-password flag, role default route, /home. */
export async function destinationAfterSignIn(): Promise<string> {
  const session = $session.get();
  if (!session) return '/login';
  if (inAssistant()) postToAssistant('loggedIn', { userName: session.userName });
  await applySavedLocale();
  const target = takeTarget();
  let roleDefaultRoute: string | null = null;
  try {
    const roles = await getRoles();
    if (!isBadRequest(roles)) {
      const mine = session.role.split(',').map((r) => r.trim().toLowerCase());
      roleDefaultRoute = roles.find((r) => mine.includes(r.name.toLowerCase()) && r.defaultRoute)?.defaultRoute ?? null;
    }
  } catch {
    // without roles the order falls through to /home
  }
  return afterLogin({ target: target?.path, changePasswordOnNextLogin: session.changePasswordOnNextLogin, roleDefaultRoute });
}
