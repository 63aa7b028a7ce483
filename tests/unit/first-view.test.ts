import { describe, expect, it } from 'vitest';
import { createFirstView, LATEST_MS, QUIET_MS, type FirstViewEnv } from '../../src/api/first-view';

/** A page whose load, timers and idle moments the test moves by hand. */
function page(loaded = true) {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const idles: (() => void)[] = [];
  const loads: (() => void)[] = [];
  const env: FirstViewEnv = {
    loaded: () => loaded,
    onLoad: (fn) => loads.push(fn),
    later: (fn, ms) => timers.push({ at: now + ms, fn }),
    idle: (fn) => idles.push(fn),
    sincePageStart: () => now,
  };
  return {
    env,
    load() {
      loaded = true;
      loads.splice(0).forEach((fn) => fn());
    },
    /** Moves the clock, running the timers that fall due, then lets the browser be idle. */
    pass(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
      idles.splice(0).forEach((fn) => fn());
    },
  };
}

describe('the first view', () => {
  it('holds a waiting call until the calls in flight have ended and the page has been quiet', () => {
    const p = page();
    const view = createFirstView(p.env);
    const ran: string[] = [];
    const dataSource = view.callStarted();
    view.afterFirstView(() => ran.push('telemetry'));
    p.pass(QUIET_MS * 2);
    expect(ran).toEqual([]);
    dataSource();
    p.pass(QUIET_MS - 1);
    expect(ran).toEqual([]);
    p.pass(1);
    expect(ran).toEqual(['telemetry']);
  });

  it('does not count a quiet moment in which the next call of the chain started and ended', () => {
    const p = page();
    const view = createFirstView(p.env);
    const ran: string[] = [];
    view.afterFirstView(() => ran.push('notifications'));
    view.callStarted()(); // the data source answered…
    const visuals = view.callStarted(); // …and the tiles were asked for
    p.pass(QUIET_MS);
    expect(ran).toEqual([]);
    visuals();
    p.pass(QUIET_MS);
    expect(ran).toEqual(['notifications']);
  });

  it('waits for the page to load, and runs what comes later at once', () => {
    const p = page(false);
    const view = createFirstView(p.env);
    const ran: string[] = [];
    view.afterFirstView(() => ran.push('plugins'));
    p.pass(QUIET_MS);
    expect(ran).toEqual([]);
    p.load();
    p.pass(QUIET_MS);
    view.afterFirstView(() => ran.push('page view'));
    expect(ran).toEqual(['plugins', 'page view']);
  });

  it('gives up waiting at the latest time, and runs nothing that was cancelled', () => {
    const p = page();
    const view = createFirstView(p.env);
    const ran: string[] = [];
    view.callStarted(); // a call that never ends
    const cancel = view.afterFirstView(() => ran.push('cancelled'));
    view.afterFirstView(() => ran.push('version'));
    cancel();
    p.pass(LATEST_MS - 1);
    expect(ran).toEqual([]);
    p.pass(1);
    expect(ran).toEqual(['version']);
  });

  it('outside a browser nothing waits', () => {
    const ran: string[] = [];
    createFirstView(undefined).afterFirstView(() => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
