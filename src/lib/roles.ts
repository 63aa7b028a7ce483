/** Role rules of spec part 1 section 6. */

export const ROLE = {
  GlobalAdmin: 'GlobalAdmin',
  PortalAdmin: 'PortalAdmin',
  PortalUser: 'PortalUser',
  SurveyEditor: 'SurveyEditor',
  System: 'System',
} as const;

const split = (list: string | undefined | null) => (list ?? '').split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);

/**
 * Who may reveal a profanity-cleaned value (spec part 1 section 6): anyone when the configured
 * list is empty, otherwise a user with one of its roles. The server applies the same rule.
 */
export function mayRevealHidden(session: { role: string; portalRole?: string } | null | undefined, allowed: readonly string[] | undefined): boolean {
  if (!session || allowed === undefined) return false;
  return allowed.length === 0 || hasAnyRole(session, allowed);
}

/** True when any of `wanted` is in the session's role or portalRole lists, case-insensitively. */
export function hasAnyRole(session: { role: string; portalRole?: string } | null | undefined, wanted: readonly string[]): boolean {
  if (!session) return false;
  const mine = new Set([...split(session.role), ...split(session.portalRole)]);
  return wanted.some((w) => mine.has(w.toLowerCase()));
}

/**
 * Who may save a dashboard's layout in edit mode (docs/decisions.md): the portal's authors. The
 * server enforces the same list on the save.
 */
export const DASHBOARD_EDITOR_ROLES = [ROLE.PortalAdmin, ROLE.GlobalAdmin] as const;
/** Who builds dashboards of their own (issue 46; server/dashboards/roles.ts: DASHBOARD_ROLES); sharing stays DASHBOARD_EDITOR_ROLES'. */
export const DASHBOARD_BUILDER_ROLES = [ROLE.GlobalAdmin, ROLE.PortalAdmin, ROLE.PortalUser] as const;
/** Who brings data in and defines data sources (server/routes/datasources.ts: DATASOURCE_ROLES). */
export const DATA_SOURCE_ROLES = [ROLE.GlobalAdmin, ROLE.PortalAdmin] as const;
