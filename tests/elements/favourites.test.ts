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

describe('<cx-records-viewer>', () => {
  it('should show a visible, accessible error when the server cannot be reached', async () => {
    spyConsoleError();
    const { fixture: mount, html: h } = await import('@open-wc/testing-helpers');
    await import('../../elements/cx-records-viewer');
    const el = await mount(h`<cx-records-viewer api-base="http://127.0.0.1:9"></cx-records-viewer>`);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '').toContain('The records could not be loaded.');
    await expect(el).to.be.accessible();
  });
});

describe('<cx-analytics-viewer>', () => {
  it('should show a visible, accessible error when the server cannot be reached', async () => {
    spyConsoleError();
    const { fixture: mount, html: h } = await import('@open-wc/testing-helpers');
    await import('../../elements/cx-analytics-viewer');
    const el = await mount(h`<cx-analytics-viewer api-base="http://127.0.0.1:9"></cx-analytics-viewer>`);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent ?? '').toContain('The pivot could not be loaded.');
    await expect(el).to.be.accessible();
  });
});
