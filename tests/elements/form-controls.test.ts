import { describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import type { CxStarRatingElement } from '../../elements/cx-star-rating';
import '../../elements/cx-star-rating';
import { settled, shadow } from './helpers';
import { mountedCount, rendered } from '../../src/elements/shared-root';

const slider = (el: Element) => shadow(el).querySelector<HTMLElement>('[role="slider"]');
const press = async (el: CxStarRatingElement, key: string) => {
  await settled(el);
  slider(el)!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  await settled(el);
};

describe('<cx-star-rating> as a form control', () => {
  it('should submit its value under its name, and nothing while unset', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><cx-star-rating name="visit"></cx-star-rating></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    expect(el.form).toBe(form);
    expect(new FormData(form).has('visit')).toBe(false);
    await press(el, 'End');
    expect(new FormData(form).get('visit')).toBe('5');
  });

  it('should make its form invalid while required and unset, and valid once chosen', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><cx-star-rating name="visit" required></cx-star-rating></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    expect(form.checkValidity()).toBe(false);
    expect(el.validity!.valueMissing).toBe(true);
    await press(el, 'ArrowRight');
    expect(form.checkValidity()).toBe(true);
  });

  it('should go back to its value attribute when the form is reset', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><cx-star-rating name="visit" value="2"></cx-star-rating></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    await press(el, 'End');
    expect(el.value).toBe(5);
    form.reset();
    await settled(el);
    expect(el.value).toBe(2);
    expect(slider(el)!.getAttribute('aria-valuenow')).toBe('2');
  });

  it('should be neither focusable nor changeable nor submitted when disabled, itself or by its fieldset', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><fieldset><cx-star-rating name="visit" value="3"></cx-star-rating></fieldset></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    expect(new FormData(form).get('visit')).toBe('3');
    form.querySelector('fieldset')!.disabled = true;
    await settled(el);
    expect(slider(el)!.tabIndex).toBe(-1);
    expect(slider(el)!.getAttribute('aria-disabled')).toBe('true');
    expect(new FormData(form).has('visit')).toBe(false);
    await press(el, 'End');
    expect(el.value).toBe(3);
    form.querySelector('fieldset')!.disabled = false;
    el.disabled = true;
    await settled(el);
    expect(slider(el)!.tabIndex).toBe(-1);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-star-rating> as a native control', () => {
  it('should answer setCustomValidity, validationMessage, willValidate and reportValidity as an input does', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><cx-star-rating name="visit" value="3"></cx-star-rating></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    expect(el.willValidate).toBe(true);
    expect(el.validationMessage).toBe('');
    expect(el.reportValidity()).toBe(true);
    el.setCustomValidity('Pick the stars of your last visit.');
    expect(el.validity!.customError).toBe(true);
    expect(el.validationMessage).toBe('Pick the stars of your last visit.');
    let invalid = 0;
    el.addEventListener('invalid', () => invalid++);
    expect(el.reportValidity()).toBe(false);
    expect(form.checkValidity()).toBe(false);
    expect(invalid).toBe(2);
    el.setCustomValidity('');
    expect(el.validity!.valid).toBe(true);
    expect(form.checkValidity()).toBe(true);
    // A required, unset rating with a custom message too: both reasons, the custom message first.
    el.value = 0;
    el.required = true;
    el.setCustomValidity('Not yet.');
    expect(el.validity!.valueMissing && el.validity!.customError).toBe(true);
    expect(el.validationMessage).toBe('Not yet.');
    el.disabled = true;
    expect(el.willValidate).toBe(false);
  });

  it('should list its labels, and a click on one focuses it', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><label for="visit">Your visit</label><label><cx-star-rating id="visit" name="visit"></cx-star-rating> (stars)</label></form>`);
    const el = form.querySelector<CxStarRatingElement>('cx-star-rating')!;
    await settled(el);
    expect([...el.labels!].map((l) => l.textContent)).toEqual(['Your visit', ' (stars)']);
    form.querySelector('label')!.click();
    expect(slider(el)!.matches(':focus')).toBe(true);
  });

  it('should reflect boolean and enumerated properties to their attributes, and leave values alone', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="2"></cx-star-rating>`);
    el.readonly = true;
    el.required = true;
    el.banded = true;
    expect(['readonly', 'required', 'banded'].map((a) => el.getAttribute(a))).toEqual(['', '', '']);
    el.readOnly = false;
    el.banded = false;
    expect(el.hasAttribute('readonly') || el.hasAttribute('banded')).toBe(false);
    // What Svelte wrote for false, then true as a property: present as true.
    el.setAttribute('disabled', 'false');
    el.disabled = true;
    expect(el.getAttribute('disabled')).toBe('');
    el.value = 4;
    el.label = 'Visit';
    expect(el.getAttribute('value')).toBe('2');
    expect(el.hasAttribute('label')).toBe(false);
    await settled(el);
    expect(el.disabled).toBe(true);
    expect(el.readonly).toBe(false);
  });
});

describe('element conventions', () => {
  it('should read a boolean attribute by presence, "false" as false, and answer to readOnly', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="2" readonly=""></cx-star-rating>`);
    expect(el.readonly).toBe(true);
    expect(slider(el)).toBeNull();
    // Angular binds [readonly] to the DOM's spelling.
    el.readOnly = false;
    await settled(el);
    expect(el.readonly).toBe(false);
    expect(slider(el)).not.toBeNull();
    // What Svelte writes for false before the element is defined.
    el.setAttribute('readonly', 'false');
    await settled(el);
    expect(el.readonly).toBe(false);
  });

  it('should pass the focus into its shadow root', async () => {
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="2"></cx-star-rating>`);
    el.focus();
    expect(shadow(el).activeElement).toBe(slider(el));
  });

  it('should take the language of the part of the page it sits in', async () => {
    const wrap = await fixture(html`<section lang="de"><cx-star-rating value="2"></cx-star-rating></section>`);
    const el = wrap.querySelector<CxStarRatingElement>('cx-star-rating')!;
    await settled(el);
    expect(slider(el)!.getAttribute('aria-label')).toBe('Bewertung');
  });

  it('should run right to left: the first star on the right', async () => {
    const wrap = await fixture(html`<div dir="rtl"><cx-star-rating value="1"></cx-star-rating></div>`);
    const el = wrap.querySelector<CxStarRatingElement>('cx-star-rating')!;
    await settled(el);
    const stars = [...shadow(el).querySelectorAll<HTMLElement>('.slot')].map((s) => s.getBoundingClientRect().left);
    expect(stars[0]).toBeGreaterThan(stars[4]);
    expect(getComputedStyle(shadow(el).querySelector('.star')!).transform).not.toBe('none');
  });
});

describe('unmount and remount', () => {
  it('should release what an element rendered when it leaves the page, and render again when it comes back', async () => {
    const before = mountedCount();
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    const ratings = Array.from({ length: 50 }, (_, i) => Object.assign(document.createElement('cx-star-rating'), { value: (i % 5) + 1 }));
    box.append(...ratings);
    await rendered();
    expect(mountedCount()).toBe(before + 50);
    box.replaceChildren();
    await rendered();
    expect(mountedCount()).toBe(before);
    expect(shadow(ratings[0]).querySelector('[role="slider"]')).toBeNull();
    // Back on the page, an element shows its value again.
    box.append(ratings[3]);
    await settled(ratings[3] as CxStarRatingElement);
    expect(mountedCount()).toBe(before + 1);
    expect(shadow(ratings[3]).querySelector('[role="slider"]')!.getAttribute('aria-valuenow')).toBe('4');
  });
});
