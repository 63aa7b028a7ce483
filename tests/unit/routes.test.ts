import { describe, expect, it } from 'vitest';
import { dashboardOf, matchRoute, pageTitle, telemetryPath } from '../../host/routes';

describe('the route table', () => {
  it('matches fixed, parameterised, optional and wildcard paths', () => {
    expect(matchRoute('/').route.page).toBe('home');
    expect(matchRoute('/user/register').route.page).toBe('user-register');
    expect(matchRoute('/user/u-north')).toMatchObject({ route: { page: 'user-detail' }, params: { id: 'u-north' } });
    expect(matchRoute('/user').route.roles).toEqual(['GlobalAdmin', 'PortalAdmin']);
    expect(matchRoute('/resetPassword/tok-1').params).toEqual({ token: 'tok-1' });
    expect(matchRoute('/dashboard/overview/').params).toEqual({ first: 'overview' });
    expect(matchRoute('/dashboard/insights/responses').params).toEqual({ first: 'insights', second: 'responses' });
    expect(matchRoute('/content/insights/responses/123').params).toEqual({ profileId: 'insights', moduleId: 'responses', rest: '123' });
    expect(matchRoute('/processflow/queue/7').route.page).toBe('processflow');
    expect(matchRoute('/sso/error/Access%20denied')).toMatchObject({ route: { page: 'sso-error' }, params: { error: 'Access denied' } });
    expect(matchRoute('/sso/error').route.page).toBe('sso-error');
  });

  it('shows Page Not Found for unknown paths', () => {
    expect(matchRoute('/nowhere').route.page).toBe('not-found');
    expect(matchRoute('/user/a/b').route.page).toBe('not-found');
  });

  it('builds the title from the names of profile, module, source object and id, with the product suffix', () => {
    const names = { profiles: [{ name: 'insights', title: 'Insights', navigationItems: [{ moduleId: 'responses', navName: 'Responses' }, { moduleId: 'overview', navName: 'Overview' }] }] };
    expect(pageTitle(matchRoute('/content/insights/responses'), 'CX Portal', names)).toBe('Insights - Responses | CX Portal');
    expect(pageTitle(matchRoute('/content/insights/responses/comments/123'), 'CX Portal', names)).toBe('Insights - Responses - Comments - 123 | CX Portal');
    // A dashboard by its name alone: the profile that holds it comes first, as in every other address form.
    expect(pageTitle(matchRoute('/dashboard/overview/'), 'CX Portal', names)).toBe('Insights - Overview | CX Portal');
    expect(pageTitle(matchRoute('/dashboard/overview/insights'), 'CX Portal', names)).toBe('Insights - Overview | CX Portal');
    expect(pageTitle(matchRoute('/dashboard/insights/overview'), 'CX Portal', names)).toBe('Insights - Overview | CX Portal');
    expect(pageTitle(matchRoute('/dashboard/unlisted/'), 'CX Portal', names)).toBe('Unlisted | CX Portal');
    // The case page: profile, module and the case's source object id.
    const cases = { profiles: [...names.profiles, { name: 'cases', title: 'Case management', navigationItems: [{ moduleId: 'cases', navName: 'Cases' }] }] };
    expect(pageTitle(matchRoute('/processflow/cases/123/cases'), 'CX Portal', cases)).toBe('Case management - Cases - 123 | CX Portal');
    expect(pageTitle(matchRoute('/processflow/cases/123'), 'CX Portal', cases)).toBe('Case management - Cases - 123 | CX Portal');
    expect(pageTitle(matchRoute('/home'))).toBe('Home | CX Portal');
  });

  it('keeps one-time tokens and ids out of the title and the recorded page views', () => {
    expect(pageTitle(matchRoute('/resetPassword/secret-token-1'))).toBe('Reset password | CX Portal');
    expect(pageTitle(matchRoute('/userCreation/secret-token-2'))).toBe('Create your password | CX Portal');
    expect(pageTitle(matchRoute('/user/u-north'))).toBe('User | CX Portal');
    expect(telemetryPath('/resetPassword/secret-token-1')).toBe('/resetPassword/:token');
    expect(telemetryPath('/userCreation/secret-token-2?x=1')).toBe('/userCreation/:token');
    expect(telemetryPath('/content/insights/responses?type=CardViewer')).toBe('/content/insights/responses');
  });
});

describe('dashboard routes', () => {
  it('read /{name}/, /{name}/{layout} and /{profileId}/{moduleId}', () => {
    const profiles = ['insights', 'cases'];
    expect(dashboardOf('overview', undefined, profiles)).toEqual({ dashboardId: 'overview', profile: undefined });
    // The second part switches the profile (spec part 1 section 2), it is not a layout.
    expect(dashboardOf('overview', 'insights', profiles)).toEqual({ dashboardId: 'overview', profile: 'insights' });
    expect(dashboardOf('Insights', 'drivers', profiles)).toEqual({ dashboardId: 'drivers', profile: 'Insights' });
    expect(dashboardOf('insights', undefined, profiles)).toEqual({ dashboardId: 'insights', profile: undefined });
  });
});
