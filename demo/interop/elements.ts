// What every interop app shares: the portal's element bundle, loaded at run time from the portal
// (as a customer's app would), and its page-wide settings.
const BUNDLE = '/elements/cx-elements.js';

export interface CxBundle {
  configure(options: { locale?: string; apiBase?: string }): void;
}

/** Loads the elements once; the framework renders `cx-*` tags whether or not they are defined yet. */
export const elements: Promise<CxBundle> = import(/* @vite-ignore */ BUNDLE) as Promise<CxBundle>;

/** The value a rating reports with `cx-change`. */
export const ratingOf = (event: Event) => (event as CustomEvent<{ value: number }>).detail.value;
