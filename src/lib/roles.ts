/** Role rules of spec part 1 section 6. */

export const ROLE = {
  GlobalAdmin: 'GlobalAdmin',
  PortalAdmin: 'PortalAdmin',
  PortalUser: 'PortalUser',
  SurveyEditor: 'SurveyEditor',
  System: 'System',
} as const;

const split = (list: string | undefined | null) => (list ?? '').split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);

/** True when any of `wanted` is in the session's role or portalRole lists, case-insensitively. */
export function hasAnyRole(session: { role: string; portalRole?: string } | null | undefined, wanted: readonly string[]): boolean {
  if (!session) return false;
  const mine = new Set([...split(session.role), ...split(session.portalRole)]);
  return wanted.some((w) => mine.has(w.toLowerCase()));
}
