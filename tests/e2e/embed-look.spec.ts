import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers';
import { PARTNER_PORT } from '../../playwright.config';

// How the elements look on the partner site (demo/partner-site), a second origin: its hostile.html
// sets `* { all: unset }` and a loud type on <body>; its dark.html is dark and links the dark theme
// the portal ships beside the elements (/elements/themes/dark.css).
const partner = `http://127.0.0.1:${PARTNER_PORT}`;

/** The host page's type in hostile.css, none of which any element uses itself. */
const HOSTILE = {
  fontFamily: /Comic Sans/,
  letterSpacing: /^7px$/,
  wordSpacing: /^9px$/,
  textTransform: /^capitalize$/,
  textAlign: /^justify$/,
  textIndent: /^40px$/,
  fontVariantCaps: /^small-caps$/,
  color: /^rgb\(204, 0, 0\)$/,
} as const;

/** Every node drawn inside the cx-* elements (their shadow roots, nested ones too) that carries a style of the host page's type. */
const leaks = (page: Page) =>
  page.evaluate((hostile) => {
    const found: string[] = [];
    const visit = (root: ShadowRoot | Document) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot && el.localName.startsWith('cx-')) {
          for (const node of el.shadowRoot.querySelectorAll('*')) {
            if (['style', 'script', 'template'].includes(node.localName)) continue;
            const style = getComputedStyle(node) as unknown as Record<string, string>;
            for (const [prop, source] of Object.entries(hostile)) {
              if (new RegExp(source).test(style[prop])) found.push(`<${el.localName}> ${node.localName}.${node.getAttribute('class') ?? ''}: ${prop} ${style[prop]}`);
            }
          }
          visit(el.shadowRoot);
        }
      }
    };
    visit(document);
    return [...new Set(found)];
  }, Object.fromEntries(Object.entries(HOSTILE).map(([k, re]) => [k, re.source])));

test('under a page’s `* { all: unset }` the gauge and the rating keep their own size', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${partner}/hostile.html`);
  const gauge = page.locator('cx-nps-gauge').getByRole('meter');
  await expect(gauge).toHaveAttribute('aria-valuetext', /41/);
  // The gauge's default width (--gauge-width, 220 px), not the whole window.
  const dial = await page.locator('cx-nps-gauge svg').first().boundingBox();
  expect(dial!.width).toBeGreaterThan(200);
  expect(dial!.width).toBeLessThan(240);
  const star = await page.locator('cx-star-rating svg').first().boundingBox();
  expect(star!.width).toBeLessThan(40);
});

test('the host page’s font, letter and word spacing, text transform, alignment and colour do not reach inside the elements', async ({ page }) => {
  await page.goto(`${partner}/hostile.html`);
  await expect(page.locator('cx-nps-gauge').getByRole('meter')).toBeVisible();
  await expect(page.locator('cx-star-rating').getByRole('slider')).toBeVisible();
  await expect(page.locator('cx-visual[visual="nps"] .hero')).toHaveText(/%$/);
  expect(await leaks(page)).toEqual([]);
  // The type is the elements' own: the token's font and the default text colour.
  const hero = page.locator('cx-visual[visual="nps"] .hero');
  expect(await hero.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/system-ui/);
});

test('on a dark page with the dark theme the package ships, every element is axe-clean, colour contrast included', async ({ page }) => {
  await page.goto(`${partner}/dark.html`);
  await expect(page.locator('cx-nps-gauge').getByRole('meter')).toBeVisible();
  const dashboard = page.locator('cx-dashboard');
  await expect(dashboard.locator('.tile').first()).toBeVisible();
  // The tiles with tabs (stores, comments) have drawn, the selected tab among them.
  await expect(dashboard.locator('[role="tab"][aria-selected="true"]').first()).toBeVisible();
  await expect(dashboard.locator('.comment-list li').first()).toBeVisible();
  await expect(page.locator('cx-smart-filter-bar').getByRole('button').first()).toBeVisible();
  // The text colour comes from the theme: light on the dark page.
  const heroColour = await page.locator('cx-nps-gauge').evaluate((el) => getComputedStyle(el).color);
  expect(heroColour).not.toBe('rgb(31, 41, 51)');
  expect(await axeViolations(page, 'main')).toEqual([]);
});
