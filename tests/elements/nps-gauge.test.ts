import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-nps-gauge';
import { settled, shadow, spyConsoleError } from './helpers';

const part = (el: Element, name: string) => shadow(el).querySelector(`[part~="${name}"]`);

/** SVG markup with numbers to 3 decimals, for a stable snapshot. */
const normalisedSvg = (el: Element) =>
  part(el, 'dial')!.outerHTML.replace(/-?\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(3))));

describe('<cx-nps-gauge>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should be accessible', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0.42" responses="1284"></cx-nps-gauge>`);
    await expect(el).to.be.accessible();
  });

  it('should show the value, the default label and the response count', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0.42" responses="1284"></cx-nps-gauge>`);
    expect(part(el, 'value')!.textContent).toBe('42.0%');
    expect(part(el, 'label')!.textContent).toBe('NPS, MONTH TO DATE');
    expect(part(el, 'responses')!.textContent).toBe('1284 responses');
    const meter = shadow(el).querySelector('[role="meter"]')!;
    expect(meter.getAttribute('aria-label')).toBe('NPS, MONTH TO DATE');
    expect(meter.getAttribute('aria-valuenow')).toBe('0.42');
    expect(meter.getAttribute('aria-valuetext')).toBe('42.0% from 1284 responses');
  });

  it('should colour zero grey, negative red and positive green', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0"></cx-nps-gauge>`);
    const tone = () => shadow(el).querySelector('path.value')!.getAttribute('class');
    expect(tone()).toBe('value tone-zero');
    el.setAttribute('value', '-0.25');
    await settled(el);
    expect(tone()).toBe('value tone-negative');
    expect(part(el, 'value')!.textContent).toBe('−25.0%');
    el.setAttribute('value', '1');
    await settled(el);
    expect(tone()).toBe('value tone-positive');
    expect(getComputedStyle(shadow(el).querySelector('path.value')!).fill).toBe('rgb(12, 138, 101)');
  });

  it('should draw the same dial for the same value', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0.5"></cx-nps-gauge>`);
    expect(normalisedSvg(el)).toMatchSnapshot();
  });

  it('should take a custom label and hide the count when absent', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0.1" label="NPS, THIS WEEK"></cx-nps-gauge>`);
    expect(part(el, 'label')!.textContent).toBe('NPS, THIS WEEK');
    expect(part(el, 'responses')).toBeNull();
  });

  it('should show a visible error for a value outside -1 to 1', async () => {
    const errors = spyConsoleError();
    const el = await fixture(html`<cx-nps-gauge value="1.5"></cx-nps-gauge>`);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toContain('expected at most 1');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toContain('<cx-nps-gauge>: attribute "value"');
  });

  it('should translate the default label and count', async () => {
    const el = await fixture(html`<cx-nps-gauge value="0.2" responses="1" lang="de"></cx-nps-gauge>`);
    expect(part(el, 'label')!.textContent).toBe('NPS, MONAT BIS HEUTE');
    expect(part(el, 'responses')!.textContent).toBe('1 Antwort');
  });
});
