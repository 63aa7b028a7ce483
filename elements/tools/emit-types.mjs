// Writes TypeScript types for every element from custom-elements.json:
//   node elements/tools/emit-types.mjs dist/types   -> types for npm users: cx-elements.d.ts (no framework), react.d.ts (JSX),
//                                                      vscode.html-custom-data.json (HTML completion in VS Code)
//                                                      and vue.d.ts, svelte.d.ts, web-types.json (JetBrains), elements/<tag>.d.ts
//   node elements/tools/emit-types.mjs src/types --jsx-only   -> JSX types for the host's own build
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [outDir = 'dist/types', mode] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const elements = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));

const pascal = (tag) => tag.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());
/** An enumeration is written `"a"|"b"` in the JSDoc; it stays a union of literals. */
const isUnion = (text) => /^\s*"[^"]*"(\s*\|\s*"[^"]*")*\s*$/.test(text ?? '');
const tsType = (text) => (text === 'json' ? 'unknown' : isUnion(text) ? text.replace(/\s+/g, ' ') : text || 'string');
const attrType = (text) => (text === 'boolean' ? 'boolean' : text === 'number' ? 'number | string' : isUnion(text) ? text.replace(/\s+/g, ' ') : 'string');
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '* /').replace(/\n/g, ' ')} */\n` : '');
/** A member's type: a boolean is never undefined (absent reads false). */
const memberType = (text) => (text === 'boolean' ? 'boolean' : `${tsType(text)} | undefined`);
/** An attribute's property, a read-only member (`updateComplete`, `validity`: its type as written) or a method. */
const memberOf = (m) =>
  m.kind === 'method'
    ? `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}: ${p.type?.text ?? 'unknown'}`).join(', ')}): ${m.return?.type?.text ?? 'void'}`
    : m.readonly
      ? `readonly ${m.name}: ${m.type?.text ?? 'unknown'}`
      : `${m.name}: ${memberType(m.type?.text)}`;

const HEADER = '// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.\n';

function attributesOf(el) {
  let out = `${doc(el.description, '')}export interface ${pascal(el.tagName)}Attributes {\n`;
  for (const a of el.attributes ?? []) out += `${doc(a.description)}  '${a.name}'?: ${attrType(a.type?.text)};\n`;
  return `${out}}\n`;
}

/** React 19 binds `on<event>` props of a custom element to its events: typed per element. */
function eventPropsOf(el) {
  const events = el.events ?? [];
  let out = `export interface ${pascal(el.tagName)}EventProps {\n`;
  for (const e of events) out += `${doc(e.description)}  'on${e.name}'?: (event: ${e.type?.text ?? 'CustomEvent'}) => void;\n`;
  return `${out}}\n`;
}

/**
 * The types for npm users, without any framework: each element's attributes and its class, the
 * tag and event maps (`document.createElement('cx-star-rating').value` is a number).
 */
export function renderTypes() {
  let out = HEADER;
  for (const el of elements) {
    const name = pascal(el.tagName);
    out += `${attributesOf(el)}\n${eventPropsOf(el)}\n`;
    out += `export interface ${name}Element extends HTMLElement {\n`;
    for (const m of (el.members ?? []).filter((m) => !m.static && m.privacy === undefined)) out += `${doc(m.description)}  ${memberOf(m)};\n`;
    out += '}\n\n';
  }
  const events = new Map(elements.flatMap((el) => (el.events ?? []).map((e) => [e.name, e.type?.text ?? 'CustomEvent'])));
  out += 'declare global {\n  interface HTMLElementTagNameMap {\n';
  for (const el of elements) out += `    '${el.tagName}': ${pascal(el.tagName)}Element;\n`;
  out += '  }\n  interface GlobalEventHandlersEventMap {\n';
  for (const [name, type] of events) out += `    '${name}': ${type};\n`;
  return `${out}  }\n}\n`;
}

/** React's JSX for the same elements: attributes, typed `on<event>` props, the element as the ref. */
export function renderReactTypes() {
  let out = `${HEADER}import type { HTMLAttributes, RefAttributes } from 'react';\nimport type {\n`;
  for (const el of elements) out += `  ${pascal(el.tagName)}Attributes, ${pascal(el.tagName)}EventProps, ${pascal(el.tagName)}Element,\n`;
  out += "} from './cx-elements';\n\ndeclare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n";
  for (const el of elements) {
    const n = pascal(el.tagName);
    out += `      '${el.tagName}': Omit<HTMLAttributes<${n}Element>, keyof ${n}Attributes> & RefAttributes<${n}Element> & ${n}Attributes & ${n}EventProps;\n`;
  }
  return `${out}    }\n  }\n}\n`;
}

/** VS Code's HTML custom data: completion and hover docs for the tags and attributes in .html files. */
export function renderVsCodeData() {
  const values = (text) => (isUnion(text) ? text.split('|').map((v) => ({ name: v.trim().replace(/^"|"$/g, '') })) : text === 'boolean' ? [] : undefined);
  return JSON.stringify(
    {
      version: 1.1,
      tags: elements.map((el) => ({
        name: el.tagName,
        description: el.description,
        attributes: (el.attributes ?? []).map((a) => ({ name: a.name, description: a.description, ...(values(a.type?.text) ? { values: values(a.type?.text), ...(a.type?.text === 'boolean' ? { valueSet: 'v' } : {}) } : {}) })),
      })),
    },
    null,
    2,
  );
}

/**
 * The host's JSX types, one file per element's attributes (`elements/<tag>.d.ts`) and one that
 * declares the tags: each file stays the size of one element, however many there are.
 */
export function renderJsxFiles() {
  const files = {};
  for (const el of elements) files[`elements/${el.tagName}.d.ts`] = HEADER + attributesOf(el);
  let jsx = HEADER + "import type { HTMLAttributes, RefAttributes } from 'react';\n";
  for (const el of elements) jsx += `import type { ${pascal(el.tagName)}Attributes } from './elements/${el.tagName}';\n`;
  jsx += "\ndeclare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n";
  for (const el of elements) jsx += `      '${el.tagName}': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & ${pascal(el.tagName)}Attributes;\n`;
  files['cx-elements.jsx.d.ts'] = `${jsx}    }\n  }\n}\n`;
  return files;
}

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
/** The framework's name of an event handler: `cx-change` is `onCxChange` in Vue, `oncx-change` in React and Svelte. */
const vueHandler = (event) => `on${pascal(event)}`;

/**
 * Vue's templates (volar, vue-tsc): each tag a component in `GlobalComponents` whose props are the
 * attributes under Vue's camelCase names and `on<Event>` for its events, so a misspelt attribute
 * (with `strictTemplates` or `checkUnknownProps`) and a wrong value fail to compile.
 */
export function renderVueTypes() {
  let out = `${HEADER}import type { DefineComponent } from 'vue';\nimport type {\n`;
  for (const el of elements) out += `  ${pascal(el.tagName)}Element,\n`;
  out += "} from './cx-elements';\n\n";
  for (const el of elements) {
    out += `${doc(el.description, '')}export interface ${pascal(el.tagName)}VueProps {\n`;
    for (const a of el.attributes ?? []) out += `${doc(a.description)}  ${camel(a.name)}?: ${attrType(a.type?.text)};\n`;
    for (const e of el.events ?? []) out += `${doc(e.description)}  ${vueHandler(e.name)}?: (event: ${e.type?.text ?? 'CustomEvent'}) => void;\n`;
    out += '}\n';
  }
  out += "\ndeclare module 'vue' {\n  interface GlobalComponents {\n";
  for (const el of elements) out += `    '${el.tagName}': DefineComponent<${pascal(el.tagName)}VueProps, { $el: ${pascal(el.tagName)}Element }>;\n`;
  return `${out}  }\n}\n`;
}

/** Svelte 5 (svelte-check): the tags in `svelte/elements`, attributes and `oncx-*` handlers typed as in React. */
export function renderSvelteTypes() {
  let out = `${HEADER}import type { HTMLAttributes } from 'svelte/elements';\nimport type {\n`;
  for (const el of elements) out += `  ${pascal(el.tagName)}Attributes, ${pascal(el.tagName)}EventProps, ${pascal(el.tagName)}Element,\n`;
  out += "} from './cx-elements';\n\ndeclare module 'svelte/elements' {\n  interface SvelteHTMLElements {\n";
  for (const el of elements) {
    const n = pascal(el.tagName);
    out += `    '${el.tagName}': Omit<HTMLAttributes<${n}Element>, keyof ${n}Attributes | keyof ${n}EventProps> & ${n}Attributes & ${n}EventProps;\n`;
  }
  return `${out}  }\n}\n\nexport {};\n`;
}

/** One element's entry point: its class (registered on import) and its types. */
export function renderElementTypes(el) {
  const n = pascal(el.tagName);
  return `${HEADER}import type { ${n}Element } from '../cx-elements';\nexport type { ${n}Attributes, ${n}EventProps, ${n}Element } from '../cx-elements';\n\n${doc(
    `<${el.tagName}>, registered by importing this module. ${el.description ?? ''}`,
    '',
  )}export declare const ${el.name}: { new (): ${n}Element; readonly prototype: ${n}Element };\n`;
}

/** JetBrains' web-types: completion, docs and value checks for the tags in HTML and the frameworks' templates. */
export function renderWebTypes({ name, version }) {
  const values = (text) => (isUnion(text) ? text.split('|').map((v) => ({ name: v.trim().replace(/^"|"$/g, '') })) : undefined);
  // An enumeration's type is its union (`"home" | "panel"`) and `values` its names, as JetBrains' own generators write them.
  const valueOf = (text) => (text === 'boolean' ? { kind: 'no-value', type: 'boolean' } : { kind: 'plain', type: isUnion(text) ? text.replace(/\s+/g, ' ') : text === 'number' ? 'number' : 'string' });
  const named = (list = []) => list.map((x) => ({ name: x.name, description: x.description || undefined }));
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/web-types',
      name,
      version,
      'description-markup': 'markdown',
      contributions: {
        html: {
          elements: elements.map((el) => ({
            name: el.tagName,
            description: el.description,
            attributes: (el.attributes ?? []).map((a) => ({ name: a.name, description: a.description || undefined, value: valueOf(a.type?.text), values: values(a.type?.text) })),
            events: named(el.events),
            slots: named(el.slots),
            css: { parts: named(el.cssParts), properties: named(el.cssProperties) },
            js: {
              properties: (el.members ?? []).filter((m) => m.kind === 'field').map((m) => ({ name: m.name, description: m.description || undefined, type: tsType(m.type?.text) })),
              events: named(el.events),
            },
          })),
        },
      },
    },
    null,
    2,
  );
}

/** Every file of the npm package's types folder (and the portal's /elements/types/). */
export function renderPackageTypes({ name = '@cx-portal/elements', version = '0.0.0' } = {}) {
  const files = {
    'cx-elements.d.ts': renderTypes(),
    'react.d.ts': renderReactTypes(),
    'vue.d.ts': renderVueTypes(),
    'svelte.d.ts': renderSvelteTypes(),
    'vscode.html-custom-data.json': renderVsCodeData(),
    'web-types.json': renderWebTypes({ name, version }),
  };
  for (const el of elements) files[`elements/${el.tagName}.d.ts`] = renderElementTypes(el);
  return { ...files, ...renderEntryTypes() };
}

/**
 * The types of `configure` (its options copied from src/stores/config.ts, the one definition) and of
 * the autoloader, which re-exports it with `load` and `observe`.
 */
export function renderEntryTypes() {
  const source = readFileSync(new URL('../../src/stores/config.ts', import.meta.url), 'utf8');
  const options = /\/\*\*[^]*?\*\/\nexport interface CxConfig \{[^]*?\n\}\n/.exec(source)?.[0];
  if (!options) throw new Error('emit-types: `export interface CxConfig` is missing from src/stores/config.ts');
  const configure = `${HEADER}${options}\n/** Sets page-wide defaults for every cx-* element: \`configure({ apiBase, locale, token | getToken })\`. */\nexport declare function configure(options: Partial<CxConfig>): void;\n`;
  const index = `${HEADER}import type { CxConfig } from './configure';\nexport type { CxConfig } from './configure';\nexport type * from './cx-elements';

/** Page-wide defaults for every element (\`apiBase\`, \`locale\`, \`token\` or \`getToken\`); resolves once they apply. */
export declare function configure(options: Partial<CxConfig>): Promise<void>;
/** Imports the element of \`tag\` once; resolves when it is defined. */
export declare function load(tag: keyof HTMLElementTagNameMap | (string & {})): Promise<void>;
/** Watches a document or shadow root for cx-* tags and loads each when it first appears. */
export declare function observe(root: Document | ShadowRoot): void;
`;
  return { 'configure.d.ts': configure, 'index.d.ts': index };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = mode === '--jsx-only' ? renderJsxFiles() : renderPackageTypes({ version: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
  console.log(`types: wrote ${Object.keys(files).length} file(s) in ${outDir} (${elements.length} elements)`);
}
