// Builds each interop app with its own framework's Vite plugin into dist/demo/interop/<name>/
// (`npm run build` runs it). The apps load the portal's elements from /elements/ at run time.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import vue from '@vitejs/plugin-vue';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

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
