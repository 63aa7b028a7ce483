import { describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-favourites';
import { shadow, spyConsoleError } from './helpers';

describe('<cx-favourites>', () => {
  it('should say favourites are unavailable when the availability check fails, accessibly', async () => {
    spyConsoleError();
    const el = await fixture(html`<cx-favourites api-base="http://127.0.0.1:9"></cx-favourites>`);
    await expect.poll(() => shadow(el).textContent).toContain('Favourites are not available right now.');
    await expect(el).to.be.accessible();
  });
});
