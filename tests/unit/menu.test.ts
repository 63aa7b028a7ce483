import { describe, expect, it } from 'vitest';
import { activeItem, brandLink, fitCount, PERSONAL_PAGES, visibleItems } from '../../src/stores/menu';
import type { ContentProfile, NavigationItem } from '../../src/api/types';

const item = (navName: string, navWeight: number, extra: Partial<NavigationItem> = {}): NavigationItem => ({
  moduleId: navName.toLowerCase(), navName, navWeight, navUrl: `/${navName.toLowerCase()}`, showNewBadge: false, moduleTemplate: 'x',
  accessibleToRoles: [], hideMenu: false, hideOnMobile: false, ...extra,
});
const profiles: ContentProfile[] = [
  { name: 'a', title: 'A', hideOnMobile: false, navigationItems: [item('Users', 99), item('Alerts', 90), item('Secret', 5, { hideMenu: true })] },
  { name: 'b', title: 'B', hideOnMobile: true, navigationItems: [item('Groups', 199)] },
  { name: 'c', title: 'C', hideOnMobile: false, navigationItems: [item('Editor', 120, { hideOnMobile: true })] },
];

describe('the menu', () => {
  it('orders by weight and hides hideMenu items', () => {
    expect(visibleItems(profiles, false).map((i) => i.navName)).toEqual(['Alerts', 'Users', 'Editor', 'Groups']);
  });

  it('drops hideOnMobile items and profiles at 768 px or less', () => {
    expect(visibleItems(profiles, true).map((i) => i.navName)).toEqual(['Alerts', 'Users']);
  });

  it('marks the item whose URL prefixes the route', () => {
    const items = [item('Home', 1, { navUrl: '/home' }), item('Users', 2, { navUrl: '/user' })];
    expect(activeItem(items, '/user/u-1')?.navName).toBe('Users');
    expect(activeItem(items, '/users')).toBeUndefined();
  });

  it('moves what does not fit behind More, keeping room for its button', () => {
    expect(fitCount([100, 100, 100], 300)).toBe(3);
    expect(fitCount([100, 100, 100], 299)).toBe(2);
    expect(fitCount([100, 100, 100], 250)).toBe(1);
  });
});

describe('the logo link', () => {
  const content: ContentProfile[] = [
    { name: 'admin', title: 'Admin', hideOnMobile: false, navigationItems: [item('Users', 99)] },
    { name: 'insights', title: 'Insights', hideOnMobile: false, navigationItems: [item('Overview', 20, { moduleTemplate: 'Dashboard' }), item('Responses', 30, { moduleTemplate: 'DataViewer' })] },
  ];
  it('leads home by default', () => {
    expect(brandLink('Default', content, undefined)).toBe('/');
    expect(brandLink(undefined, content, undefined)).toBe('/');
  });
  it('leads to /content/{profile}/{moduleId} when the content display mode is Expanded', () => {
    expect(brandLink('Expanded', content, undefined)).toBe('/content/insights/responses');
    expect(brandLink('Expanded', content, content[1].navigationItems[0])).toBe('/content/insights/responses');
    expect(brandLink('Expanded', [content[0]], undefined)).toBe('/');
  });
});

describe('the active item on the personal pages', () => {
  const users = item('Users', 99, { navUrl: '/user' });
  it('is none: Settings, Other Devices, the QR code and the password change are the user’s own, not the Users item’s', () => {
    for (const path of PERSONAL_PAGES) expect(activeItem([users], path)).toBeUndefined();
    expect(activeItem([users], '/user/u-north')?.navName).toBe('Users');
    expect(activeItem([users], '/user')?.navName).toBe('Users');
  });
});
