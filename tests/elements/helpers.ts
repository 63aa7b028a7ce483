import { chai, vi, type MockInstance } from 'vitest';
import { chaiA11yAxe } from 'chai-a11y-axe';

chai.use(chaiA11yAxe);

/** The element's shadow root; every cx-* element has an open one. */
export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`<${el.localName}> has no open shadow root`);
  return el.shadowRoot;
}

/** Waits for the element's latest attributes and properties to be on screen. */
export async function settled(el: Element): Promise<void> {
  await (el as Element & { updateComplete: Promise<boolean> }).updateComplete;
}

/** Records console.error calls without printing them. */
export function spyConsoleError(): MockInstance<typeof console.error> {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

/** Takes every cx-navigate on the page (as the host would), so nothing leaves the test page. */
export function captureNavigation(): { asked: string[]; stop: () => void } {
  const asked: string[] = [];
  const take = (e: Event) => {
    e.preventDefault();
    asked.push((e as CustomEvent<{ path: string }>).detail.path);
  };
  document.addEventListener('cx-navigate', take);
  return { asked, stop: () => document.removeEventListener('cx-navigate', take) };
}

/** Types `value` into the input named `name` in the element, as a user would (React sees the input event). */
export function typeInto(el: Element, name: string, value: string): void {
  const input = shadow(el).querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Sets a form control's value as a user would: React sees the input (or, for a select, change) event. */
export function enterValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
