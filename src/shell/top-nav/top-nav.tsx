import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { $contentSettings, $menu, activeItem, brandLink, fitCount, loadContentSettings, loadMenu, visibleItems } from '../../stores/menu';
import { $path } from '../../stores/navigation';
import { $session } from '../../stores/session';
import { ProfilePanel } from './profile-panel';
import { NotificationsMenu } from '../notifications/notifications';
import { PortalLink } from '../../elements/portal-link';
import { narrowViewport, viewportGuess } from '../../lib/mobile';

const RESIZE_DEBOUNCE_MS = 100;

/** The menu list's gap between items (top-nav.css). */
const ITEM_GAP = 4;

type Popup = 'more' | 'notifications' | 'profile';
const POPUP_BUTTONS: Record<Popup, string> = { more: '.more > button', notifications: '.bell', profile: '.avatar' };

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(viewportGuess);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(([entry]) => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(entry.contentRect.width), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(el);
    setWidth(el.getBoundingClientRect().width);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/** The top navigation: menus by role and weight, the active item, a More overflow, the profile panel. */
export function TopNav({ brand }: { brand?: string }) {
  const { t } = useElement();
  const profiles = useStore($menu);
  const session = useStore($session);
  const path = useStore($path);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const width = useWidth(navRef);
  const [measuredFor, setMeasuredFor] = useState<{ key: string; widths: number[] }>({ key: '', widths: [] });
  // One pop-up open at a time: the More menu, the notifications or the profile panel.
  const [openMenu, setOpenMenu] = useState<Popup | null>(null);
  const moreOpen = openMenu === 'more';
  const panelOpen = openMenu === 'profile';

  const contentSettings = useStore($contentSettings);
  useEffect(() => {
    void loadMenu();
    void loadContentSettings();
  }, [session?.id]);

  // A new route (a link followed in any pop-up) closes the open pop-up.
  const [menuPath, setMenuPath] = useState(path);
  if (menuPath !== path) {
    setMenuPath(path);
    setOpenMenu(null);
  }

  const items = profiles ? visibleItems(profiles, narrowViewport()) : [];
  const active = activeItem(items, path);
  // What an item's width depends on: its name (another language's is longer) and its badge.
  const key = JSON.stringify(items.map((i) => [i.moduleId, i.navName, i.showNewBadge && t('nav.new')]));

  // Measure every item at full width whenever the items are not those measured, then show as many
  // as fit. The widths are kept with the items they belong to: another list of the same length
  // (another role's, a phone's once its page has its width, or the same in another language) is
  // measured again.
  useLayoutEffect(() => {
    if (measuredFor.key === key) return;
    const lis = listRef.current?.querySelectorAll<HTMLElement>('li[data-measure]');
    if (lis && lis.length === items.length) setMeasuredFor({ key, widths: [...lis].map((li) => li.getBoundingClientRect().width) });
  }, [measuredFor.key, key, items.length]);
  const measured = measuredFor.key === key;
  const widths = measuredFor.widths;
  // The menu's own width (the brand, the bell and the avatar already have theirs); each item
  // takes its width and the list's gap.
  const shown = measured ? fitCount(widths.map((w) => w + ITEM_GAP), width) : items.length;

  const link = (item: (typeof items)[number], inMore = false) => (
    <PortalLink to={item.navUrl} aria-current={active?.moduleId === item.moduleId ? 'page' : undefined} role={inMore ? 'menuitem' : undefined}>
      {item.navName}
      {item.showNewBadge && <span className="badge">{t('nav.new')}</span>}
    </PortalLink>
  );

  const toggle = (menu: Popup) => () => setOpenMenu(openMenu === menu ? null : menu);
  // Escape closes whichever is open, from anywhere in the bar, and gives the focus back to its button.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !openMenu) return;
    const button = (e.currentTarget as HTMLElement).querySelector<HTMLButtonElement>(POPUP_BUTTONS[openMenu]);
    setOpenMenu(null);
    button?.focus();
  };

  return (
    <header part="base" className="bar" onKeyDown={onKeyDown}>
      <PortalLink className="brand" to={brandLink(contentSettings?.displayMode, profiles ?? [], active)}>
        {brand ?? t('nav.brand')}
      </PortalLink>
      <nav ref={navRef} aria-label={t('nav.menu')} className="menu">
        {/* While the items are measured they are clipped to the bar: a phone's browser would widen the
            page to whatever overflows it, and the wider page would read as a desktop's (its menu items). */}
        <ul ref={listRef} className={measured ? undefined : 'measuring'}>
          {items.map((item, i) =>
            !measured ? (
              <li key={item.moduleId} data-measure="">
                {link(item)}
              </li>
            ) : i < shown ? (
              <li key={item.moduleId}>{link(item)}</li>
            ) : null,
          )}
          {measured && shown < items.length && (
            <li className="more">
              <button type="button" aria-haspopup="menu" aria-expanded={moreOpen} onClick={toggle('more')}>
                {t('nav.more')}
              </button>
              {moreOpen && (
                <ul role="menu" className="more-menu">
                  {items.slice(shown).map((item) => (
                    <li key={item.moduleId} role="none">
                      {link(item, true)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )}
        </ul>
      </nav>
      {session ? (
        <div className="profile">
          <NotificationsMenu open={openMenu === 'notifications'} onToggle={toggle('notifications')} />
          <button type="button" className="avatar" aria-expanded={panelOpen} aria-controls="profile-panel" onClick={toggle('profile')}>
            <span aria-hidden="true">{(session.firstName[0] ?? '') + (session.lastName[0] ?? '')}</span>
            <span className="cx-visually-hidden">{t('nav.profile', { name: `${session.firstName} ${session.lastName}` })}</span>
          </button>
          {panelOpen && <ProfilePanel />}
        </div>
      ) : (
        <PortalLink className="sign-in" to="/login">
          {t('login.submit')}
        </PortalLink>
      )}
    </header>
  );
}
