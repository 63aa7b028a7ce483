import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error - the analyzer ships no types
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
// @ts-expect-error - a build script, plain JavaScript
import { renderJsxFiles } from '../../elements/tools/emit-types.mjs';
import { elementLoaders } from '../../elements/registry';

const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('custom-elements.json', () => {
  it('is up to date with the element sources (run `npm run manifest`)', async () => {
    const fresh = await cli({ argv: ['analyze', '--config', 'cem.config.mjs', '--quiet'], noWrite: true });
    expect(JSON.parse(committed('custom-elements.json'))).toEqual(fresh);
  });

  it('lists every element with its attributes, events and parts', () => {
    const manifest = JSON.parse(committed('custom-elements.json'));
    const elements = manifest.modules.flatMap((m: { declarations: { tagName?: string }[] }) => m.declarations);
    const rating = elements.find((d: { tagName?: string }) => d.tagName === 'cx-star-rating');
    expect(rating.attributes.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['value', 'max', 'readonly', 'label', 'lang', 'api-base']),
    );
    expect(rating.events.map((e: { name: string }) => e.name)).toEqual(['cx-change']);
    expect(rating.cssParts.map((p: { name: string }) => p.name)).toContain('base');
    const gauge = elements.find((d: { tagName?: string }) => d.tagName === 'cx-nps-gauge');
    expect(gauge.attributes.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['value', 'responses', 'label']));
  });

  it('has JSX types generated from the current manifest (run `npm run manifest`)', () => {
    for (const [name, text] of Object.entries(renderJsxFiles())) expect(committed(`src/types/${name}`), name).toBe(text);
  });
});

describe('element registry', () => {
  it('has a loader for every element file and no others', () => {
    const files = readdirSync(new URL('../../elements', import.meta.url))
      .filter((f) => /^cx-[a-z-]+\.ts$/.test(f) && f !== 'cx-elements.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(elementLoaders).sort()).toEqual(files.sort());
  });
});
