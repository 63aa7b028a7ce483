import { atom } from 'nanostores';

/**
 * How an element refused for want of a sign-in waits, outside the host portal: showing its own
 * sign-in state, or quietly when the page cancelled `cx-auth-required` to say so itself.
 */
export type Waiting = 'sign-in' | 'quiet';

/**
 * Elements that were refused for want of a sign-in: each waits (in place of its content) until a
 * session or token arrives, then all load again.
 */
const KEY = Symbol.for('cx.authRequired.waiting');
type Holder = { [KEY]?: ReturnType<typeof atom<ReadonlyMap<Element, Waiting>>> };
export const $signInNeeded = ((globalThis as Holder)[KEY] ??= atom<ReadonlyMap<Element, Waiting>>(new Map()));

export interface AuthRequiredDetail {
  /** The portal the element called. */
  apiBase: string;
}

/**
 * Tells the page that `host` needs a sign-in: a cancelable `cx-auth-required` event on the
 * element (bubbling, composed). Unless the page cancels it (to sign in its own way), the element
 * shows its sign-in state; either way it waits and loads again when a session or token arrives.
 * Told once per element until then.
 */
export function requireSignIn(host: Element | undefined, detail: AuthRequiredDetail): void {
  if (host && $signInNeeded.get().has(host)) return;
  const target = host ?? (typeof document === 'undefined' ? undefined : document);
  const event = new CustomEvent<AuthRequiredDetail>('cx-auth-required', { detail, bubbles: true, composed: true, cancelable: true });
  const proceed = target?.dispatchEvent(event) ?? true;
  if (host) $signInNeeded.set(new Map([...$signInNeeded.get(), [host, proceed ? 'sign-in' : 'quiet']]));
}

/** A session or token arrived: every element tries again. */
export function signInArrived(): void {
  if ($signInNeeded.get().size) $signInNeeded.set(new Map());
}

declare global {
  interface GlobalEventHandlersEventMap {
    'cx-auth-required': CustomEvent<AuthRequiredDetail>;
  }
}
