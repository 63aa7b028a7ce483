import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import { defineElement } from '../../src/elements/define';
import { Loader } from '../../src/dashboard/loader/loader';
import { settled, shadow } from './helpers';

defineElement({ tag: 'cx-test-loader', component: ({ busy }: { busy?: boolean }) => <Loader busy={!!busy} />, styles: '', attributes: [{ prop: 'busy', type: 'boolean' }] });

/** React renders on a message-channel task, which fake timers leave alone: let two run. */
const flush = async () => {
  for (let i = 0; i < 2; i++) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  }
};
const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
};

const text = (el: Element) => shadow(el).querySelector('[role="status"]')?.textContent ?? null;

describe('dashboard loader', () => {
  afterEach(() => vi.useRealTimers());

  it('should change its message every 4 s, stay on the last, and go as soon as the work is done (issue 43: it covered drawn tiles)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const el = await fixture(html`<cx-test-loader busy></cx-test-loader>`);
    await settled(el);
    expect(text(el)).toBe('Fetching data...');
    await advance(4000);
    expect(text(el)).toBe('Streamlining...');
    await advance(3 * 4000);
    expect(text(el)).toBe('Almost there...');
    await advance(4000);
    expect(text(el)).toBe('Almost there...');
    el.removeAttribute('busy');
    await settled(el);
    await flush();
    expect(text(el)).toBeNull();
    el.setAttribute('busy', '');
    await settled(el);
    await flush();
    expect(text(el)).toBe('Fetching data...');
  });
});
