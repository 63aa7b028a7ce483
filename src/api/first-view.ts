/**
 * The page's first view: the calls it opened with have been answered, and the page has had a quiet
 * moment to draw them. Calls whose answers nobody looks at first (page views, the notification
 * count, client plugins, the version check) wait for it. A browser sends at most six calls at a
 * time to an origin over HTTP/1.1, and on a slow phone each call sent beside the dashboard's held
 * its first tile back (docs/decisions.md, "Fewer files, and calls that wait for the first view").
 */

/** How long no portal call may be in flight before the first view counts as drawn. */
export const QUIET_MS = 300;
/** The first view is taken as drawn this long after the page started, whatever is still in flight. */
export const LATEST_MS = 10_000;

/** What the first view is told by: the page's load, timers and the browser's idle moments. */
export interface FirstViewEnv {
  loaded: () => boolean;
  onLoad: (fn: () => void) => void;
  later: (fn: () => void, ms: number) => void;
  idle: (fn: () => void) => void;
  /** Milliseconds since the page started. */
  sincePageStart: () => number;
}

export interface FirstView {
  /** Counts a portal call from its start; the function returned ends it (more than once is harmless). */
  callStarted: () => () => void;
  /** Runs `fn` once the first view is drawn (at once after that); the function returned cancels it. */
  afterFirstView: (fn: () => void) => () => void;
}

/** A page's first view; without an environment (outside a browser) it has always been drawn. */
export function createFirstView(env: FirstViewEnv | undefined): FirstView {
  let inFlight = 0;
  /** Calls started so far: a quiet moment counts only if no call started during it. */
  let started = 0;
  let reached = !env;
  let armed = false;
  const waiting: (() => void)[] = [];

  const reach = () => {
    if (reached) return;
    reached = true;
    for (const run of waiting.splice(0)) run();
  };
  const check = () => {
    if (reached || inFlight > 0 || !env) return;
    if (!env.loaded()) return env.onLoad(check);
    const mark = started;
    env.later(() => env.idle(() => inFlight === 0 && started === mark && reach()), QUIET_MS);
  };

  return {
    callStarted() {
      inFlight++;
      started++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        if (armed && inFlight === 0) check();
      };
    },
    afterFirstView(fn) {
      if (reached) {
        fn();
        return () => undefined;
      }
      let cancelled = false;
      waiting.push(() => cancelled || fn());
      if (!armed && env) {
        armed = true;
        env.later(reach, Math.max(0, LATEST_MS - env.sincePageStart()));
        check();
      }
      return () => (cancelled = true);
    },
  };
}

const browser: FirstViewEnv | undefined =
  typeof document === 'undefined'
    ? undefined
    : {
        loaded: () => document.readyState === 'complete',
        onLoad: (fn) => addEventListener('load', fn, { once: true }),
        later: (fn, ms) => setTimeout(fn, ms),
        idle: (fn) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 0)),
        sincePageStart: () => performance.now(),
      };

export const { callStarted, afterFirstView } = createFirstView(browser);
