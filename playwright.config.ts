import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/tools/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 8787);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS },
  },
  webServer: {
    // Serves the existing build (`npm test` builds first); the real server, over real HTTP.
    command: 'tsx server/start.ts',
    // A fresh DuckDB under .tmp/ (the test runner empties it), seeded on start like `npm start` does.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '.tmp/e2e-data', DATABASE_URL: '', MAIL_OUTBOX_API: '1' },
    url: `http://127.0.0.1:${port}/demo/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
