import { atom } from 'nanostores';

/**
 * Elements that were refused for want of a sign-in, outside the host portal: each shows its own
 * sign-in state instead of its content until a session or token arrives (then all try again).
 */
const KEY = Symbol.for('cx.authRequired');
type Holder = { [KEY]?: ReturnType<typeof atom<ReadonlySet<Element>>> };
export const $signInNeeded = ((globalThis as Holder)[KEY] ??= atom<ReadonlySet<Element>>(new Set()));

export interface AuthRequiredDetail {
  /** The portal the element called. */
  apiBase: string;
}

/**
 * Tells the page that `host` needs a sign-in: a cancelable `cx-auth-required` event on the
 * element (bubbling, composed). Unless the page cancels it (to sign in its own way), the element
 * shows its sign-in state. Told once per element until a session or token arrives.
 */
export function requireSignIn(host: Element | undefined, detail: AuthRequiredDetail): void {
  if (host && $signInNeeded.get().has(host)) return;
  const target = host ?? (typeof document === 'undefined' ? undefined : document);
  const event = new CustomEvent<AuthRequiredDetail>('cx-auth-required', { detail, bubbles: true, composed: true, cancelable: true });
  const proceed = target?.dispatchEvent(event) ?? true;
  if (proceed && host) $signInNeeded.set(new Set([...$signInNeeded.get(), host]));
}

/** A session or token arrived: every element tries again. */
export function signInArrived(): void {
  if ($signInNeeded.get().size) $signInNeeded.set(new Set());
}

declare global {
  interface GlobalEventHandlersEventMap {
    'cx-auth-required': CustomEvent<AuthRequiredDetail>;
  }
}
