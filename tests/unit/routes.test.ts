import { describe, expect, it } from 'vitest';
import { dashboardOf, matchRoute, pageTitle } from '../../host/routes';

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
  });

  it('shows Page Not Found for unknown paths', () => {
    expect(matchRoute('/nowhere').route.page).toBe('not-found');
    expect(matchRoute('/user/a/b').route.page).toBe('not-found');
  });

  it('builds the title from the route and its parameters with the product suffix', () => {
    expect(pageTitle(matchRoute('/content/insights/responses'))).toBe('Content - insights - responses | CX Portal');
    expect(pageTitle(matchRoute('/home'))).toBe('Home | CX Portal');
  });
});

describe('dashboard routes', () => {
  it('read /{name}/, /{name}/{layout} and /{profileId}/{moduleId}', () => {
    const profiles = ['insights', 'cases'];
    expect(dashboardOf('overview', undefined, profiles)).toEqual({ dashboardId: 'overview', layout: undefined });
    expect(dashboardOf('overview', 'Comments first', profiles)).toEqual({ dashboardId: 'overview', layout: 'Comments first' });
    expect(dashboardOf('Insights', 'drivers', profiles)).toEqual({ dashboardId: 'drivers' });
    expect(dashboardOf('insights', undefined, profiles)).toEqual({ dashboardId: 'insights', layout: undefined });
  });
});
