import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/tools/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 8787);
/** A second origin: the partner site of the embedding tests (demo/partner-site). */
export const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? port + 1);
const portal = `http://127.0.0.1:${port}`;
const partner = `http://127.0.0.1:${PARTNER_PORT}`;
/** The local mail server the portal delivers to (tests/tools/mail-catcher.ts) and where tests read what arrived. */
const SMTP_PORT = port + 2;
export const MAIL_READER = `http://127.0.0.1:${port + 3}`;
/** A second portal started empty (PORTAL_START=empty): the first-run path of bringing one's own data. */
export const EMPTY_PORTAL = `http://127.0.0.1:${port + 4}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** A local HTTPS receiver of webhook deliveries (tests/tools/webhook-receiver.ts): its address and the plain-HTTP port tests read it on. */
export const WEBHOOK_RECEIVER = `https://127.0.0.1:${port + 5}`;
export const WEBHOOK_CONTROL = `http://127.0.0.1:${port + 6}`;
const WEBHOOK_CERT_DIR = `${DATA_DIR}/webhook-cert`;
/** Shared by the portal and the partner site's back end, as in a real signed-embed set-up. */
const EMBED_SECRET = 'e2e-embed-secret-shared-with-the-partner-0123456789';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A loaded CI machine can take seconds over a page's first draw: waits are generous, and no test
  // asserts on time (timings live in bench/).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: portal,
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: 'tsx tests/tools/mail-catcher.ts',
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(port + 3) },
      url: `${MAIL_READER}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'tsx tests/tools/webhook-receiver.ts',
      env: { HTTPS_PORT: String(port + 5), CONTROL_PORT: String(port + 6), CERT_DIR: WEBHOOK_CERT_DIR },
      url: `${WEBHOOK_CONTROL}/received`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Serves the existing build (`npm test` builds first); the real server, over real HTTP.
      command: 'tsx server/start.ts',
      // A fresh DuckDB under .tmp/ (the test runner empties it), seeded on start like `npm start` does.
      // The feedback widget is seeded off (it would open over every other test's page); its own test switches it on.
      env: {
        UV_THREADPOOL_SIZE: '16', PORT: String(port), HOST: '127.0.0.1', DATA_DIR, DATABASE_URL: '', MAIL_OUTBOX_API: '1', EMBED_ORIGINS: partner, EMBED_SECRET,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, SEED_FEEDBACK_WIDGET: 'off',
        // The webhook receiver is local with its own certificate; retries come a second apart; the case clocks may be read as of a later time.
        WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_CA_FILE: `${WEBHOOK_CERT_DIR}/cert.pem`, WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_INTERVAL_MS: '500', CASE_CLOCK_AT: '1',
        // Identity providers send answers to the portal's fixed addresses (single sign-on): its own origin.
        PUBLIC_ORIGIN: portal,
      },
      url: `${portal}/demo/`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'tsx server/start.ts',
      env: { UV_THREADPOOL_SIZE: '16', PORT: String(port + 4), HOST: '127.0.0.1', DATA_DIR: `${DATA_DIR}/empty`, DATABASE_URL: '', MAIL_OUTBOX_API: '1', PORTAL_START: 'empty', SEED_FEEDBACK_WIDGET: 'off' },
      url: `${EMPTY_PORTAL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'tsx demo/partner-site/server.ts',
      env: { PORT: String(PARTNER_PORT), PORTAL: portal, EMBED_SECRET },
      url: `${partner}/snippet.html`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
