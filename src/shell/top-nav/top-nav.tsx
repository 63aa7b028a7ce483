import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { $contentSettings, $menu, activeItem, brandLink, fitCount, loadContentSettings, loadMenu, visibleItems } from '../../stores/menu';
import { $path } from '../../stores/navigation';
import { $session } from '../../stores/session';
import { ProfilePanel } from './profile-panel';
import { PortalLink } from '../../elements/portal-link';

const RESIZE_DEBOUNCE_MS = 100;

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(() => (typeof innerWidth === 'number' ? innerWidth : 1280));
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
  const [widths, setWidths] = useState<number[]>([]);
  const [moreOpen, setMoreOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);

  const contentSettings = useStore($contentSettings);
  useEffect(() => {
    void loadMenu();
    void loadContentSettings();
  }, [session?.id]);

  // A new route closes the More menu and the profile panel.
  const [menuPath, setMenuPath] = useState(path);
  if (menuPath !== path) {
    setMenuPath(path);
    setMoreOpen(false);
    // Following a link of the profile panel closes it.
    setPanelOpen(false);
  }

  const items = profiles ? visibleItems(profiles, typeof innerWidth === 'number' ? innerWidth : width) : [];
  const active = activeItem(items, path);
  const key = items.map((i) => i.moduleId).join();

  // Measure every item once at full width, then show as many as fit.
  useLayoutEffect(() => {
    const lis = listRef.current?.querySelectorAll<HTMLElement>('li[data-measure]');
    if (lis && lis.length === items.length) setWidths([...lis].map((li) => li.getBoundingClientRect().width));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measure when the items change
  }, [key]);
  const measured = widths.length === items.length;
  const shown = measured ? fitCount(widths, Math.max(0, width - 320)) : items.length;

  const link = (item: (typeof items)[number], inMore = false) => (
    <PortalLink to={item.navUrl} aria-current={active?.moduleId === item.moduleId ? 'page' : undefined} role={inMore ? 'menuitem' : undefined}>
      {item.navName}
      {item.showNewBadge && <span className="badge">{t('nav.new')}</span>}
    </PortalLink>
  );

  // One menu open at a time: the More menu and the profile panel close each other.
  const toggleMore = () => {
    setMoreOpen(!moreOpen);
    setPanelOpen(false);
  };
  const togglePanel = () => {
    setPanelOpen(!panelOpen);
    setMoreOpen(false);
  };
  // Escape closes whichever is open, from anywhere in the bar, and gives the focus back to its button.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || (!moreOpen && !panelOpen)) return;
    const button = (e.currentTarget as HTMLElement).querySelector<HTMLButtonElement>(moreOpen ? '.more > button' : '.avatar');
    setMoreOpen(false);
    setPanelOpen(false);
    button?.focus();
  };

  return (
    <header part="base" className="bar" onKeyDown={onKeyDown}>
      <PortalLink className="brand" to={brandLink(contentSettings?.displayMode, profiles ?? [], active)}>
        {brand ?? t('nav.brand')}
      </PortalLink>
      <nav ref={navRef} aria-label={t('nav.menu')} className="menu">
        <ul ref={listRef}>
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
              <button type="button" aria-haspopup="menu" aria-expanded={moreOpen} onClick={toggleMore}>
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
          <button type="button" className="avatar" aria-expanded={panelOpen} aria-controls="profile-panel" onClick={togglePanel}>
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
