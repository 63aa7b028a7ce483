import { request } from './client';
import { afterFirstView } from './first-view';

/** Unique events are recorded at most once per 24 hours (spec part 1). */
export const UNIQUE_WINDOW_MS = 24 * 3_600_000;
const KEY = 'cx.telemetry.unique';

type Props = Record<string, string | number | boolean | null>;
interface Event {
  kind: 'pageView' | 'event' | 'exception';
  name: string;
  properties?: Props;
}

/** True when a unique event was last sent within 24 hours; otherwise records `now` and says false. */
export function seenRecently(store: Pick<Storage, 'getItem' | 'setItem'> | undefined, name: string, now = Date.now()): boolean {
  let seen: Record<string, number>;
  try {
    seen = JSON.parse(store?.getItem(KEY) ?? '{}');
  } catch {
    seen = {};
  }
  if (seen[name] !== undefined && now - seen[name] < UNIQUE_WINDOW_MS) return true;
  seen[name] = now;
  store?.setItem(KEY, JSON.stringify(seen));
  return false;
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** Events not sent yet: they wait for the page's first view, so usage tracking never slows the page. */
const queue: Event[] = [];

/** Sends what is queued, quietly: usage tracking never disturbs the user. */
function flush(leaving = false): void {
  if (!queue.length) return;
  const events = queue.splice(0).map((event) => ({ properties: {}, ...event }));
  void request('POST', '/api/telemetry', { json: { events }, script: true, keepalive: leaving }).catch(() => undefined);
}

function send(event: Event): void {
  queue.push(event);
  afterFirstView(() => flush());
}

// A page left before its first view was drawn still has its page view counted.
if (typeof addEventListener === 'function') addEventListener('pagehide', () => flush(true));

export const trackPageView = (path: string) => send({ kind: 'pageView', name: path.split('?')[0] });

/**
 * The events the spec names (a failed sign-in, the user-admin and QR failures): unique events,
 * recorded at most once per 24 hours in this browser, so a user retrying does not flood the store.
 */
export const UNIQUE_EVENTS: ReadonlySet<string> = new Set([
  'Error logging in user: incorrect username or password',
  'Error updating user info',
  'Error deleting user',
  'Error generating new TOTP code',
]);

export function trackEvent(name: string, properties: Props = {}, options: { unique?: boolean } = {}): void {
  if ((options.unique ?? UNIQUE_EVENTS.has(name)) && seenRecently(local(), name)) return;
  send({ kind: 'event', name, properties });
}

export const trackException = (message: string, properties: Props = {}) => send({ kind: 'exception', name: message, properties });
