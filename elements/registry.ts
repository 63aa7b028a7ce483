/**
 * Every cx-* tag and how to load it. The autoloader imports an entry only when its tag appears.
 * `tests/unit/registry.test.ts` checks this list against the files in `elements/`.
 */
export const elementLoaders: Record<string, () => Promise<unknown>> = {
  'cx-nps-gauge': () => import('./cx-nps-gauge'),
  'cx-star-rating': () => import('./cx-star-rating'),
};
