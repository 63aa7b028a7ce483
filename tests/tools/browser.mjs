// Finds a Chromium for the browser test layers: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
];

export const NO_BROWSER_HINT =
  'No Chromium found and none could be installed: install one (Debian: apt-get update && apt-get install -y chromium; elsewhere: npx playwright install chromium) or set CHROME_PATH to a Chrome or Chromium binary.';

function playwrightOwn() {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** @returns {string | null} the first browser binary that exists. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightOwn()];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/** The ways to get a browser, most likely to work first: Debian's package as root, then Playwright's download. */
const INSTALLS = [
  { when: (/** @type {Machine} */ m) => m.isRoot && m.has('apt-get'), name: "Debian's chromium", steps: [['apt-get', ['update', '-qq']], ['apt-get', ['install', '-y', '-qq', 'chromium']]] },
  { when: () => true, name: "Playwright's Chromium", steps: [['npx', ['playwright', 'install', 'chromium']]] },
];

/**
 * @typedef {{ find: () => string | null, isRoot: boolean, has: (cmd: string) => boolean,
 *   run: (cmd: string, args: string[]) => boolean, say: (line: string) => void }} Machine
 */

/** @type {Machine} */
const thisMachine = {
  find: chromiumPath,
  isRoot: process.getuid?.() === 0,
  has: (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0,
  run: (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0,
  say: (line) => console.log(line),
};

/**
 * A browser for the tests: the one found, or one installed where this machine can (a failed
 * install, e.g. without a network, goes on to the next way). Null after the hint was printed.
 * @param {Machine} machine
 * @returns {string | null}
 */
export function ensureChromium(machine = thisMachine) {
  const found = machine.find();
  if (found) return found;
  for (const install of INSTALLS.filter((i) => i.when(machine))) {
    machine.say(`No Chromium found: installing ${install.name} for the browser tests.`);
    if (!install.steps.every(([cmd, args]) => machine.run(cmd, args))) continue;
    const installed = machine.find();
    if (installed) return installed;
  }
  machine.say(NO_BROWSER_HINT);
  return null;
}
