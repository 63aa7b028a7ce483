// Writes TypeScript types for every element from custom-elements.json:
//   node elements/tools/emit-types.mjs dist/types   -> types for npm users: cx-elements.d.ts (no framework), react.d.ts (JSX),
//                                                      vscode.html-custom-data.json (HTML completion in VS Code)
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
    for (const m of (el.members ?? []).filter((m) => m.kind === 'field' && !m.static && m.privacy === undefined)) out += `${doc(m.description)}  ${m.name}: ${memberType(m.type?.text)};\n`;
    out += '  /** Resolves once the latest attributes and properties are on screen. */\n  readonly updateComplete: Promise<boolean>;\n}\n\n';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = mode === '--jsx-only' ? renderJsxFiles() : { 'cx-elements.d.ts': renderTypes(), 'react.d.ts': renderReactTypes(), 'vscode.html-custom-data.json': renderVsCodeData() };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
  console.log(`types: wrote ${Object.keys(files).length} file(s) in ${outDir} (${elements.length} elements)`);
}
