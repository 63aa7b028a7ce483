// Builds each interop app with its own framework's tool into dist/demo/interop/<name>/
// (`npm run build` runs it): React, Vue and Svelte with their Vite plugins, Angular with its CLI
// in a project of its own (demo/interop/angular, installed by the root's postinstall). The apps
// load the portal's elements from /elements/ at run time.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import vue from '@vitejs/plugin-vue';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const here = fileURLToPath(new URL('.', import.meta.url));
const APPS = {
  react: [react()],
  // Vue must not try to resolve cx-* tags as Vue components.
  vue: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('cx-') } } })],
  svelte: [svelte()],
};

for (const [name, plugins] of Object.entries(APPS)) {
  await build({
    configFile: false,
    root: resolve(here, name),
    base: `/demo/interop/${name}/`,
    logLevel: 'warn',
    plugins,
    build: { outDir: resolve(here, '../../dist/demo/interop', name), emptyOutDir: true },
  });
  console.log(`interop: built ${name}`);
}

// Angular's build tools pin an older vitest than the portal's: its app is a project of its own.
const angular = resolve(here, 'angular');
const ng = resolve(angular, 'node_modules/@angular/cli/bin/ng.js');
if (!existsSync(ng)) throw new Error('interop: Angular is not installed: run `npm ci --prefix demo/interop/angular` (npm install does it).');
execFileSync(process.execPath, [ng, 'build'], { cwd: angular, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NG_CLI_ANALYTICS: 'false' } });
console.log('interop: built angular');
