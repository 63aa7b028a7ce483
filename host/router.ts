import { $path, navigate, setNavigator, type NavigateDetail } from '../src/stores/navigation';

/** History routing for the host: pushState on navigate, the store follows back and forward. */
export function startRouter(): void {
  const current = () => location.pathname + location.search;
  setNavigator((to, options) => {
    if (to === current()) return;
    if (options?.replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    $path.set(current());
    scrollTo(0, 0);
  });
  addEventListener('popstate', () => $path.set(current()));
  // Elements ask for navigation with a cancelable cx-navigate event; the host takes it.
  document.addEventListener('cx-navigate', (event) => {
    const { href, path } = (event as CustomEvent<Partial<NavigateDetail>>).detail ?? {};
    // Only this portal's own paths (an element with another portal's api-base loads that page).
    if (typeof href !== 'string' || typeof path !== 'string' || new URL(href).origin !== location.origin) return;
    event.preventDefault();
    navigate(path);
  });
  $path.set(current());
}
