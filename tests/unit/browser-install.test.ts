import { describe, expect, it } from 'vitest';
import { ensureChromium, NO_BROWSER_HINT, type Machine } from '../tools/browser.mjs';

/** A machine whose browser appears once the named install command has run. */
function machine(over: Partial<Machine> & { installsBy?: string } = {}) {
  const ran: string[] = [];
  const said: string[] = [];
  let installed = false;
  const m: Machine = {
    find: () => (installed ? '/usr/bin/chromium' : null),
    isRoot: false,
    has: () => true,
    run: (cmd, args) => {
      ran.push([cmd, ...args].join(' '));
      if (cmd === over.installsBy) installed = true;
      return cmd === over.installsBy || args[0] === 'update';
    },
    say: (line) => said.push(line),
    ...over,
  };
  return { m, ran, said };
}

describe('npm test on a machine without a browser', () => {
  it("uses the browser it finds and installs nothing", () => {
    const { m, ran } = machine({ find: () => '/opt/chrome' });
    expect(ensureChromium(m)).toBe('/opt/chrome');
    expect(ran).toEqual([]);
  });

  it("installs Debian's chromium as root where apt-get is", () => {
    const { m, ran } = machine({ isRoot: true, installsBy: 'apt-get' });
    expect(ensureChromium(m)).toBe('/usr/bin/chromium');
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it("falls back to Playwright's download when apt-get fails or the user is not root", () => {
    const root = machine({ isRoot: true, installsBy: 'npx' });
    expect(ensureChromium(root.m)).toBe('/usr/bin/chromium');
    expect(root.ran.at(-1)).toBe('npx playwright install chromium');
    const user = machine({ installsBy: 'npx' });
    expect(ensureChromium(user.m)).toBe('/usr/bin/chromium');
    expect(user.ran).toEqual(['npx playwright install chromium']);
  });

  it('says in one line what to do when nothing could be installed', () => {
    const { m, said } = machine({ isRoot: true });
    expect(ensureChromium(m)).toBeNull();
    expect(said.at(-1)).toBe(NO_BROWSER_HINT);
    expect(NO_BROWSER_HINT).not.toContain('\n');
  });
});
