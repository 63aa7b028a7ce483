// What every interop app shares: the portal's element bundle, loaded at run time from the portal
// (as a customer's app would), and its page-wide settings. Its types come from the npm package
// (@cx-portal/elements, a type-only import: nothing of it is bundled); tests/unit/package.test.ts
// installs the packed package beside a copy of these apps and type-checks them with it.
import type * as Cx from '@cx-portal/elements';

const BUNDLE = '/elements/cx-elements.js';

/** Loads the elements once; the framework renders `cx-*` tags whether or not they are defined yet. */
export const elements = import(/* @vite-ignore */ BUNDLE) as Promise<typeof Cx>;

/** The value a rating reports with `cx-change`. */
export const ratingOf = (event: Event) => (event as GlobalEventHandlersEventMap['cx-change']).detail.value;
