import type { Db } from '../db';
import { DEFAULT_FEEDBACK_CONFIG } from '../feedback/config';
import { SURVEY_MODULE_ID, TEAM_FEEDBACK_CONFIG } from '../inportalsurvey/config';
import { BUILTIN_SOURCES } from '../datasources/builtin';
import { ROLES } from './people';
import { LANGUAGES, LANGUAGE_NAMES } from '../../src/i18n/languages';

/** Portal-wide settings (GET /api/settings) and named configurations (GET /api/settings/{name}). */
export const SETTINGS = {
  portal: {
    cacheBusterHash: 'b1',
    cacheBusterContentHash: 'c1',
    languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    portalCoreVersion: '0.1.0',
    viewingProfanityCleanedFieldsAccessibleToRoles: ['GlobalAdmin', 'PortalAdmin'],
    googleAnalyticsId: '',
    clientId: 'cx-portal-web',
    environment: 'demo',
    appInsightsKey: '',
    qrBaseUrl: 'cxassistant://login',
    isEcho2Enabled: true,
    sso: { enabled: true, mode: 'redirect', url: '/sso/start' },
    features: { alerting: true, workflow: true, reporting: true },
  },
  feedback: DEFAULT_FEEDBACK_CONFIG,
  support: { email: 'support@demo.cx' },
};

const PROFILES = [
  { name: 'insights', title: 'Insights', hideOnMobile: false, weight: 10 },
  { name: 'cases', title: 'Case management', hideOnMobile: false, weight: 20 },
  { name: 'admin', title: 'Administration', hideOnMobile: true, weight: 90 },
];

const ALL = 'PortalUser,GlobalAdmin,PortalAdmin';
/**
 * Navigation items with the spec's weights (alerts 90, users 99, editor 120, operations 130, groups 199).
 * `demo` items open the demo's dashboards and data: an empty portal (PORTAL_START=empty) has none of them.
 */
const NAV: Array<{ id: string; profile: string; name: string; url: string; weight: number; template: string; roles: string; demo?: boolean; anonymous?: boolean; hideMenu?: boolean }> = [
  { id: 'home', profile: 'insights', name: 'Home', url: '/home', weight: 10, template: 'Home', roles: ALL },
  { id: 'overview', profile: 'insights', name: 'Overview', url: '/dashboard/overview/', weight: 20, template: 'Dashboard', roles: ALL, demo: true },
  { id: 'drivers', profile: 'insights', name: 'Drivers', url: '/dashboard/drivers/', weight: 25, template: 'Dashboard', roles: ALL, demo: true },
  { id: 'responses', profile: 'insights', name: 'Responses', url: '/content/insights/responses', weight: 30, template: 'DataViewer', roles: ALL, demo: true },
  { id: 'social', profile: 'insights', name: 'Reviews', url: '/dashboard/social/', weight: 27, template: 'Dashboard', roles: ALL, demo: true },
  { id: 'cases', profile: 'cases', name: 'Cases', url: '/content/cases/cases/New', weight: 40, template: 'ProcessFlow', roles: 'PortalAdmin,PortalUser' },
  { id: 'reviews', profile: 'cases', name: 'Review replies', url: '/content/cases/reviews/New', weight: 45, template: 'ProcessFlow', roles: 'PortalAdmin,PortalUser' },
  { id: SURVEY_MODULE_ID, profile: 'insights', name: '360° feedback', url: `/content/insights/${SURVEY_MODULE_ID}`, weight: 35, template: 'InPortalSurvey', roles: ALL },
  { id: 'alerts', profile: 'insights', name: 'Alerts', url: '/alerts', weight: 90, template: 'Alerts', roles: ALL },
  { id: 'portal-feedback', profile: 'admin', name: 'Portal feedback', url: '/dashboard/portal-feedback/', weight: 95, template: 'Dashboard', roles: 'GlobalAdmin,PortalAdmin', demo: true },
  { id: 'datasources', profile: 'admin', name: 'Data sources', url: '/admin/datasources', weight: 97, template: 'DataSources', roles: 'GlobalAdmin,PortalAdmin' },
  { id: 'caserules', profile: 'admin', name: 'Case rules', url: '/admin/caserules', weight: 98, template: 'CaseRules', roles: 'GlobalAdmin,PortalAdmin' },
  { id: 'webhooks', profile: 'admin', name: 'Webhooks', url: '/admin/webhooks', weight: 100, template: 'Webhooks', roles: 'GlobalAdmin,PortalAdmin' },
  { id: 'sso', profile: 'admin', name: 'Single sign-on', url: '/admin/sso', weight: 101, template: 'SingleSignOn', roles: 'GlobalAdmin' },
  { id: 'users', profile: 'admin', name: 'Users', url: '/user', weight: 99, template: 'Users', roles: 'GlobalAdmin,PortalAdmin' },
  { id: 'editor', profile: 'admin', name: 'Survey editor', url: '/editor/home', weight: 120, template: 'Editor', roles: 'PortalAdmin,PortalUser,SurveyEditor' },
  { id: 'operations', profile: 'admin', name: 'Operations', url: '/operations/home', weight: 130, template: 'Operations', roles: 'GlobalAdmin,System' },
  { id: 'groups', profile: 'admin', name: 'Groups', url: '/group', weight: 199, template: 'Groups', roles: 'GlobalAdmin,PortalAdmin' },
  { id: 'help', profile: 'insights', name: 'Help', url: '/help', weight: 1000, template: 'Help', roles: '', anonymous: true, hideMenu: false },
];

const LOCALE_STRINGS: Record<string, Record<string, string>> = {
  en: { 'nav.home': 'Home', 'nav.overview': 'Overview', 'nav.drivers': 'Drivers', 'nav.social': 'Reviews', 'nav.reviews': 'Review replies', 'nav.responses': 'Responses', 'nav.users': 'Users', 'nav.groups': 'Groups', 'nav.team-feedback': '360° feedback', 'nav.portal-feedback': 'Portal feedback', 'nav.datasources': 'Data sources', 'nav.caserules': 'Case rules', 'nav.webhooks': 'Webhooks', 'nav.sso': 'Single sign-on', 'app.title': 'CX Portal' },
  de: { 'nav.home': 'Startseite', 'nav.overview': 'Übersicht', 'nav.drivers': 'Treiber', 'nav.social': 'Bewertungen', 'nav.reviews': 'Bewertungsantworten', 'nav.responses': 'Antworten', 'nav.users': 'Benutzer', 'nav.groups': 'Gruppen', 'nav.team-feedback': '360°-Feedback', 'nav.portal-feedback': 'Portal-Feedback', 'nav.datasources': 'Datenquellen', 'nav.caserules': 'Fallregeln', 'nav.webhooks': 'Webhooks', 'nav.sso': 'Single Sign-on', 'app.title': 'CX-Portal' },
};

const insertNav = (db: Db, items: typeof NAV) =>
  db.insertMany(
    'nav_items',
    ['module_id', 'profile', 'nav_name', 'nav_url', 'nav_weight', 'module_template', 'accessible_to_roles', 'anonymous', 'hide_menu', 'hide_on_mobile', 'show_new_badge'],
    items.map((n) => [n.id, n.profile, n.name, n.url, n.weight, n.template, n.roles, n.anonymous ?? false, n.hideMenu ?? false, n.id === 'editor', n.id === 'processflow']),
  );

/**
 * What every portal needs, the demo's and an empty one alike: roles, settings, locales, content
 * profiles, modules, the navigation that opens no demo data, and client plugins. `feedbackWidget`
 * false seeds the widget switched off (an administrator switches it on with PUT api/feedback/config).
 */
export async function seedStructure(db: Db, { feedbackWidget = true }: { feedbackWidget?: boolean } = {}): Promise<void> {
  await db.insertMany('roles', ['name', 'reports_to', 'data_attribute', 'default_route', 'rank'],
    ROLES.map((r) => [r.name, r.reportsTo, r.dataAttribute, r.defaultRoute, r.rank]));
  const settings = { ...SETTINGS, feedback: { ...SETTINGS.feedback, Enabled: feedbackWidget } };
  await db.insertMany('settings', ['name', 'value'], Object.entries(settings).map(([k, v]) => [k, JSON.stringify(v)]));
  await db.insertMany('locale_strings', ['lang', 'key', 'value'],
    Object.entries(LOCALE_STRINGS).flatMap(([lang, strings]) => Object.entries(strings).map(([k, v]) => [lang, k, v])));
  await db.insertMany('content_profiles', ['name', 'title', 'hide_on_mobile', 'weight'], PROFILES.map((p) => [p.name, p.title, p.hideOnMobile, p.weight]));
  await db.insertMany('modules', ['module_id', 'name', 'kind', 'config'], [
    ...BUILTIN_SOURCES.map((m) => [m.moduleId, m.name, 'smartdata', JSON.stringify({ ignoreClaims: m.ignoreClaims, dateFilterDimension: m.dateKey })]),
    [SURVEY_MODULE_ID, TEAM_FEEDBACK_CONFIG.PageConfig.PageSubject, 'inportalsurvey', JSON.stringify(TEAM_FEEDBACK_CONFIG)],
  ]);
  await insertNav(db, NAV.filter((n) => !n.demo));
  await db.insertMany('client_plugins', ['element_name', 'enabled', 'hide_on_mobile', 'parent_selector', 'retry_interval', 'script_url'], [
    // The widget floats over the page, so it lives in the body; phones never show it (it needs 1024 px).
    ['cx-feedback-widget', true, true, 'body', 1000, '/elements/cx-elements.js'],
  ]);
}

/** The demo's menu items of its dashboards and data, and its analysts' landing page: its overview dashboard. */
export async function seedDemoNavigation(db: Db): Promise<void> {
  await insertNav(db, NAV.filter((n) => n.demo));
  await db.query("UPDATE roles SET default_route = '/dashboard/overview/' WHERE name = 'PortalUser'");
}
