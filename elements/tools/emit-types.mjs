// Writes TypeScript types for every element from custom-elements.json:
//   node elements/tools/emit-types.mjs dist/types   -> full types for npm users (tag map, events, JSX)
//   node elements/tools/emit-types.mjs src/types --jsx-only   -> JSX types for the host's own build
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [outDir = 'dist/types', mode] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const elements = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));

const pascal = (tag) => tag.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());
const tsType = (text) => (text === 'json' ? 'unknown' : text || 'string');
const attrType = (text) => (text === 'boolean' ? 'boolean' : text === 'number' ? 'number | string' : 'string');
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '* /').replace(/\n/g, ' ')} */\n` : '');

const HEADER = '// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.\n';

function attributesOf(el) {
  let out = `${doc(el.description, '')}export interface ${pascal(el.tagName)}Attributes {\n`;
  for (const a of el.attributes ?? []) out += `${doc(a.description)}  '${a.name}'?: ${attrType(a.type?.text)};\n`;
  return `${out}}\n`;
}

/** The full types for npm users, in one file: attributes, element classes, the tag and event maps, JSX. */
export function renderTypes() {
  let out = HEADER;
  out += "import type { HTMLAttributes, RefAttributes } from 'react';\n\n";
  for (const el of elements) {
    const name = pascal(el.tagName);
    out += `${attributesOf(el)}\n`;
    out += `export interface ${name}Element extends HTMLElement {\n`;
    for (const m of el.members ?? []) out += `${doc(m.description)}  ${m.name}: ${tsType(m.type?.text)} | undefined;\n`;
    out += '  /** Resolves once the latest attributes and properties are on screen. */\n  readonly updateComplete: Promise<boolean>;\n}\n\n';
  }
  const events = new Map(elements.flatMap((el) => (el.events ?? []).map((e) => [e.name, e.type?.text ?? 'CustomEvent'])));
  out += 'declare global {\n  interface HTMLElementTagNameMap {\n';
  for (const el of elements) out += `    '${el.tagName}': ${pascal(el.tagName)}Element;\n`;
  out += '  }\n  interface GlobalEventHandlersEventMap {\n';
  for (const [name, type] of events) out += `    '${name}': ${type};\n`;
  out += '  }\n}\n\n';
  out += "declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n";
  for (const el of elements) out += `      '${el.tagName}': HTMLAttributes<${pascal(el.tagName)}Element> & RefAttributes<${pascal(el.tagName)}Element> & ${pascal(el.tagName)}Attributes;\n`;
  return `${out}    }\n  }\n}\n`;
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
  const files = mode === '--jsx-only' ? renderJsxFiles() : { 'cx-elements.d.ts': renderTypes() };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
  console.log(`types: wrote ${Object.keys(files).length} file(s) in ${outDir} (${elements.length} elements)`);
}
