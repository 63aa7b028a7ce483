import { Hono } from 'hono';
import type { Env } from '../context';
import { hasAnyRole } from '../identity/users';
import { ADMIN_ROLES, allRoles, Authority } from '../identity/rules';

/** The roles with their hierarchy, and the people a user may see: what the user screens need. */
export const directoryRoutes = new Hono<Env>()
  .post('/roles', async (c) => {
    const { db } = c.var.deps;
    const roles = await allRoles(db);
    const authority = await Authority.of(db, c.var.user);
    const regions = (await db.analytics.query<{ v: string }>('SELECT DISTINCT region AS v FROM responses ORDER BY v')).map((r) => r.v);
    // A restricted actor is offered only the values they may grant themselves.
    const own = c.var.user.claims.filter(([type]) => type === 'Region').map(([, v]) => v);
    return c.json(
      roles.map((r) => ({
        name: r.name,
        reportsTo: r.reports_to,
        dataAttribute: r.data_attribute,
        claims: r.data_attribute === 'Region' ? (own.length ? regions.filter((v) => own.includes(v)) : regions) : [],
        reportingRoles: roles.filter((x) => x.reports_to === r.name).map((x) => x.name),
        defaultRoute: r.default_route,
        assignable: authority.canAssign(r.name),
      })),
    );
  })
  .get('/users/displayinfo', async (c) => {
    const { db } = c.var.deps;
    const me = c.var.user;
    const admin = hasAnyRole(me.roles, ADMIN_ROLES);
    // Administrators pick members for groups from everyone whose data they may see; everyone else
    // sees the people they work with (their groups' members), by name only.
    const where: string[] = [];
    const params: string[] = [];
    const bind = (v: string) => `$${params.push(v)}`;
    if (!admin) {
      const id = bind(me.id);
      where.push(`(u.id = ${id} OR u.id IN (SELECT m.user_id FROM group_members m WHERE m.group_id IN (SELECT group_id FROM group_members WHERE user_id = ${id})))`);
    }
    const mine = me.claims.filter(([type]) => type === 'Region').map(([, v]) => v);
    if (admin && mine.length) {
      // A restricted administrator sees the users whose regions are all within theirs.
      where.push(`EXISTS (SELECT 1 FROM user_claims uc WHERE uc.user_id = u.id AND uc.claim_type = 'Region')`);
      where.push(`NOT EXISTS (SELECT 1 FROM user_claims uc WHERE uc.user_id = u.id AND uc.claim_type = 'Region' AND uc.claim_value NOT IN (${mine.map(bind).join(', ')}))`);
    }
    const rows = await db.query<{ id: string; user_name: string; first_name: string; last_name: string }>(
      `SELECT u.id, u.user_name, u.first_name, u.last_name FROM users u ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
      params,
    );
    return c.json(rows.map((u) => (admin ? { id: u.id, userName: u.user_name, fullName: `${u.first_name} ${u.last_name}` } : { id: u.id, fullName: `${u.first_name} ${u.last_name}` })));
  });
