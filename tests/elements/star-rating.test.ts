import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import type { CxStarRatingElement } from '../../elements/cx-star-rating';
import '../../elements/cx-star-rating';
import { settled, shadow, spyConsoleError } from './helpers';

const slider = (el: Element) => shadow(el).querySelector<HTMLElement>('[role="slider"]')!;
const clipWidths = (el: Element) =>
  [...shadow(el).querySelectorAll('clipPath rect')].map((r) => Number(r.getAttribute('width')));

describe('<cx-star-rating>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should be accessible', async () => {
    const el = await fixture(html`<cx-star-rating value="2" label="Rate this store"></cx-star-rating>`);
    await expect(el).to.be.accessible();
    const ro = await fixture(html`<cx-star-rating value="3.7" readonly></cx-star-rating>`);
    await expect(ro).to.be.accessible();
  });

  it('should expose the value as a slider with a name and a value text', async () => {
    const el = await fixture(html`<cx-star-rating value="3" label="Rate this store"></cx-star-rating>`);
    const s = slider(el);
    expect(s.getAttribute('aria-label')).toBe('Rate this store');
    expect(s.getAttribute('aria-valuenow')).toBe('3');
    expect(s.getAttribute('aria-valuemax')).toBe('5');
    expect(s.getAttribute('aria-valuetext')).toBe('3 out of 5 stars');
    expect(s.tabIndex).toBe(0);
  });

  it('should fill fractional values in quarter steps', async () => {
    const el = await fixture(html`<cx-star-rating value="3.6" readonly></cx-star-rating>`);
    // 3.6 -> three full stars, the fourth half (0.6 rounds to 0.5), the fifth empty (no clip drawn).
    expect(clipWidths(el)).toEqual([24, 24, 24, 12, 0]);
    expect(shadow(el).querySelectorAll('path.full')).toHaveLength(4);
  });

  it('should follow the max attribute and re-render when it changes', async () => {
    const el = await fixture(html`<cx-star-rating value="2"></cx-star-rating>`);
    expect(shadow(el).querySelectorAll('[part="star"]')).toHaveLength(5);
    el.setAttribute('max', '10');
    await settled(el);
    expect(shadow(el).querySelectorAll('[part="star"]')).toHaveLength(10);
    expect(slider(el).getAttribute('aria-valuemax')).toBe('10');
  });

  it('should change with the keyboard and fire cx-change', async () => {
    const el = await fixture(html`<cx-star-rating value="2"></cx-star-rating>`);
    const spy = vi.fn();
    el.addEventListener('cx-change', (e) => spy((e as CustomEvent).detail.value));
    const s = slider(el);
    const press = async (key: string) => {
      s.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
      await settled(el);
    };
    await press('ArrowRight');
    await press('ArrowUp');
    await press('ArrowLeft');
    await press('End');
    await press('Home');
    await press('ArrowDown'); // already 0: no change, no event
    expect(spy.mock.calls.map((c) => c[0])).toEqual([3, 4, 3, 5, 0]);
    expect(s.getAttribute('aria-valuenow')).toBe('0');
  });

  it('should fire a bubbling, composed cx-change when a star is clicked', async () => {
    const el = await fixture(html`<div><cx-star-rating value="1"></cx-star-rating></div>`);
    const rating = el.querySelector('cx-star-rating')!;
    await settled(rating);
    const events: CustomEvent[] = [];
    el.addEventListener('cx-change', (e) => events.push(e as CustomEvent));
    shadow(rating).querySelectorAll<HTMLElement>('.slot')[3].click();
    await settled(rating);
    expect(events).toHaveLength(1);
    expect(events[0].detail).toEqual({ value: 4 });
    expect(events[0].bubbles && events[0].composed).toBe(true);
    expect(slider(rating).getAttribute('aria-valuenow')).toBe('4');
  });

  it('should not fire an event when the value is changed by code', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="1"></cx-star-rating>`);
    const spy = vi.fn();
    el.addEventListener('cx-change', spy);
    el.setAttribute('value', '4');
    await settled(el);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('4');
    el.value = 2;
    await settled(el);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('2');
    expect(spy).not.toHaveBeenCalled();
  });

  it('should ignore the keyboard and clicks when read-only', async () => {
    const el = await fixture(html`<cx-star-rating value="4.3" readonly banded></cx-star-rating>`);
    const spy = vi.fn();
    el.addEventListener('cx-change', spy);
    const img = shadow(el).querySelector<HTMLElement>('[role="img"]')!;
    expect(img.getAttribute('aria-label')).toBe('Rating: 4.3 out of 5 stars');
    expect(shadow(el).querySelector('[tabindex]')).toBeNull();
    shadow(el).querySelectorAll<HTMLElement>('.slot')[0].click();
    await settled(el);
    expect(spy).not.toHaveBeenCalled();
    expect(shadow(el).querySelector('[part="base"]')!.getAttribute('data-band')).toBe('high');
  });

  it('should treat boolean attributes by presence', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="2" readonly></cx-star-rating>`);
    expect(el.readonly).toBe(true);
    el.removeAttribute('readonly');
    await settled(el);
    expect(el.readonly).toBe(false);
    expect(slider(el)).not.toBeNull();
  });

  it('should show a visible error and log once on a bad attribute value', async () => {
    const errors = spyConsoleError();
    const el = await fixture(html`<cx-star-rating value="lots"></cx-star-rating>`);
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('This element could not be shown');
    expect(alert.textContent).toContain('“value”');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toMatch(/<cx-star-rating>.*"value"/);
    el.setAttribute('value', '3');
    await settled(el);
    expect(shadow(el).querySelector('[role="alert"]')).toBeNull();
    expect(slider(el).getAttribute('aria-valuenow')).toBe('3');
  });

  it('should translate its texts by the lang attribute', async () => {
    const el = await fixture(html`<cx-star-rating value="2" lang="de"></cx-star-rating>`);
    expect(slider(el).getAttribute('aria-label')).toBe('Bewertung');
    expect(slider(el).getAttribute('aria-valuetext')).toBe('2 von 5 Sternen');
  });

  it('should keep the value property equal to what it shows, and let code set it again', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="2"></cx-star-rating>`);
    shadow(el).querySelectorAll<HTMLElement>('.slot')[3].click();
    await settled(el);
    // The user's choice is the element's value.
    expect(el.value).toBe(4);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('4');
    // A framework re-asserting its value (property or attribute) is shown again.
    el.value = 2;
    await settled(el);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('2');
    shadow(el).querySelectorAll<HTMLElement>('.slot')[4].click();
    await settled(el);
    el.setAttribute('value', '2');
    await settled(el);
    expect(el.value).toBe(2);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('2');
  });

  it('should keep the user’s choice when it is moved to another place in the page', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="1"></cx-star-rating>`);
    shadow(el).querySelectorAll<HTMLElement>('.slot')[2].click();
    await settled(el);
    const parent = el.parentElement!;
    el.remove();
    await settled(el);
    const other = document.createElement('section');
    parent.append(other);
    other.append(el);
    await settled(el);
    expect(el.value).toBe(3);
    expect(slider(el).getAttribute('aria-valuenow')).toBe('3');
  });
});
