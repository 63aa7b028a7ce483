import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
// @ts-expect-error a build script in JavaScript
import { referencePage } from './elements/tools/reference-page.mjs';
import { reactAsModules } from './elements/tools/react-modules.ts';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumPath, CHROMIUM_ARGS } from './tests/tools/browser.mjs';

const here = import.meta.dirname;
/**
 * Test files at once in the server-side projects. Vitest's default (one fewer than the cores) is 1
 * on a 2-core machine, but these files spend much of their time waiting on the database engine, its
 * threads, PostgreSQL or password hashing, and each has a database of its own: two at a time took
 * the unit project from 167 to 111 s, security from 107 to 66 s, and server-pg from 228 to 146 s.
 */
const SERVER_TEST_WORKERS = Math.max(2, availableParallelism() - 1);
/**
 * A server test's time limit is sized to its work on a busy machine, not to a fast one: a lockout
 * test checks 30 passwords with the real scrypt (about 110 ms each on an idle core), and vitest's
 * 5 s default failed it with a second CPU-heavy process beside the run. No test asserts on time.
 */
const SERVER_TEST_LIMITS = { testTimeout: 120_000, hookTimeout: 180_000 };
const elementEntries = Object.fromEntries(
  readdirSync(resolve(here, 'elements'))
    .filter((f) => /^cx-[a-z-]+\.ts$/.test(f))
    .map((f) => [f.replace(/\.ts$/, ''), resolve(here, 'elements', f)]),
);

/** Copies demo/ as plain files: demo pages load the built elements the way a customer page does. */
function demoPages(): Plugin {
  return {
    name: 'cx-demo-pages',
    apply: 'build',
    generateBundle() {
      // Only the demo's own files: demo/partner-site/ is another web site, served from its own origin.
      for (const file of readdirSync(resolve(here, 'demo'), { withFileTypes: true }).filter((f) => f.isFile()).map((f) => f.name)) {
        this.emitFile({ type: 'asset', fileName: `demo/${file}`, source: readFileSync(resolve(here, 'demo', file)) });
      }
      // The element reference, from the manifest.
      this.emitFile({ type: 'asset', fileName: 'demo/elements.html', source: referencePage(resolve(here, 'custom-elements.json')) });
    },
  };
}

/** Copies the files of `from` ending in `ext` to dist/`to`/, as they are. */
function copyFiles(name: string, from: string, ext: string, to: string): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle() {
      const dir = resolve(here, from);
      for (const file of readdirSync(dir).filter((f) => f.endsWith(ext))) {
        this.emitFile({ type: 'asset', fileName: `${to}/${file}`, source: readFileSync(resolve(dir, file)) });
      }
    },
  };
}

/** The visuals' static icons, in dist/elements/icons/: tiles load them from the portal itself, never an outside host. */
const visualIcons = () => copyFiles('cx-visual-icons', 'src/visuals/icons', '.svg', 'elements/icons');

/** The themes that ship with the elements (elements/themes/*.css), served beside them in dist/elements/themes/. */
const elementThemes = () => copyFiles('cx-element-themes', 'elements/themes', '.css', 'elements/themes');

/**
 * Puts the host's boot script (host/boot.ts, its own entry) in the page before the host's: a
 * module script of its own runs as soon as it is in, while the host's larger graph still loads.
 * (Two scripts in index.html would be bundled into one entry, which runs only when all is in.)
 */
function bootScript(): Plugin {
  return {
    name: 'cx-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        if (!boot) throw new Error('cx-boot-script: the boot entry is missing from the build');
        return html.replace('<script type="module"', `<script type="module" crossorigin src="/${boot.fileName}"></script>\n    <script type="module"`);
      },
    },
  };
}

/**
 * Inlines the host page's stylesheet (about 1 KB): the boot bar paints as soon as the page is in,
 * with no request of its own before it (the first paint of a slow phone). The server allows the
 * inline style by its hash (server/http/host-page.ts); nothing else may be inline.
 */
function inlineHostStyles(): Plugin {
  return {
    name: 'cx-inline-host-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (asset?.type !== 'asset') throw new Error(`cx-inline-host-styles: ${fileName} is not in the build`);
          // Its only use is this page: not written as a file of its own.
          delete ctx.bundle![fileName];
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}

// React and the element runtime: one chunk, all that one small element needs (cx-star-rating).
// lib/intl (the number formatters, no imports) too: the star rating formats its value with it. And Vite's
// preload helper, which every chunk with a dynamic import uses (the autoloader too): elsewhere it
// would make the autoloader fetch the portal's chunk for it.
const CORE = /node_modules[\\/](react|react-dom|scheduler|@r2wc|nanostores[\\/](atom|map))[\\/]|[\\/]src[\\/]elements[\\/](define|attributes|styles|base|shared-root|element-(context|boundary)|texts)\.|[\\/]src[\\/]i18n[\\/]languages|[\\/]src[\\/]lib[\\/]intl\.|vite[\\/]preload-helper/;
// What the portal's screens share beyond that: i18next with the English texts, the stores, the API client,
// and the small helpers most screens use (formatters, dates, roles, the forms' styles). Each of these
// was a file of its own: on HTTP/1.1 a browser asks six at a time, so a dozen 1 KB files cost a slow
// phone round trips that their bytes never would (docs/decisions.md, "Fewer files, and calls that wait for the first view").
const PORTAL = new RegExp(
  [
    String.raw`node_modules[\\/](i18next|ky|nanostores|@nanostores)[\\/]`,
    String.raw`[\\/]src[\\/](stores|api|i18n|elements)[\\/]`,
    String.raw`[\\/]src[\\/]lib[\\/](dates|roles|mobile|safe-path|after-login|profanity)\.`,
    String.raw`[\\/]src[\\/]account[\\/](login[\\/]after-sign-in|shared[\\/](use-form|forms\.css))`,
    String.raw`[\\/]src[\\/]dashboard[\\/]load-guard`,
    String.raw`[\\/]src[\\/]visuals[\\/]comment-list[\\/]rules\.`,
  ].join('|'),
);
// The autoloader and its element registry: all a partner's page fetches before the chunks of its tags,
// so nothing of the portal's (cx-star-rating through the autoloader stays the core and its own chunk).
const AUTOLOADER = /[\\/]elements[\\/](registry|cx-elements)\./;
// What only the host page and the assistant's chunk share beyond that: client plugins, the assistant's hand-over.
const HOST = /[\\/]src[\\/]shell[\\/]client-plugins|[\\/]src[\\/]account[\\/]assistant-token/;
// The dashboard's tiles: every visual and the tile editor (the visuals that are elements of their own apart).
const VISUALS = /[\\/]src[\\/](visuals[\\/](?!star-rating[\\/]|nps-gauge[\\/]|demo-wall[\\/])|dashboard[\\/]editor[\\/])/;
// The password forms (the account menu's change of password, the reset page).
const PASSWORD = /[\\/]src[\\/]account[\\/]password[\\/]/;
const D3 = /node_modules[\\/](d3|d3-[a-z-]+|internmap|delaunator|robust-predicates)[\\/]/;
// One small element's own: cx-star-rating alone stays React, the core and this (bench:elements).
const STAR_RATING = /[\\/]src[\\/](visuals[\\/]star-rating[\\/]|lib[\\/]rating\.)/;
// Long lists' row window, for the data viewer's grid and the delta table alike.
const VIRTUAL = /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/;

export default defineConfig({
  plugins: [reactAsModules(here), react(), demoPages(), visualIcons(), elementThemes(), bootScript(), inlineHostStyles()],
  // Pre-bundled up front: a dependency first met in the middle of the browser tests makes Vite
  // optimise it and reload the page, which fails whichever test is running (seen on a clean clone).
  optimizeDeps: {
    include: [
      'react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@r2wc/core', 'd3', 'nanostores', '@nanostores/react', 'i18next', 'ky',
      '@tanstack/react-table', '@tanstack/react-virtual', 'uqr', '@open-wc/testing-helpers', 'chai-a11y-axe', 'lit',
    ],
  },
  // Chunks find each other relative to the importing file, so dist/elements works from any URL (a CDN,
  // a customer's path); only the host page's own tags are absolute (it is served on every route).
  experimental: {
    renderBuiltUrl: (filename, { hostType }) => (hostType === 'js' ? { relative: true } : `/${filename}`),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The autoloader imports each tag's file with no preload list: the list named every chunk of every
    // element (1.1 KB of a lone rating's 70); the tag's file still asks for its chunks as it is parsed.
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => (/cx-autoloader/.test(hostId) ? [] : deps) },
    rollupOptions: {
      input: { ...elementEntries, host: resolve(here, 'host/index.html'), boot: resolve(here, 'host/boot.ts') },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name in elementEntries ? 'elements/[name].js' : 'host/assets/[name]-[hash].js'),
        chunkFileNames: 'elements/chunks/[name]-[hash].js',
        assetFileNames: 'host/assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'cx-d3', test: D3, priority: 2 },
            // The host page's first script and the session code share it: a chunk of its own, never inside cx-portal.
            { name: 'cx-boot', test: /[\\/]src[\\/]lib[\\/]early-refresh/, priority: 3 },
            // Each language beyond English in a chunk of its own, fetched when first spoken (src/i18n).
            { name: 'cx-lang-de', test: /[\\/]src[\\/]i18n[\\/]locales[\\/]de\.json/, priority: 3 },
            { name: 'cx-core', test: CORE, priority: 1 },
            { name: 'cx-portal', test: PORTAL, priority: 1 },
            // Shared by the host entry and the elements' assistant chunk: never inside the host's entry
            // chunk, whose top level starts the portal.
            { name: 'cx-host', test: HOST, priority: 1 },
            { name: 'cx-autoloader', test: AUTOLOADER, priority: 1 },
            { name: 'cx-password', test: PASSWORD, priority: 1 },
            // Below the groups above, which take their modules' imports with them: the tiles' chunk must
            // not take the star rating (an element on its own) or the row window (the data viewer's too).
            { name: 'star-rating', test: STAR_RATING, priority: 0.5 },
            { name: 'cx-virtual', test: VIRTUAL, priority: 0.5 },
            { name: 'format', test: /[\\/]src[\\/]visuals[\\/]common[\\/]format\./, priority: 0.5 },
            { name: 'tile', test: /[\\/]src[\\/]visuals[\\/]tile[\\/]tile\.css/, priority: 0.5 },
            { name: 'cx-visuals', test: VISUALS, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    // expect.poll waits up to 15 s (vitest's default is 1 s): a wait sized to a busy machine, ended as soon as it holds.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: SERVER_TEST_WORKERS, ...SERVER_TEST_LIMITS },
      },
      {
        // Attacks against the real server over HTTP (tests/security/portal.ts), on DuckDB.
        extends: true,
        test: { name: 'security', include: ['tests/security/**/*.test.ts'], environment: 'node', maxWorkers: SERVER_TEST_WORKERS, ...SERVER_TEST_LIMITS },
      },
      {
        // The server and security tests again, on PostgreSQL (TEST_DATABASE_URL; .ci/run starts a cluster).
        extends: true,
        test: {
          name: 'server-pg',
          include: ['tests/unit/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          env: { CX_TEST_ENGINE: 'postgres' },
          maxWorkers: SERVER_TEST_WORKERS,
          ...SERVER_TEST_LIMITS,
        },
      },
      {
        extends: true,
        // Two API processes behind HAProxy on PostgreSQL (needs the build, TEST_DATABASE_URL and haproxy); one cluster at a time.
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false },
      },
      {
        extends: true,
        // Kill -9 during writes (DuckDB), PostgreSQL restarted under load (needs TEST_DATABASE_URL and CX_PG_DIR).
        test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false },
      },
      {
        extends: true,
        test: {
          name: 'elements',
          include: ['tests/elements/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/elements/setup.ts'],
          // A busy machine draws slower: limits sized to the work, as the server projects' (no test asserts on time).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
