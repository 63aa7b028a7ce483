/** The path (and dashboard state) the guard saved before sending the user to sign in. */
const KEY = 'cx.target';

export function saveTarget(path: string, state?: unknown): void {
  if (typeof sessionStorage === 'undefined') return;
  sessionStorage.setItem(KEY, JSON.stringify({ path, state }));
}

export function takeTarget(): { path: string; state?: unknown } | null {
  if (typeof sessionStorage === 'undefined') return null;
  const text = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
