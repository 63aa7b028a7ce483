import { describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-favourites';
import { settled, shadow, spyConsoleError } from './helpers';
import { setFetch } from '../../src/api/client';
import { filtersFor } from '../../src/stores/filters';
import { filterNamesFor } from '../../src/stores/filter-names';

describe('<cx-favourites>', () => {
  it('should say favourites are unavailable when the availability check fails, accessibly', async () => {
    spyConsoleError();
    const el = await fixture(html`<cx-favourites api-base="http://127.0.0.1:9"></cx-favourites>`);
    await expect.poll(() => shadow(el).textContent).toContain('Favourites are not available right now.');
    await expect(el).to.be.accessible();
  });

  it('should describe the view by its date, its search and each filter by name (spec part 2: name: values; ...)', async () => {
    setFetch(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    try {
      filtersFor('described').set({ dateChoice: 'Last30Days', customFrom: '', customTo: '', search: 'queue', values: { Region: ['North', 'South'], NPSGroup: ['Detractor'] } });
      // The names the scope's filter bar got from the server.
      filterNamesFor('described').set({ Region: 'Region', NPSGroup: 'NPS group' });
      const el = await fixture(html`<cx-favourites filter-scope="described"></cx-favourites>`);
      await expect.poll(() => shadow(el).querySelector('header button')).not.toBeNull();
      shadow(el).querySelector<HTMLButtonElement>('header button')!.click();
      await settled(el);
      await expect.poll(() => shadow(el).querySelector('textarea')?.value).toBe('Date: Last 30 Days; Search: queue; Region: North, South; NPS group: Detractor');
      await expect(el).to.be.accessible();
    } finally {
      setFetch((input, init) => fetch(input, init));
    }
  });
});
