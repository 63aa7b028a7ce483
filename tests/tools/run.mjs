// `npm test`: typecheck, lint, unit tests, build, element tests in Chromium, end-to-end tests.
// Stops at the first failing step; ends with one line of totals.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './browser.mjs';

// A machine without a browser gets one where it can (ensureChromium says how, or what to do).
const browser = ensureChromium();
if (!browser) process.exit(1);

const out = '.tmp/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const vitest = (project) => [
  'npx',
  ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}/${project}.json`],
];

// The server tests run a second time on PostgreSQL: TEST_DATABASE_URL, or a throwaway cluster when
// PostgreSQL is installed (tests/tools/postgres.sh), else that run is skipped with a note.
let pgDir;
function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const out = execFileSync('bash', ['tests/tools/postgres.sh', 'start'], { encoding: 'utf8' });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  pgDir = /CX_PG_DIR=(\S+)/.exec(out)?.[1];
  return url;
}
const pgUrl = postgresUrl();
process.on('exit', () => pgDir && execFileSync('bash', ['tests/tools/postgres.sh', 'stop', pgDir]));
// Ctrl-C or a stop from CI ends the run through 'exit', so the throwaway cluster stops too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
if (!pgUrl) console.log('PostgreSQL is not installed: the server tests run on DuckDB only.');

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['unit', ...vitest('unit')],
  ['security', ...vitest('security')],
  ...(pgUrl ? [['server-pg', ...vitest('server-pg'), { TEST_DATABASE_URL: pgUrl }]] : []),
  ['build', 'npm', ['run', 'build', '--silent']],
  // Two API processes behind HAProxy on PostgreSQL (the launcher installs Debian's haproxy when missing).
  ...(pgUrl ? [['cluster', ...vitest('cluster'), { TEST_DATABASE_URL: pgUrl }]] : []),
  // Kill -9 during writes, and a restart of the throwaway PostgreSQL cluster under load.
  ...(pgUrl && pgDir ? [['faults', ...vitest('faults'), { TEST_DATABASE_URL: pgUrl, CX_PG_DIR: pgDir }]] : []),
  ['elements', ...vitest('elements')],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` }, () => rmSync('.tmp/e2e-data', { recursive: true, force: true })],
];

const totals = { passed: 0, failed: 0 };
function count(step) {
  try {
    const report = JSON.parse(readFileSync(`${out}/${step}.json`, 'utf8'));
    if (report.stats) {
      totals.passed += report.stats.expected ?? 0;
      totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    } else {
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
    }
  } catch {
    // Steps without a report (typecheck, lint, build) count by exit code only.
  }
}

for (const [name, command, args, env = {}, before] of steps) {
  before?.();
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: browser, ...env } });
  count(name);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    console.log(`tests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
