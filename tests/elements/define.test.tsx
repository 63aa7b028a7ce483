import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import { useState } from 'react';
import { defineElement } from '../../src/elements/define';
import { useElement } from '../../src/elements/element-context';
import { configure } from '../../src/stores/config';
import { settled, shadow, spyConsoleError } from './helpers';

function Probe(props: { mode?: string; items?: unknown; crash?: boolean }) {
  const { lang, apiBase, emit } = useElement();
  const [clicks, setClicks] = useState(0);
  if (props.crash) throw new Error('boom');
  return (
    <button
      part="base"
      data-lang={lang}
      data-api={apiBase}
      data-mode={props.mode ?? ''}
      data-items={JSON.stringify(props.items ?? null)}
      onClick={() => {
        setClicks(clicks + 1);
        emit('probe-click', { clicks: clicks + 1 });
      }}
    >
      {clicks}
    </button>
  );
}

const definition = {
  tag: 'cx-probe' as const,
  component: Probe,
  styles: 'button { color: rgb(1, 2, 3); }',
  attributes: [
    { prop: 'mode', type: ['compact', 'full'] as const },
    { prop: 'items', type: 'json' as const },
    { prop: 'crash', type: 'boolean' as const },
  ],
};

// A property set before the tag is defined must still reach the component.
const early = document.createElement('cx-probe') as HTMLElement & { items?: unknown; mode?: string };
early.items = ['early'];
early.mode = 'full';
defineElement(definition);

const button = (el: Element) => shadow(el).querySelector('button')!;

describe('defineElement', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should register idempotently', () => {
    const first = customElements.get('cx-probe');
    expect(() => defineElement(definition)).not.toThrow();
    expect(defineElement(definition)).toBe(first);
  });

  it('should adopt its styles instead of injecting style elements', async () => {
    const el = await fixture(html`<cx-probe></cx-probe>`);
    expect(shadow(el).adoptedStyleSheets).toHaveLength(2);
    expect(shadow(el).querySelector('style')).toBeNull();
    expect(getComputedStyle(button(el)).color).toBe('rgb(1, 2, 3)');
  });

  it('should parse enumeration and JSON attributes and re-render on change', async () => {
    const el = await fixture(html`<cx-probe mode="compact" items='[1,2]'></cx-probe>`);
    expect(button(el).dataset.mode).toBe('compact');
    expect(button(el).dataset.items).toBe('[1,2]');
    el.setAttribute('items', '{"a":1}');
    el.removeAttribute('mode');
    await settled(el);
    expect(button(el).dataset.items).toBe('{"a":1}');
    expect(button(el).dataset.mode).toBe('');
  });

  it('should reflect an enumeration set as a property to its attribute, and not a bad value', async () => {
    spyConsoleError();
    const el = (await fixture(html`<cx-probe></cx-probe>`)) as HTMLElement & { mode?: string };
    el.mode = 'full';
    expect(el.getAttribute('mode')).toBe('full');
    await settled(el);
    expect(button(el).dataset.mode).toBe('full');
    el.mode = 'huge';
    expect(el.getAttribute('mode')).toBe('full');
    el.mode = undefined;
    expect(el.hasAttribute('mode')).toBe(false);
  });

  it('should keep a JSON property as a value without writing it to the attribute', async () => {
    const el = (await fixture(html`<cx-probe></cx-probe>`)) as HTMLElement & { items?: unknown };
    el.items = { rows: [1] };
    await settled(el);
    expect(button(el).dataset.items).toBe('{"rows":[1]}');
    expect(el.hasAttribute('items')).toBe(false);
  });

  it('should apply a property set before the element was defined', async () => {
    document.body.append(early);
    await settled(early);
    expect(button(early).dataset.items).toBe('["early"]');
    // An enumeration reaches its attribute too, once the element is upgraded.
    expect(early.getAttribute('mode')).toBe('full');
    expect(button(early).dataset.mode).toBe('full');
    early.remove();
  });

  it('should name the element and the attribute for a bad enumeration value', async () => {
    const errors = spyConsoleError();
    const el = await fixture(html`<cx-probe mode="tiny"></cx-probe>`);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toContain('expected one of compact, full');
    expect(errors.mock.calls).toHaveLength(1);
    expect(String(errors.mock.calls[0][0])).toBe('<cx-probe>: attribute "mode" has an invalid value "tiny": expected one of compact, full.');
  });

  it('should contain a render error in the element and leave its neighbours working', async () => {
    const errors = spyConsoleError();
    const el = await fixture(html`<div><cx-probe crash></cx-probe><cx-probe></cx-probe></div>`);
    const [bad, good] = el.querySelectorAll('cx-probe');
    await settled(bad);
    expect(shadow(bad).querySelector('[role="alert"]')!.textContent).toContain('Something went wrong');
    expect(button(good)).not.toBeNull();
    expect(errors.mock.calls).toHaveLength(1);
    expect(String(errors.mock.calls[0][0])).toBe('<cx-probe>: render failed:');
  });

  it('should fire cx-* events that cross the shadow boundary, with state kept between clicks', async () => {
    const el = await fixture(html`<cx-probe></cx-probe>`);
    const details: unknown[] = [];
    document.addEventListener('cx-probe-click', (e) => details.push((e as CustomEvent).detail));
    button(el).click();
    await settled(el);
    button(el).click();
    await settled(el);
    expect(details).toEqual([{ clicks: 1 }, { clicks: 2 }]);
    expect(button(el).textContent).toBe('2');
  });

  it('should keep its state when moved in the document', async () => {
    const el = await fixture(html`<div><section></section><cx-probe></cx-probe></div>`);
    const probe = el.querySelector('cx-probe')!;
    await settled(probe);
    button(probe).click();
    await settled(probe);
    el.querySelector('section')!.append(probe);
    await settled(probe);
    expect(button(probe).textContent).toBe('1');
  });

  it('should take lang and api-base from attributes, else from configure()', async () => {
    configure({ apiBase: 'https://cx.example/api', locale: 'de' });
    const el = await fixture(html`<cx-probe></cx-probe>`);
    expect(button(el).dataset.lang).toBe('de');
    expect(button(el).dataset.api).toBe('https://cx.example/api');
    el.setAttribute('lang', 'en');
    el.setAttribute('api-base', '/other/api');
    await settled(el);
    expect(button(el).dataset.lang).toBe('en');
    expect(button(el).dataset.api).toBe('/other/api');
    configure({ apiBase: '/api', locale: 'en' });
  });
});
