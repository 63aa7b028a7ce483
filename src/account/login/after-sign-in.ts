import { getRoles } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import { afterLogin } from '../../lib/after-login';
import { inAssistant, postToAssistant } from '../../lib/assistant';
import { takeTarget } from '../../stores/target';
import { $session } from '../../stores/session';
import { $menu, loadMenu, visibleItems } from '../../stores/menu';
import { applySavedLocale } from '../../api/preferences';
import { restoreDashboardState } from '../../dashboard/saved-state';
import { narrowViewport } from '../../lib/mobile';

/** The role's default route, if the user's role has one. */
async function roleDefaultRoute(role: string): Promise<string | null> {
  try {
    const roles = await getRoles();
    if (isBadRequest(roles)) return null;
    const mine = role.split(',').map((r) => r.trim().toLowerCase());
    return roles.find((r) => mine.includes(r.name.toLowerCase()) && r.defaultRoute)?.defaultRoute ?? null;
  } catch {
    return null;
  }
}

/** The lowest-weight menu item the user sees (spec part 1 section 2: where the please-wait screen goes). */
async function firstMenuItem(): Promise<string | null> {
  await loadMenu();
  return visibleItems($menu.get() ?? [], narrowViewport())[0]?.navUrl ?? null;
}

/** The role's default route and the first menu item: independent look-ups, made together. */
async function fallbacks(role: string): Promise<{ roleDefaultRoute: string | null; firstMenuItem: string | null }> {
  const [route, item] = await Promise.all([roleDefaultRoute(role), firstMenuItem()]);
  return { roleDefaultRoute: route, firstMenuItem: item };
}

/** Where the user belongs without a target: the role's default route, else the first menu item, else /home. */
export async function landingPage(): Promise<string> {
  const session = $session.get();
  if (!session) return '/login';
  return afterLogin({ changePasswordOnNextLogin: false, ...(await fallbacks(session.role)) });
}

/** The after-login order: change-password flag, saved target, role default route, first menu item, /home. */
export async function destinationAfterSignIn(): Promise<string> {
  const session = $session.get();
  if (!session) return '/login';
  if (inAssistant()) postToAssistant('loggedIn', { userName: session.userName });
  await applySavedLocale();
  const target = takeTarget();
  await restoreDashboardState(target?.state);
  return afterLogin({ target: target?.path, changePasswordOnNextLogin: session.changePasswordOnNextLogin, ...(await fallbacks(session.role)) });
}
