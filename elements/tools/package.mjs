// Builds the npm package of the elements (`npm run build` runs it):
//   tsx elements/tools/package.mjs dist/package dist/elements
// Its own Vite build of the portal's element entries, with React and react-dom left to the app
// (peer dependencies: a React app ships one React; the script-tag bundle in dist/elements keeps its
// own), then the types, the manifest and a package.json whose `exports` name each entry. Nothing of
// the server, DuckDB or the Angular demo is reachable from these entries. The portal serves the same
// manifest and types beside its elements (dist/elements/custom-elements.json, dist/elements/types/).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { renderPackageTypes } from './emit-types.mjs';
import { reactAsModules } from './react-modules.ts';

const root = resolve(import.meta.dirname, '../..');
export const PACKAGE_NAME = '@cx-portal/elements';
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const TAGS = readdirSync(join(root, 'elements'))
  .filter((f) => /^cx-[a-z-]+\.ts$/.test(f) && f !== 'cx-elements.ts')
  .map((f) => f.slice(0, -3));
// React and its JSX runtime come from the app, never from the package.
const PEER = /^(react|react-dom)(\/.*)?$/;

function writer(dir) {
  return (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
}

async function bundle(out) {
  // A production build whatever the caller's NODE_ENV (a test's is "test"): React's JSX runtime, not its dev one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    configFile: false,
    root,
    logLevel: 'warn',
    // React's CommonJS helpers that are bundled (use-sync-external-store) as ES modules: as CommonJS
    // they would `require("react")`, which no browser has. React itself is external before it resolves.
    plugins: [reactAsModules(root), react()],
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'es2022',
      // The app's bundler minifies; readable code is easier to debug in a partner's app.
      minify: false,
      copyPublicDir: false,
      // The app's bundler decides what to preload; Vite's helper would ask the page's origin for our paths.
      modulePreload: false,
      rollupOptions: {
        input: Object.fromEntries([...TAGS, 'cx-elements', 'configure'].map((name) => [name, join(root, 'elements', `${name}.ts`)])),
        preserveEntrySignatures: 'exports-only',
        external: (id) => PEER.test(id),
        output: { format: 'es', entryFileNames: 'elements/[name].js', chunkFileNames: 'elements/chunks/[name]-[hash].js', assetFileNames: 'elements/assets/[name]-[hash][extname]' },
      },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
}

const entry = (name, types) => ({ types: `./types/${types}`, default: `./elements/${name}.js` });

function packageJson() {
  return {
    name: PACKAGE_NAME,
    version: own.version,
    description: 'CX analytics custom elements (cx-*): the autoloader, each element, configure(), their types and manifest.',
    license: own.license,
    type: 'module',
    // Importing an element registers it.
    sideEffects: true,
    types: './types/index.d.ts',
    customElements: 'custom-elements.json',
    'web-types': './web-types.json',
    exports: {
      '.': entry('cx-elements', 'index.d.ts'),
      './configure': entry('configure', 'configure.d.ts'),
      ...Object.fromEntries(TAGS.map((tag) => [`./${tag}`, entry(tag, `elements/${tag}.d.ts`)])),
      // Types only: `import type {} from '@cx-portal/elements/react'` (or /vue, /svelte) once in the app.
      './react': { types: './types/react.d.ts' },
      './vue': { types: './types/vue.d.ts' },
      './svelte': { types: './types/svelte.d.ts' },
      './custom-elements.json': './custom-elements.json',
      './web-types.json': './web-types.json',
      './vscode.html-custom-data.json': './vscode.html-custom-data.json',
      './package.json': './package.json',
    },
    files: ['elements', 'types', '*.json', 'README.md'],
    peerDependencies: { react: own.dependencies.react, 'react-dom': own.dependencies['react-dom'] },
  };
}

const README = `# ${PACKAGE_NAME}

The CX portal's custom elements for any page or framework: docs/embedding.md of the portal, "Install from npm".

\`\`\`js
import { configure } from '${PACKAGE_NAME}'; // the autoloader: each cx-* tag loads when it first appears
configure({ apiBase: 'https://cx.example.com' });
\`\`\`
`;

/** Builds the package into `out`; writes its manifest and types into `portal` too (the served elements folder). */
export async function buildPackage(out, portal) {
  rmSync(out, { recursive: true, force: true });
  await bundle(out);
  const write = writer(out);
  const serve = writer(portal);
  for (const [name, text] of Object.entries(renderPackageTypes({ name: PACKAGE_NAME, version: own.version }))) {
    // The editors' data sit at the package's top, where JetBrains and VS Code look for them.
    write(name.endsWith('.json') ? name : `types/${name}`, text);
    serve(`types/${name}`, text);
  }
  for (const dir of [out, portal]) cpSync(join(root, 'custom-elements.json'), join(dir, 'custom-elements.json'));
  write('package.json', `${JSON.stringify(packageJson(), null, 2)}\n`);
  write('README.md', README);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const [out = 'dist/package', portal = 'dist/elements'] = process.argv.slice(2);
  await buildPackage(resolve(out), resolve(portal));
  console.log(`package: ${PACKAGE_NAME}@${own.version} in ${out} (${TAGS.length} elements)`);
}
