// The build reads React's CommonJS production files as ES modules (elements/tools/react-modules.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonJsToModule, namespaceImports, PRODUCTION } from '../../elements/tools/react-modules';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'cx-react-modules-'));
const require = createRequire(import.meta.url);

/** Writes a converted module to disk and imports it, as the bundle would run it. */
async function load(code: string, name: string): Promise<Record<string, unknown>> {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, commonJsToModule(code, file));
  return import(pathToFileURL(file).href);
}

const exportedNames = (module: string) => /export \{ (.*) \};\n$/.exec(module)![1].split(', ').map((e) => e.split(' as ')[1]).sort();

describe('React as ES modules', () => {
  it('keeps an export that the module reassigns and reads as a live binding', async () => {
    const clock = await load(
      ['"use strict";', 'var ticks = 0;', 'exports.now = void 0;', 'exports.now = function () { return ++ticks; };',
        'exports.read = function () { return exports.now() * 10; };', 'exports.version = "1";'].join('\n'),
      'clock',
    );
    expect((clock.now as () => number)()).toBe(1);
    expect((clock.read as () => number)()).toBe(20);
    expect(clock.version).toBe('1');
  });

  it('turns each require into a namespace import', () => {
    const code = commonJsToModule('var React = require("react"),\n  shim = require("x/shim");\nexports.use = React.useState;\n', 'sample.js');
    expect(code).toContain('import * as React from "react";');
    expect(code).toContain('import * as shim from "x/shim";');
    expect(code).not.toMatch(/require\(/);
  });

  it('refuses a CommonJS shape it does not convert, instead of shipping it', () => {
    expect(() => commonJsToModule('module.exports = function () {};', 'odd.js')).toThrow(/odd\.js: a CommonJS shape/);
    expect(() => commonJsToModule('var a = require(name);\nexports.a = a;', 'dynamic.js')).toThrow(/dynamic\.js/);
  });

  it("reads a library's default import of React as its namespace, and leaves other imports alone", () => {
    expect(namespaceImports('import React, { useRef } from "react";\nReact.useState();')).toBe(
      'import * as React from "react"; import { useRef } from "react";\nReact.useState();',
    );
    expect(namespaceImports("import ReactDOM from 'react-dom';")).toBe("import * as ReactDOM from 'react-dom';");
    expect(namespaceImports("import { useState } from 'react';\nimport d3 from 'd3';")).toBeNull();
  });

  it('gives every React production file the build reads the exports CommonJS gives it', () => {
    for (const file of Object.values(PRODUCTION)) {
      const path = join(root, 'node_modules', file);
      const module = commonJsToModule(readFileSync(path, 'utf8'), path);
      expect(exportedNames(module), file).toEqual(Object.keys(require(path)).sort());
    }
  });

  it('runs React itself: the converted module creates elements as the published one does', async () => {
    const path = join(root, 'node_modules', PRODUCTION.react);
    const react = await load(readFileSync(path, 'utf8'), 'react');
    const published = require(path);
    const element = (react.createElement as typeof published.createElement)('b', { id: 'x' }, 'hi');
    expect(element.$$typeof).toBe(published.createElement('b').$$typeof);
    expect(element.props).toEqual({ id: 'x', children: 'hi' });
    expect(react.version).toBe(published.version);
  });
});
