/** Where the user goes after signing in (spec part 1 section 4, "After login"). */
import { samePortalPath } from './safe-path';

const LOGIN_PATHS = /\/(login|signin|resetPassword|userCreation|logout)\b/i;

export interface AfterLoginInput {
  /** The path the guard saved when it sent the user to sign in. */
  target?: string | null;
  changePasswordOnNextLogin: boolean;
  /** The defaultRoute of the user's role, if it has one. */
  roleDefaultRoute?: string | null;
  /** The lowest-weight visible menu item (spec part 1 section 2, the please-wait screen). */
  firstMenuItem?: string | null;
}

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.test(path);
}

export function afterLogin({ target, changePasswordOnNextLogin, roleDefaultRoute, firstMenuItem }: AfterLoginInput): string {
  if (changePasswordOnNextLogin) return '/user/changePassword';
  // Only a path of the portal itself: a saved or relayed target never leads to another site.
  const own = samePortalPath(target);
  if (own && !isLoginPath(own)) return own;
  if (roleDefaultRoute) return roleDefaultRoute;
  const item = samePortalPath(firstMenuItem);
  if (item && !isLoginPath(item)) return item;
  return '/home';
}
