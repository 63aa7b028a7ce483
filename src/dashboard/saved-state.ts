/**
 * The dashboard state (its filters and chart selections) across a sign-in (spec part 1 section 4:
 * "on a block, the target URL and the dashboard state are saved for restore after login").
 *
 * Filters live in this browser's storage while a session lasts. When the session ends they are
 * cleared, so the next person at the machine starts from the defaults, and kept for the same user:
 * in the guard's saved target (a session that ended in this tab) and, on sign-out, on the server
 * under the user state key `dashboard`, which the next sign-in on any device restores.
 */
import { DEFAULT_FILTERS, filtersFor, replaceFilters, type FilterState } from '../stores/filters';
import { selectionsFor } from '../stores/selections';
import { storesOf } from '../stores/scoped';
import type { MapStore, WritableAtom } from 'nanostores';
import { $session } from '../stores/session';
import { getUserState, saveUserState } from '../api/user-state';
import { isBadRequest } from '../api/client';
import type { VisualSelection } from '../visuals/common/selection';

export const STATE_KEY = 'dashboard';

export interface DashboardState {
  /** Whose state it is: another user signing in never gets it. */
  user: string;
  path: string;
  scope: string;
  filters: FilterState;
  selections: VisualSelection[];
}

const SHOWN_KEY = 'cx.dashboardShown';
let lastState: DashboardState | null = null;

/** The dashboard on screen: its state is the one kept when the session ends (a reload, such as /logout typed in, keeps it). */
export function showingDashboard(scope: string, path: string): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify({ scope, path }));
  } catch {
    // Blocked storage: nothing is kept across a sign-in.
  }
}

function snapshot(user: string): DashboardState | null {
  try {
    const shown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? 'null') as { scope: string; path: string } | null;
    if (!shown) return null;
    // The cached copy: after a reload the scope's store may not have been restored on this page.
    const cached = JSON.parse(localStorage.getItem(`cx.filters.${shown.scope}`) ?? 'null') as FilterState | null;
    return { user, ...shown, filters: cached ?? filtersFor(shown.scope).get(), selections: selectionsFor(shown.scope).get() };
  } catch {
    return null;
  }
}

/** Every cached filter and selection of this browser. */
function forgetStoredState(): void {
  try {
    for (const key of Object.keys(localStorage)) if (/^cx\.(filters|selections)\./.test(key)) localStorage.removeItem(key);
  } catch {
    // Blocked storage held nothing.
  }
}

/** The filters and selections on this page, back to the defaults (their listeners cache the defaults). */
function resetPageState(): void {
  for (const store of storesOf<MapStore<FilterState>>('filterScopes')) store.set({ ...DEFAULT_FILTERS });
  for (const store of storesOf<WritableAtom<VisualSelection[]>>('selectionScopes')) store.set([]);
}

/** The state the session left behind, for the guard to save with its target. */
export const stateLeftBehind = (): DashboardState | null => lastState;

/** Sign-out: the dashboard state goes to the server with the session's last token. */
export async function saveForNextSignIn(token: string): Promise<void> {
  if (lastState) await saveUserState(STATE_KEY, lastState, token).catch(() => undefined);
}

function isState(value: unknown, user: string): value is DashboardState {
  const s = value as DashboardState | null;
  return !!s && typeof s === 'object' && s.user === user && typeof s.scope === 'string' && !!s.filters && typeof s.filters === 'object' && Array.isArray(s.selections);
}

function apply(state: DashboardState): void {
  replaceFilters(state.scope, { ...DEFAULT_FILTERS, ...state.filters });
  selectionsFor(state.scope).set(state.selections);
}

/**
 * After sign-in: the state saved with the guard's target when it is this user's, else the one the
 * user's last sign-out saved on the server.
 */
export async function restoreDashboardState(saved: unknown): Promise<void> {
  const user = $session.get()?.id;
  if (!user) return;
  if (isState(saved, user)) return apply(saved);
  const stored = await getUserState<unknown>(STATE_KEY).catch(() => null);
  if (stored && !isBadRequest(stored) && isState(stored, user)) apply(stored);
}

// When a session ends (sign-out, expiry, another tab) its dashboard state is set aside and the
// browser's copy removed; the page's own stores are reset when the next session starts (reset at
// the end, the screen still showing would reload its tiles without a session).
let user = $session.get()?.id;
$session.listen((session) => {
  if (user && !session) {
    lastState = snapshot(user);
    forgetStoredState();
  }
  if (session && !user) resetPageState();
  if (session) lastState = null;
  user = session?.id;
});
