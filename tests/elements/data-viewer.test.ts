import { describe, expect, it } from 'vitest';
import { fixture } from '@open-wc/testing-helpers';
import '../../elements/cx-data-viewer';
import '../../elements/cx-records-viewer';
import '../../elements/cx-analytics-viewer';
import '../../elements/cx-card-viewer';
import { shadow, spyConsoleError } from './helpers';

/** Each data viewer element, and what it says when its server cannot be reached. */
const VIEWERS = [
  ['cx-data-viewer', 'The data could not be loaded.'],
  ['cx-records-viewer', 'The records could not be loaded.'],
  ['cx-analytics-viewer', 'The pivot could not be loaded.'],
  ['cx-card-viewer', 'The cards could not be loaded.'],
] as const;

describe('data viewer elements', () => {
  for (const [tag, message] of VIEWERS) {
    it(`<${tag}> should show a visible, accessible error when the server cannot be reached`, async () => {
      spyConsoleError();
      const el = await fixture(`<${tag} api-base="http://127.0.0.1:9"></${tag}>`);
      await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '').toContain(message);
      await expect(el).to.be.accessible();
    });
  }
});
