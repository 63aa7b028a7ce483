import type { Db } from '../db';
import { hashPassword } from '../auth/password';
import { Random } from './random';
import { FIRST_NAMES, LAST_NAMES } from './vocabulary';

export const DEMO_PASSWORD = 'Demo-2345!';

/** Roles with their place in the hierarchy, the claim group that restricts them and where they land. */
export const ROLES = [
  { name: 'GlobalAdmin', reportsTo: null, dataAttribute: null, defaultRoute: '/home', rank: 0 },
  { name: 'System', reportsTo: 'GlobalAdmin', dataAttribute: null, defaultRoute: '/operations/home', rank: 1 },
  { name: 'PortalAdmin', reportsTo: 'GlobalAdmin', dataAttribute: 'Region', defaultRoute: '/home', rank: 2 },
  { name: 'SurveyEditor', reportsTo: 'PortalAdmin', dataAttribute: null, defaultRoute: '/editor/home', rank: 3 },
  { name: 'PortalUser', reportsTo: 'PortalAdmin', dataAttribute: 'Region', defaultRoute: '/home', rank: 3 },
] as const;

/** The sign-ins listed in the README; all use DEMO_PASSWORD. */
export const DEMO_USERS = [
  { id: 'u-globaladmin', email: 'globaladmin@demo.cx', first: 'Grace', last: 'Admin', role: 'GlobalAdmin', claims: [] },
  { id: 'u-portaladmin', email: 'portaladmin@demo.cx', first: 'Paul', last: 'Admin', role: 'PortalAdmin', claims: [] },
  { id: 'u-portaluser', email: 'portaluser@demo.cx', first: 'Petra', last: 'User', role: 'PortalUser', claims: [] },
  { id: 'u-surveyeditor', email: 'surveyeditor@demo.cx', first: 'Sam', last: 'Editor', role: 'SurveyEditor', claims: [] },
  { id: 'u-system', email: 'system@demo.cx', first: 'Sys', last: 'Operator', role: 'System', claims: [] },
  { id: 'u-north', email: 'north.manager@demo.cx', first: 'Nora', last: 'North', role: 'PortalUser', claims: [['Region', 'North']] },
] as const;

const GROUPS = [
  { id: 'g-regional', name: 'Regional managers', description: 'Store and regional managers', members: ['u-north', 'u-portaluser'] },
  { id: 'g-head-office', name: 'Head office', description: 'Insight and CX team', members: ['u-globaladmin', 'u-portaladmin'] },
  { id: 'g-survey', name: 'Survey team', description: 'People who build surveys', members: ['u-surveyeditor'] },
];

const REGIONS_FOR_STAFF = ['North', 'South', 'East', 'West', 'Central', 'Scotland', 'Ireland', 'Benelux'];

/** Demo users, 70 more staff users (so the user list pages), claims and groups (the roles are the structure's: seed/portal.ts). */
export async function seedPeople(db: Db, now: Date): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD); // one hash for all seeded users keeps seeding fast

  const random = new Random(7);
  const staff = Array.from({ length: 70 }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const region = REGIONS_FOR_STAFF[i % REGIONS_FOR_STAFF.length];
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]+/g, '');
    return { id: `u-staff-${String(i + 1).padStart(3, '0')}`, email: `${handle}${i + 1}@demo.cx`, first, last, role: 'PortalUser', claims: [['Region', region]] as const };
  });
  const users = [...DEMO_USERS, ...staff];
  const created = now.toISOString().replace('T', ' ').replace('Z', '');
  await db.insertMany(
    'users',
    ['id', 'user_name', 'email', 'first_name', 'last_name', 'phone_number', 'company', 'role', 'password_hash', 'created_on',
      'change_password_on_next_login', 'can_manage_app_registrations', 'failed_sign_ins', 'locked_until'],
    users.map((u) => [u.id, u.email, u.email, u.first, u.last, null, 'Demo Retail', u.role, hash, created, false, u.role !== 'System', 0, null]),
  );
  await db.insertMany('user_claims', ['user_id', 'claim_type', 'claim_value'],
    users.flatMap((u) => u.claims.map(([type, value]) => [u.id, type, value])));
  await db.insertMany('groups', ['id', 'name', 'description'], GROUPS.map((g) => [g.id, g.name, g.description]));
  await db.insertMany('group_members', ['group_id', 'user_id'], GROUPS.flatMap((g) => g.members.map((m) => [g.id, m])));
}
