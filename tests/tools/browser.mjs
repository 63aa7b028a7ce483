// Finds a Chromium for the browser test layers: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own.
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
  'No Chromium found: install one (Debian: apt-get update && apt-get install -y chromium) or set CHROME_PATH to a Chrome or Chromium binary.';

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
