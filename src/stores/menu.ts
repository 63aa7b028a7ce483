import { $config } from './config';
import { atom } from 'nanostores';
import { request, isBadRequest } from '../api/client';
import type { ContentProfile, NavigationItem } from '../api/types';
import { $session } from './session';

/** The navigation menu from GET /api/content: loaded on sign-in, cleared on sign-out. */
export const $menu = atom<ContentProfile[] | null>(null);

let loadedFor: string | null | undefined;
/** The load under way: callers that ask again meanwhile (the host, the top bar, a config change) share it. */
let loading: { key: string; done: Promise<void> } | undefined;

export function loadMenu(force = false): Promise<void> {
  const user = $session.get()?.id ?? null;
  // The server names the items in the page's language: a new language loads them again.
  const key = `${user}|${$config.get().locale}`;
  if (loading?.key === key && !force) return loading.done;
  if (!force && loadedFor === key && $menu.get()) return Promise.resolve();
  loadedFor = key;
  const entry = { key, done: Promise.resolve() };
  entry.done = (async () => {
    try {
      const res = await request<{ profiles: ContentProfile[] }>('GET', '/api/content', { anonymous: !user });
      $menu.set(isBadRequest(res) ? [] : res.profiles);
    } catch {
      $menu.set([]);
    } finally {
      if (loading === entry) loading = undefined;
    }
  })();
  loading = entry;
  return entry.done;
}

$session.listen((session) => {
  if (!session) {
    loadedFor = undefined;
    $menu.set(null);
  } else if (!loadedFor?.startsWith(`${session.id}|`)) void loadMenu(true);
});
// A change of language names the items anew.
$config.listen(() => void loadMenu());


/**
 * The items to show, lowest weight first: hideMenu items never, and on a mobile width neither
 * hideOnMobile items nor the items of hideOnMobile profiles.
 */
export function visibleItems(profiles: ContentProfile[], mobile: boolean): NavigationItem[] {
  return profiles
    .filter((p) => !(mobile && p.hideOnMobile))
    .flatMap((p) => p.navigationItems)
    .filter((i) => !i.hideMenu && !(mobile && i.hideOnMobile))
    .sort((a, b) => a.navWeight - b.navWeight || a.navName.localeCompare(b.navName));
}

/** The user's own pages (reached from the profile panel): under /user/, but not the Users menu item's. */
export const PERSONAL_PAGES = ['/user/changePassword', '/user/updateSettings', '/user/echoLogin', '/user/applicationRegistrations'];

/** The active item: the one whose URL is the longest prefix of the current path; none on the personal pages. */
export function activeItem(items: NavigationItem[], path: string): NavigationItem | undefined {
  const clean = path.split('?')[0].replace(/\/+$/, '') || '/';
  if (PERSONAL_PAGES.includes(clean)) return undefined;
  return items
    .filter((i) => {
      const url = i.navUrl.replace(/\/+$/, '') || '/';
      return clean === url || clean.startsWith(`${url}/`);
    })
    .sort((a, b) => b.navUrl.length - a.navUrl.length)[0];
}

/** The content settings of GET /api/content/settings (spec part 1 section 3). */
export interface ContentSettings {
  displayMode: string;
  loadNativeNavigation: boolean;
}
export const $contentSettings = atom<ContentSettings | null>(null);
let settingsLoad: Promise<void> | undefined;
export function loadContentSettings(): Promise<void> {
  settingsLoad ??= request<ContentSettings>('GET', '/api/content/settings', { anonymous: true })
    .then((res) => $contentSettings.set(isBadRequest(res) ? null : res))
    .catch(() => undefined);
  return settingsLoad;
}

/**
 * Where the logo leads: home, or with the content display mode Expanded the data page of the
 * active profile's first content module, /content/{profile}/{moduleId} (spec part 1).
 */
export function brandLink(displayMode: string | undefined, profiles: ContentProfile[], active: NavigationItem | undefined): string {
  if (displayMode !== 'Expanded') return '/';
  const content = (p: ContentProfile) => p.navigationItems.filter((i) => i.moduleTemplate === 'DataViewer').sort((a, b) => a.navWeight - b.navWeight)[0];
  const home = profiles.find((p) => active && p.navigationItems.some((i) => i.moduleId === active.moduleId) && content(p)) ?? profiles.find(content);
  const item = home && content(home);
  return home && item ? `/content/${encodeURIComponent(home.name)}/${encodeURIComponent(item.moduleId)}` : '/';
}

/** How many items fit in `available` px when the More button needs `reserve` px (spec: about 68.81). */
export function fitCount(widths: number[], available: number, reserve = 68.81): number {
  const total = widths.reduce((s, w) => s + w, 0);
  if (total <= available) return widths.length;
  let used = 0;
  let n = 0;
  while (n < widths.length && used + widths[n] <= available - reserve) used += widths[n++];
  return n;
}
