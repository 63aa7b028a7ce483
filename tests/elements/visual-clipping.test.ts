import { describe, expect, it } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import { shadow } from './helpers';
import { tile } from './visual-fixtures';
import { VISUAL_TYPES } from '../../src/api/visual-types';

/** A phone's tile (375 px less the page's margins), a half-width tile and a wide one. */
const SIZES = [
  { width: 343, height: 300 },
  { width: 560, height: 360 },
  { width: 900, height: 420 },
] as const;

/** Text of the drawing that reaches past its SVG's box (1 px of rounding allowed). */
function clippedTexts(root: ShadowRoot): string[] {
  const out: string[] = [];
  for (const svg of root.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      if (r.width === 0 || !text.textContent?.trim()) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        out.push(`"${text.textContent.trim()}" (${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)} wide, ${Math.round(r.top - box.top)}..${Math.round(r.bottom - box.top)} of ${Math.round(box.height)} high)`);
      }
    }
  }
  return out;
}

describe('every visual at three widths', () => {
  for (const template of VISUAL_TYPES) {
    it(`should keep every text of ${template} inside its drawing`, async () => {
      const problems: string[] = [];
      for (const size of SIZES) {
        const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as HTMLElement & Record<string, unknown>;
        const drawn = oneEvent(el, 'cx-drawn');
        const t = tile(template);
        Object.assign(el, { ...size, item: t.item, definition: t.definition });
        await drawn;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
        problems.push(...clippedTexts(shadow(el)).map((p) => `${size.width} px: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }
});
