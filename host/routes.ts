/** The route table of spec part 1 section 2: one list of `{ path, roles, anonymous, page }`. */

const HOME = ['PortalUser', 'GlobalAdmin', 'PortalAdmin'];
const ADMIN = ['GlobalAdmin', 'PortalAdmin'];
const EDITOR = ['PortalAdmin', 'PortalUser', 'SurveyEditor'];
const ANALYST = ['PortalAdmin', 'PortalUser'];

export type Page =
  | 'home' | 'login' | 'signin' | 'forgot' | 'reset' | 'create' | 'logout' | 'error' | 'not-found' | 'unauthorised' | 'echo-503'
  | 'sso-start' | 'sso-confirm' | 'sso-error' | 'user-register' | 'change-password' | 'user-settings' | 'echo-login' | 'app-registrations'
  | 'user-detail' | 'user-list' | 'group-list' | 'group-register' | 'group-detail' | 'alerts' | 'editor' | 'create-survey' | 'dataviz'
  | 'processflow' | 'operations' | 'operations-panel' | 'content' | 'dashboard' | 'survey' | 'help'
  | 'datasources' | 'datasource-import' | 'datasource' | 'setup' | 'case-rules' | 'webhooks' | 'sso-admin' | 'dashboard-builder';

export interface Route {
  path: string;
  page: Page;
  /** Reachable without signing in. */
  anonymous?: boolean;
  /** Any of these roles; none listed means any signed-in user. */
  roles?: string[];
  /** Shown in the title. */
  title: string;
  /** A page for the public (a survey): no portal navigation around it. */
  bare?: boolean;
}

export const ROUTES: Route[] = [
  { path: '/', page: 'home', roles: HOME, title: 'Home' },
  { path: '/home', page: 'home', roles: HOME, title: 'Home' },
  { path: '/login', page: 'login', anonymous: true, title: 'Sign in' },
  { path: '/signin', page: 'signin', anonymous: true, title: 'Sign in' },
  { path: '/forgotpassword', page: 'forgot', anonymous: true, title: 'Forgotten password' },
  { path: '/resetPassword/:token', page: 'reset', anonymous: true, title: 'Reset password' },
  { path: '/userCreation/:token', page: 'create', anonymous: true, title: 'Create your password' },
  { path: '/logout', page: 'logout', anonymous: true, title: 'Signed out' },
  { path: '/error', page: 'error', anonymous: true, title: 'Error' },
  { path: '/404', page: 'not-found', anonymous: true, title: 'Page Not Found' },
  { path: '/401', page: 'unauthorised', anonymous: true, title: 'Unauthorised' },
  { path: '/echo-503', page: 'echo-503', anonymous: true, title: 'Not available on mobile' },
  { path: '/sso/start', page: 'sso-start', anonymous: true, title: 'Single sign-on' },
  { path: '/sso/confirm', page: 'sso-confirm', anonymous: true, title: 'Single sign-on' },
  { path: '/sso/error/:error?', page: 'sso-error', anonymous: true, title: 'Single sign-on' },
  { path: '/help', page: 'help', anonymous: true, title: 'Help' },
  // An empty portal's one-time set-up of its first administrator (PORTAL_START=empty).
  { path: '/setup', page: 'setup', anonymous: true, title: 'Set up' },
  { path: '/user/register', page: 'user-register', title: 'Create a user' },
  { path: '/user/changePassword', page: 'change-password', title: 'Change password' },
  { path: '/user/updateSettings', page: 'user-settings', title: 'Settings' },
  { path: '/user/echoLogin', page: 'echo-login', title: 'Mobile sign-in code' },
  { path: '/user/applicationRegistrations', page: 'app-registrations', title: 'Other Devices' },
  { path: '/user/:id', page: 'user-detail', title: 'User' },
  { path: '/user', page: 'user-list', roles: ADMIN, title: 'Users' },
  { path: '/group', page: 'group-list', roles: ADMIN, title: 'Groups' },
  { path: '/group/register', page: 'group-register', title: 'Create a group' },
  { path: '/group/:groupid', page: 'group-detail', title: 'Group' },
  { path: '/alerts', page: 'alerts', roles: HOME, title: 'Alerts' },
  { path: '/admin/datasources', page: 'datasources', roles: ADMIN, title: 'Data sources' },
  { path: '/admin/datasources/new', page: 'datasource-import', roles: ADMIN, title: 'Add your data' },
  { path: '/admin/datasources/:sourceId', page: 'datasource', roles: ADMIN, title: 'Data source' },
  { path: '/admin/caserules', page: 'case-rules', roles: ADMIN, title: 'Case rules' },
  { path: '/admin/webhooks', page: 'webhooks', roles: ADMIN, title: 'Webhooks' },
  // Single sign-on and SCIM change who may sign in at all: GlobalAdmin only, as the server's routes are.
  { path: '/admin/sso', page: 'sso-admin', roles: ['GlobalAdmin'], title: 'Single sign-on' },
  { path: '/editor/home', page: 'editor', roles: EDITOR, title: 'Survey editor' },
  { path: '/editor/build/', page: 'editor', roles: EDITOR, title: 'Survey editor' },
  { path: '/editor/update/:shortcode', page: 'editor', roles: EDITOR, title: 'Survey editor' },
  { path: '/createSurvey', page: 'create-survey', roles: ANALYST, title: 'Create a survey' },
  { path: '/survey/:shortcode/:inviteId?', page: 'survey', anonymous: true, bare: true, title: 'Survey' },
  { path: '/dataviz', page: 'dataviz', roles: ANALYST, title: 'Data visualisation' },
  { path: '/dataviz/home', page: 'dataviz', roles: ANALYST, title: 'Data visualisation' },
  // The dashboard builder (issue 46): whoever builds dashboards; the server decides which ones they may edit.
  { path: '/dataviz/build/:dashboardId', page: 'dashboard-builder', roles: HOME, title: 'Dashboard builder' },
  { path: '/processflow/:moduleId/:sourceObjectId/:profileId?/:action?', page: 'processflow', roles: ANALYST, title: 'Process flow' },
  { path: '/operations/home', page: 'operations', roles: ['GlobalAdmin', 'System'], title: 'Operations' },
  { path: '/operations/panel', page: 'operations-panel', title: 'Operations' },
  { path: '/content/:profileId/:moduleId/*', page: 'content', roles: HOME, title: 'Content' },
  { path: '/dashboard/:first/:second?', page: 'dashboard', roles: HOME, title: 'Dashboard' },
];

export const NOT_FOUND: Route = { path: '/404', page: 'not-found', anonymous: true, title: 'Page Not Found' };

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** The first route whose pattern matches `pathname` (`:name`, optional `:name?`, trailing `*`). */
export function matchRoute(pathname: string): Match {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const route of ROUTES) {
    const pattern = route.path.replace(/\/+$/, '').split('/').slice(1);
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < Math.max(pattern.length, parts.length); i++) {
      const p = pattern[i];
      const v = parts[i];
      if (p === '*') {
        params.rest = parts.slice(i).map(decodeURIComponent).join('/');
        break;
      }
      if (p === undefined) {
        ok = false;
        break;
      }
      if (p.startsWith(':')) {
        const optional = p.endsWith('?');
        if (v === undefined || v === '') {
          if (optional) continue;
          ok = false;
          break;
        }
        params[p.slice(1).replace('?', '')] = decodeURIComponent(v);
      } else if (p !== v) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return { route: NOT_FOUND, params: {} };
}

/** What the title may name: the menu's profiles and their modules. */
export interface TitleNames {
  profiles: ReadonlyArray<{ name: string; title: string; navigationItems: ReadonlyArray<{ moduleId: string; navName: string }> }>;
}

/**
 * Page title (spec part 1 section 2): the names of the profile, the module, the source object
 * and the id joined with a dash, then the product suffix. Content and dashboard pages are named in
 * words from the menu; every other page by its route's title, so no address part (a reset link's
 * token, a user's id) ever reaches the title.
 */
export function pageTitle(match: Match, suffix = 'CX Portal', names: TitleNames = { profiles: [] }): string {
  const { page } = match.route;
  const p = match.params;
  const profileOf = (id?: string) => names.profiles.find((x) => x.name.toLowerCase() === id?.toLowerCase());
  const moduleName = (id?: string) => names.profiles.flatMap((x) => x.navigationItems).find((i) => i.moduleId.toLowerCase() === id?.toLowerCase())?.navName;
  // A page whose address names no profile (a dashboard by its name, a case) is in the profile whose menu holds its module.
  const holding = (moduleId?: string) => names.profiles.find((x) => x.navigationItems.some((i) => i.moduleId.toLowerCase() === moduleId?.toLowerCase()));
  let parts: Array<string | undefined> = [match.route.title];
  if (page === 'content') {
    const [sourceObject, id] = (p.rest ?? '').split('/');
    parts = [profileOf(p.profileId)?.title ?? match.route.title, moduleName(p.moduleId), sourceObject && words(sourceObject), id];
  } else if (page === 'dashboard') {
    const profile = profileOf(p.first);
    const module = profile ? p.second : p.first;
    parts = [(profile ?? profileOf(p.second) ?? holding(module))?.title, moduleName(module) ?? (module && words(module))];
  } else if (page === 'processflow') {
    parts = [(profileOf(p.profileId) ?? holding(p.moduleId))?.title, moduleName(p.moduleId) ?? words(p.moduleId), p.sourceObjectId];
  }
  return `${parts.filter(Boolean).join(' - ')} | ${suffix}`;
}

/** An address segment in words: 'nps_comments' -> 'Nps comments'. */
const words = (segment: string) => {
  const text = segment.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The path telemetry records: a route with a one-time token is recorded by its pattern, never with the token. */
export function telemetryPath(path: string): string {
  const pathname = path.split('?')[0];
  const { route } = matchRoute(pathname);
  return route.path.includes(':token') ? route.path : pathname;
}

/**
 * The dashboard and profile of a dashboard route (spec part 1 section 2): /dashboard/{name}/ and
 * /dashboard/{name}/{profile} name the dashboard first (the second part switches the profile, in
 * place); /dashboard/{profileId}/{moduleId} starts with a content profile, so the dashboard is the
 * second part. Layouts are chosen on the page, never by the address.
 */
export function dashboardOf(first: string, second: string | undefined, profiles: readonly string[]): { dashboardId: string; profile?: string } {
  const isProfile = (name: string) => profiles.some((p) => p.toLowerCase() === name.toLowerCase());
  if (second && isProfile(first)) return { dashboardId: second, profile: first };
  return { dashboardId: first, profile: second && isProfile(second) ? second : undefined };
}
