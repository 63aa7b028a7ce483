import { describe, expect, it } from 'vitest';
import { afterLogin } from '../../src/lib/after-login';
import { hasAnyRole } from '../../src/lib/roles';

describe('after login', () => {
  it('follows the order: change password, previous target, role default route, /home', () => {
    expect(afterLogin({ target: '/user', changePasswordOnNextLogin: true, roleDefaultRoute: '/x' })).toBe('/user/changePassword');
    expect(afterLogin({ target: '/user', changePasswordOnNextLogin: false, roleDefaultRoute: '/x' })).toBe('/user');
    expect(afterLogin({ target: null, changePasswordOnNextLogin: false, roleDefaultRoute: '/editor/home' })).toBe('/editor/home');
    expect(afterLogin({ changePasswordOnNextLogin: false })).toBe('/home');
  });

  it('never returns to a sign-in or reset page', () => {
    expect(afterLogin({ target: '/login', changePasswordOnNextLogin: false })).toBe('/home');
    expect(afterLogin({ target: '/resetPassword/abc', changePasswordOnNextLogin: false, roleDefaultRoute: '/d' })).toBe('/d');
  });
});

describe('roles', () => {
  it('match case-insensitively over role and portalRole lists', () => {
    expect(hasAnyRole({ role: 'portaluser, SurveyEditor' }, ['PortalUser'])).toBe(true);
    expect(hasAnyRole({ role: 'PortalUser', portalRole: 'globaladmin' }, ['GlobalAdmin'])).toBe(true);
    expect(hasAnyRole({ role: 'PortalUser' }, ['GlobalAdmin', 'PortalAdmin'])).toBe(false);
    expect(hasAnyRole(null, ['PortalUser'])).toBe(false);
  });
});
