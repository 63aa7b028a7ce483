// Writes TypeScript types for every element from custom-elements.json:
//   node elements/tools/emit-types.mjs dist/types   -> full types for npm users (tag map, events, JSX)
//   node elements/tools/emit-types.mjs src/types --jsx-only   -> JSX types for the host's own build
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [outDir = 'dist/types', mode] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const elements = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));

const pascal = (tag) => tag.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());
const tsType = (text) => (text === 'json' ? 'unknown' : text || 'string');
const attrType = (text) => (text === 'boolean' ? 'boolean' : text === 'number' ? 'number | string' : 'string');
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '* /').replace(/\n/g, ' ')} */\n` : '');

export function renderTypes(jsxOnly) {
  let out = '// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.\n';
  out += "import type { HTMLAttributes, RefAttributes } from 'react';\n\n";
  for (const el of elements) {
    const name = pascal(el.tagName);
    out += `${doc(el.description, '')}export interface ${name}Attributes {\n`;
    for (const a of el.attributes ?? []) out += `${doc(a.description)}  '${a.name}'?: ${attrType(a.type?.text)};\n`;
    out += '}\n\n';
    if (jsxOnly) continue;
    out += `export interface ${name}Element extends HTMLElement {\n`;
    for (const m of el.members ?? []) out += `${doc(m.description)}  ${m.name}: ${tsType(m.type?.text)} | undefined;\n`;
    out += '  /** Resolves once the latest attributes and properties are on screen. */\n  readonly updateComplete: Promise<boolean>;\n}\n\n';
  }
  const events = new Map(elements.flatMap((el) => (el.events ?? []).map((e) => [e.name, e.type?.text ?? 'CustomEvent'])));
  out += 'declare global {\n';
  if (!jsxOnly) {
    out += '  interface HTMLElementTagNameMap {\n';
    for (const el of elements) out += `    '${el.tagName}': ${pascal(el.tagName)}Element;\n`;
    out += '  }\n  interface GlobalEventHandlersEventMap {\n';
    for (const [name, type] of events) out += `    '${name}': ${type};\n`;
    out += '  }\n';
  }
  out += '}\n\n';
  out += "declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n";
  for (const el of elements) {
    const name = pascal(el.tagName);
    const target = jsxOnly ? 'HTMLElement' : `${name}Element`;
    out += `      '${el.tagName}': HTMLAttributes<${target}> & RefAttributes<${target}> & ${name}Attributes;\n`;
  }
  out += '    }\n  }\n}\n';
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, mode === '--jsx-only' ? 'cx-elements.jsx.d.ts' : 'cx-elements.d.ts');
  writeFileSync(file, renderTypes(mode === '--jsx-only'));
  console.log(`types: wrote ${file} (${elements.length} elements)`);
}
