import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import './grid-harness';
import type { LayoutItem } from '../../src/api/visual-types';
import { shadow } from './helpers';

afterEach(() => fixtureCleanup());

// Given out of the order they are seen in: C is below A and B.
const LAYOUT: LayoutItem[] = [
  { name: 'c', x: 0, y: 2, w: 4, h: 2 },
  { name: 'a', x: 0, y: 0, w: 4, h: 2 },
  { name: 'b', x: 4, y: 0, w: 4, h: 2 },
];

async function mount(lang = 'en') {
  const el = await fixture(`<cx-test-grid lang="${lang}"></cx-test-grid>`);
  (el as HTMLElement & { layout: LayoutItem[] }).layout = LAYOUT;
  await expect.poll(() => shadow(el).querySelectorAll('.cell').length).toBe(3);
  return el;
}
const order = (el: Element) => [...shadow(el).querySelectorAll('.cell')].map((c) => c.getAttribute('data-tile'));
const told = (el: Element) => shadow(el).querySelector('[aria-live="polite"]')?.textContent;
const handle = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name)!;
const focused = (el: Element) => (shadow(el).activeElement as HTMLElement | null)?.getAttribute('aria-label');

describe('the editing grid', () => {
  it('should put the tiles in the page in the order they are seen, and keep that order after a move', async () => {
    const el = await mount();
    expect(order(el)).toEqual(['a', 'b', 'c']);
    handle(el, 'Move C').focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    // C now holds the top left; A and B moved down below it.
    await expect.poll(() => order(el)).toEqual(['c', 'b', 'a']);
    // The focus stays on the handle moved, though its tile moved in the page.
    expect(focused(el)).toBe('Move C');
    await userEvent.tab();
    expect(focused(el)).toBe('Resize C');
    await userEvent.tab();
    expect(focused(el)).toBe('Move B');
  });

  it('should tell each move and resize by keyboard in a polite live region', async () => {
    const el = await mount();
    expect(told(el)).toBe('');
    handle(el, 'Move B').focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => told(el)).toBe('B: column 6, row 1, 4 by 2 cells.');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await expect.poll(() => told(el)).toBe('B: column 6, row 1, 4 by 3 cells.');
    handle(el, 'Resize A').focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => told(el)).toBe('A: column 1, row 1, 3 by 2 cells.');
    expect(focused(el)).toBe('Resize A');
    await expect(el).to.be.accessible();
  });

  it('should tell it in German', async () => {
    const el = await mount('de');
    handle(el, 'C verschieben').focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => told(el)).toBe('C: Spalte 2, Zeile 3, 4 mal 2 Zellen.');
  });
});
