/** The roles of the dashboards and data pages (spec part 1 section 6: home, dashboard, content; alerts too). */
export const DASHBOARD_ROLES = ['PortalUser', 'GlobalAdmin', 'PortalAdmin'];
