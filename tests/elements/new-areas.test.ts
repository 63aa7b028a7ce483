import { describe, expect, it } from 'vitest';
import { fixture } from '@open-wc/testing-helpers';
import '../../elements/cx-survey';
import '../../elements/cx-survey-editor';
import '../../elements/cx-survey-list';
import '../../elements/cx-alerts';
import '../../elements/cx-operations';
import '../../elements/cx-dataviz-home';
import { shadow, spyConsoleError } from './helpers';

/** Each element of the survey, alerts and operations areas, and what it says when its server cannot be reached. */
const ELEMENTS = [
  ['cx-survey shortcode="abc"', 'The survey could not be loaded. Check your connection and try again.'],
  ['cx-survey-editor shortcode="abc"', 'The survey could not be loaded.'],
  ['cx-survey-list', 'The surveys could not be loaded.'],
  ['cx-alerts', 'Your alerts could not be loaded.'],
  ['cx-operations', 'The operations page could not be loaded.'],
  ['cx-dataviz-home', 'The list could not be loaded.'],
] as const;

describe('survey, alerts and operations elements', () => {
  for (const [tag, message] of ELEMENTS) {
    const name = tag.split(' ')[0];
    it(`<${name}> should show a visible, accessible error when the server cannot be reached`, async () => {
      spyConsoleError();
      const el = await fixture(`<${tag} api-base="http://127.0.0.1:9"></${name}>`);
      await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '', { timeout: 15_000 }).toContain(message);
      await expect(el).to.be.accessible();
    });
  }

  it('<cx-survey-editor> without a shortcode asks for a title and says when it is missing', async () => {
    const el = await fixture('<cx-survey-editor api-base="http://127.0.0.1:9"></cx-survey-editor>');
    await expect.poll(() => shadow(el).querySelector('button[type="submit"]')).toBeTruthy();
    shadow(el).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toBe('A survey needs a title.');
    expect(shadow(el).querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    await expect(el).to.be.accessible();
  });
});
