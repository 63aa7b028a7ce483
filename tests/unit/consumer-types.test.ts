import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import Ajv from 'ajv';
// @ts-expect-error a script of the build, in JavaScript
import { renderReactTypes, renderTypes, renderVsCodeData } from '../../elements/tools/emit-types.mjs';

/** An outside project: the generated types beside a consumer's files, compiled with its own settings. */
const dir = join(process.cwd(), '.tmp', `consumer-types-${process.pid}`);
const FIXTURES = join(process.cwd(), 'tests', 'types', 'consumer');

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cx-elements.d.ts'), renderTypes());
  writeFileSync(join(dir, 'react.d.ts'), renderReactTypes());
  for (const f of ['plain.ts', 'app.tsx']) copyFileSync(join(FIXTURES, f), join(dir, f));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compile(file: string, options: ts.CompilerOptions, edit?: (text: string) => string): string[] {
  if (edit) writeFileSync(join(dir, file), edit(readFileSync(join(FIXTURES, file), 'utf8')));
  const program = ts.createProgram([join(dir, file)], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, ...options });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? ts.getLineAndCharacterOfPosition(d.file, d.start!).line + 1 : 0}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

const PLAIN: ts.CompilerOptions = { lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [] };
const REACT: ts.CompilerOptions = { lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], jsx: ts.JsxEmit.ReactJSX };
const withoutExpectations = (text: string) => text.replace(/\/\/ @ts-expect-error.*|\{\/\* @ts-expect-error.*\*\/\}/g, '');

describe('the generated types, as a consumer project uses them', () => {
  it('type a page without any framework (no React types needed) and refuse wrong values', () => {
    expect(compile('plain.ts', PLAIN)).toEqual([]);
    const errors = compile('plain.ts', PLAIN, withoutExpectations);
    expect(errors.map((e) => e.replace(/:.*TS(\d+).*/, ':TS$1'))).toEqual(['17:TS2322', '19:TS2322', '21:TS2322', '24:TS2322']);
  });

  it('type React JSX: attributes, enumerations, misspelt names, typed events and refs', () => {
    expect(compile('app.tsx', REACT)).toEqual([]);
    const errors = compile('app.tsx', REACT, withoutExpectations);
    expect(errors).toHaveLength(4);
    expect(errors.join('\n')).toMatch(/vlaue/);
    expect(errors.join('\n')).toMatch(/"admin"/);
  });
});

describe('VS Code HTML custom data', () => {
  it('offers every tag with its attributes and an enumeration\'s values', () => {
    const data = JSON.parse(renderVsCodeData()) as { tags: Array<{ name: string; attributes: Array<{ name: string; values?: Array<{ name: string }> }> }> };
    const ops = data.tags.find((t) => t.name === 'cx-operations')!;
    expect(ops.attributes.find((a) => a.name === 'mode')!.values).toEqual([{ name: 'home' }, { name: 'panel' }]);
    expect(data.tags.find((t) => t.name === 'cx-star-rating')!.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(['value', 'readonly', 'name', 'required', 'disabled']));
  });
});

describe('custom-elements.json', () => {
  it('validates against the Custom Elements Manifest schema and documents every element', () => {
    const schema = JSON.parse(readFileSync(join(process.cwd(), 'node_modules', 'custom-elements-manifest', 'schema.json'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'custom-elements.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true });
    const valid = ajv.validate(schema, manifest);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors?.slice(0, 3))).toEqual([]);
    expect(valid).toBe(true);
    const elements = manifest.modules.flatMap((m: { declarations?: Array<{ customElement?: boolean; tagName?: string; description?: string }> }) => (m.declarations ?? []).filter((d) => d.customElement));
    for (const el of elements) expect(el.description, el.tagName).toBeTruthy();
  });
});
