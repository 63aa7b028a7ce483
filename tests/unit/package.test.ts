import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a build script in JavaScript
import { buildPackage, PACKAGE_NAME, TAGS } from '../../elements/tools/package.mjs';

/**
 * The npm package as `npm run build` makes it (the same function, into a folder of this test), packed
 * by npm, then installed from its tarball beside a copy of demo/interop's React, Vue and Svelte apps
 * and type-checked there by each framework's own checker, as a partner's project would.
 */
const run = promisify(execFile);
const root = process.cwd();
const work = join(root, '.tmp', `package-test-${process.pid}`);
const pkg = join(work, 'package');
const apps = join(work, 'apps');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

type Packed = { name: string; filename: string; files: Array<{ path: string }> };
const pack = async (args: string[]) => (JSON.parse((await run('npm', ['pack', '--json', ...args, pkg], { cwd: work })).stdout) as Packed[])[0];

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await buildPackage(pkg, join(work, 'portal'));
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package of the elements', () => {
  it('packs the autoloader, every element, configure, the types and the manifest, and nothing of the server, DuckDB or Angular', async () => {
    const packed = await pack(['--dry-run']);
    expect(packed.name).toBe(PACKAGE_NAME);
    const files = packed.files.map((f) => f.path);
    const expected = ['package.json', 'README.md', 'custom-elements.json', 'web-types.json', 'vscode.html-custom-data.json', 'elements/cx-elements.js', 'elements/configure.js', 'types/index.d.ts', 'types/configure.d.ts', 'types/cx-elements.d.ts', 'types/react.d.ts', 'types/vue.d.ts', 'types/svelte.d.ts'];
    for (const tag of TAGS as string[]) expected.push(`elements/${tag}.js`, `types/elements/${tag}.d.ts`);
    expect(files).toEqual(expect.arrayContaining(expected));
    expect(files.filter((f) => /(^|\/)server\/|duckdb|angular|\.(br|gz|map)$/i.test(f))).toEqual([]);
  });

  it('names a file for every export, React as its only (peer) dependency, and its code imports nothing else from outside', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['react', 'react-dom']);
    const targets = Object.values(manifest.exports as Record<string, string | Record<string, string>>).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
    expect(targets.filter((t) => !existsSync(join(pkg, t)))).toEqual([]);
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './configure', './cx-star-rating', './react', './vue', './svelte', './custom-elements.json', './web-types.json']));
    const code = readdirSync(join(pkg, 'elements'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(pkg, 'elements', f), 'utf8'));
    const outside = new Set(code.flatMap((text) => [...text.matchAll(/^(?:import|export)\b[^'"\n]*?from\s*"([^"./][^"]*)"/gm)].map((m) => m[1])));
    expect([...outside].sort()).toEqual(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']);
    // CommonJS left in the bundle would `require("react")`, which no browser has.
    expect(code.filter((text) => /__require\(|\brequire\("/.test(text))).toEqual([]);
  });
});

describe('the editors\' data in the package', () => {
  it('gives JetBrains (web-types.json) every tag with its attributes, an enumeration\'s values and its events', () => {
    const webTypes = JSON.parse(readFileSync(join(pkg, 'web-types.json'), 'utf8'));
    expect(webTypes.name).toBe(PACKAGE_NAME);
    expect(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'))['web-types']).toBe('./web-types.json');
    const elements = webTypes.contributions.html.elements as Array<{ name: string; attributes: Array<{ name: string; value: { type: string }; values?: Array<{ name: string }> }>; events: Array<{ name: string }> }>;
    expect(elements.map((e) => e.name).sort()).toEqual([...(TAGS as string[])].sort());
    const operations = elements.find((e) => e.name === 'cx-operations')!;
    expect(operations.attributes.find((a) => a.name === 'mode')!.values).toEqual([{ name: 'home' }, { name: 'panel' }]);
    const rating = elements.find((e) => e.name === 'cx-star-rating')!;
    expect(rating.attributes.find((a) => a.name === 'readonly')!.value.type).toBe('boolean');
    expect(rating.events.map((e) => e.name)).toContain('cx-change');
  });
});

/** `file:line` of each error a checker reported. */
type Checker = { command: string; args: string[]; errors: (output: string) => string[] };
const TSC_LINE = /^([^\s(]+)\((\d+),\d+\): error TS\d+/gm;
const CHECKERS: Record<'react' | 'vue' | 'svelte', Checker & { wrong: string }> = {
  react: { command: bin('tsc'), args: ['-p', 'tsconfig.json'], errors: (o) => [...o.matchAll(TSC_LINE)].map((m) => `${m[1]}:${m[2]}`), wrong: 'wrong-attributes.tsx' },
  vue: { command: bin('vue-tsc'), args: ['-p', 'tsconfig.json'], errors: (o) => [...o.matchAll(TSC_LINE)].map((m) => `${m[1]}:${m[2]}`), wrong: 'Wrong.vue' },
  svelte: {
    command: bin('svelte-check'),
    args: ['--workspace', '.', '--tsconfig', './tsconfig.json', '--output', 'machine'],
    errors: (o) => [...o.matchAll(/^\d+ ERROR "([^"]+)" (\d+):\d+/gm)].map((m) => `${m[1]}:${m[2]}`),
    wrong: 'Wrong.svelte',
  },
};

// The three checkers run at once: each mostly waits on its own single-threaded compiler.
describe.concurrent('the interop apps, with the package installed from its tarball', () => {
  beforeAll(async () => {
    mkdirSync(apps, { recursive: true });
    const { filename } = await pack(['--pack-destination', apps]);
    writeFileSync(join(apps, 'package.json'), JSON.stringify({ private: true, type: 'module', dependencies: { [PACKAGE_NAME]: `file:./${filename}` } }));
    // React, Vue and Svelte themselves are the portal's own, found up the tree; the package brings only itself.
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--no-package-lock'], { cwd: apps });
    cpSync(join(root, 'demo', 'interop'), apps, { recursive: true, filter: (src) => !/[\\/](angular|node_modules)([\\/]|$)|build\.mjs$/.test(src) });
  }, 120_000);

  for (const [app, checker] of Object.entries(CHECKERS)) {
    it(`${app}: the app type-checks, and each wrong attribute, value, event type and configure option fails to compile`, async () => {
      const cwd = join(apps, app);
      const marked = readFileSync(join(cwd, checker.wrong), 'utf8').split('\n').flatMap((line, i) => (line.includes('FAILS:') ? [`${checker.wrong}:${i + 1}`] : []));
      expect(marked.length).toBeGreaterThanOrEqual(5);
      const result = await run(checker.command, checker.args, { cwd, maxBuffer: 16 << 20 }).then(
        () => ({ failed: false, output: '' }),
        (error: { stdout: string; stderr: string }) => ({ failed: true, output: `${error.stdout}\n${error.stderr}` }),
      );
      expect(result.failed).toBe(true);
      // Errors exactly on the marked lines: none in the app itself, none missing in the wrong file.
      expect([...new Set(checker.errors(result.output))].sort(), result.output).toEqual(marked.sort());
    }, 120_000);
  }
});
