import { describe, expect, it } from 'vitest';
import { afterLogin } from '../../src/lib/after-login';
import { hasAnyRole, mayRevealHidden } from '../../src/lib/roles';

describe('after login', () => {
  it('follows the order: change password, previous target, role default route, /home', () => {
    expect(afterLogin({ target: '/user', changePasswordOnNextLogin: true, roleDefaultRoute: '/x' })).toBe('/user/changePassword');
    expect(afterLogin({ target: '/user', changePasswordOnNextLogin: false, roleDefaultRoute: '/x' })).toBe('/user');
    expect(afterLogin({ target: null, changePasswordOnNextLogin: false, roleDefaultRoute: '/editor/home' })).toBe('/editor/home');
    expect(afterLogin({ changePasswordOnNextLogin: false })).toBe('/home');
  });

  it('falls back to the lowest-weight visible menu item before /home (spec part 1 section 2)', () => {
    expect(afterLogin({ changePasswordOnNextLogin: false, firstMenuItem: '/dashboard/overview/' })).toBe('/dashboard/overview/');
    expect(afterLogin({ changePasswordOnNextLogin: false, roleDefaultRoute: '/editor/home', firstMenuItem: '/dashboard/overview/' })).toBe('/editor/home');
    // A menu item that leads off the portal is passed over.
    expect(afterLogin({ changePasswordOnNextLogin: false, firstMenuItem: '//evil.example' })).toBe('/home');
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

describe('revealing a profanity-cleaned value (spec part 1 section 6)', () => {
  it('is allowed when the configured list is empty or names one of the user’s roles', () => {
    expect(mayRevealHidden({ role: 'PortalUser' }, [])).toBe(true);
    expect(mayRevealHidden({ role: 'PortalUser' }, ['GlobalAdmin', 'PortalAdmin'])).toBe(false);
    expect(mayRevealHidden({ role: 'PortalUser', portalRole: 'portaladmin' }, ['PortalAdmin'])).toBe(true);
    // Not before the settings are in, nor signed out.
    expect(mayRevealHidden({ role: 'PortalUser' }, undefined)).toBe(false);
    expect(mayRevealHidden(null, [])).toBe(false);
  });
});
