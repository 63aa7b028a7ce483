import { $path, navigate, setNavigator } from '../src/stores/navigation';

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
    const to = (event as CustomEvent<{ to: string }>).detail?.to;
    if (typeof to !== 'string' || !to.startsWith('/')) return;
    event.preventDefault();
    navigate(to);
  });
  $path.set(current());
}
