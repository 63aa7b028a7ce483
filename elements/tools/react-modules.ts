// React publishes CommonJS only. Bundled as such, every chunk that uses it goes through the
// bundler's interop helpers (`__toESM(require_react())`), those helpers become a chunk that every
// element fetches, and nothing of React can be left out: a CommonJS module is kept whole. This
// build plugin reads React's production files as ES modules instead, so the bundler keeps only the
// exports some element uses and needs no interop (docs/decisions.md, "React as ES modules").
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Each CommonJS-only specifier the elements reach, and the production file it stands for. */
export const PRODUCTION: Record<string, string> = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
  scheduler: 'scheduler/cjs/scheduler.production.js',
  'use-sync-external-store/shim': 'use-sync-external-store/cjs/use-sync-external-store-shim.production.js',
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store/cjs/use-sync-external-store-shim/with-selector.production.js',
};

const REQUIRE = /\b([\w$]+) = require\("([^"]+)"\)/g;
const EXPORT = /\bexports\.([\w$]+)/g;

/**
 * One of React's production files as an ES module: `NAME = require("x")` becomes
 * `import * as NAME from "x"` (member reads stay static, so unused exports of x can go), and each
 * `exports.NAME` a module variable exported as NAME (a live binding, as the scheduler reassigns
 * `unstable_now`). Any other CommonJS shape throws, so a React upgrade that changes the files
 * fails the build instead of shipping a broken bundle.
 */
export function commonJsToModule(code: string, file: string): string {
  const imports: string[] = [];
  let body = code.replace(REQUIRE, (_all, local: string, specifier: string) => {
    imports.push(`import * as ${local} from ${JSON.stringify(specifier)};`);
    return `${local}$required = 0`;
  });
  const names = [...new Set([...body.matchAll(EXPORT)].map((m) => m[1]))];
  for (const name of names) {
    const local = `exported$${name}`;
    const member = `exports\\.${name.replace(/\$/g, '\\$')}`;
    const assignment = new RegExp(`^${member} = `, 'gm');
    const use = new RegExp(`\\b${member}\\b`, 'g');
    // Assigned once at the top level and never read: a declaration, which the bundler can drop.
    if (body.match(assignment)?.length === 1 && body.match(use)?.length === 1) body = body.replace(assignment, `var ${local} = `);
    else body = `var ${local};\n${body.replace(use, local)}`;
  }
  if (/\b(require|module|exports)\b/.test(body.replace(/\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"/g, ''))) {
    throw new Error(`${file}: a CommonJS shape this build does not convert (require, module or exports left)`);
  }
  const exported = names.map((name) => `exported$${name} as ${name}`).join(', ');
  return `${imports.join('\n')}\n${body}\nexport { ${exported} };\n`;
}

// `import React, { useState } from "react"` (some libraries): React's `module.exports` is what a
// namespace import now gives, and a namespace's member reads stay static.
const DEFAULT_IMPORT = new RegExp(`import\\s+([\\w$]+)\\s*(?:,\\s*(\\{[^}]*\\}))?\\s*from\\s*(["'])(${Object.keys(PRODUCTION).join('|')})\\3`, 'g');

/** A module's default imports of React as namespace imports; null when it has none. */
export function namespaceImports(code: string): string | null {
  const rewritten = code.replace(DEFAULT_IMPORT, (_all, local: string, named: string | undefined, quote: string, specifier: string) => {
    const from = `from ${quote}${specifier}${quote}`;
    return `import * as ${local} ${from}${named ? `; import ${named} ${from}` : ''}`;
  });
  return rewritten === code ? null : rewritten;
}

/** Builds only: the dev server and the tests keep React as published (Vite pre-bundles it). */
export function reactAsModules(root: string): Plugin {
  const files = new Map(Object.entries(PRODUCTION).map(([specifier, file]) => [specifier, resolve(root, 'node_modules', file)]));
  const converted = new Set(files.values());
  return {
    name: 'cx-react-as-modules',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      for (const file of converted) if (!existsSync(file)) throw new Error(`${file} is missing: React's package layout changed`);
    },
    // react-dom reads `Scheduler.log` and two more test-only exports, absent from the production
    // scheduler, and checks their type first, as it did under CommonJS: not a fault.
    onLog(_level, log) {
      if (log.code === 'IMPORT_IS_UNDEFINED' && log.id && converted.has(log.id)) return false;
    },
    resolveId(source) {
      return files.get(source) ?? null;
    },
    load(id) {
      return converted.has(id) ? commonJsToModule(readFileSync(id, 'utf8'), id) : null;
    },
    transform: namespaceImports,
  };
}
