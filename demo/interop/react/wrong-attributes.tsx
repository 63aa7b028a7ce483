// Must NOT compile: tests/unit/package.test.ts type-checks this app with the packed package and
// expects an error on each line marked FAILS, and none elsewhere. Not part of the app's build.
import type {} from '@cx-portal/elements/react';
import { configure } from '@cx-portal/elements/configure';
import type { CxStarRatingElement } from '@cx-portal/elements/cx-star-rating';
import { elements } from '../elements';

export const Wrong = () => (
  <>
    <cx-star-rating valeu={3}></cx-star-rating> {/* FAILS: a misspelt attribute */}
    <cx-operations mode="admin"></cx-operations> {/* FAILS: the mode is "home" or "panel" */}
    <cx-star-rating readonly="yes"></cx-star-rating> {/* FAILS: a boolean attribute */}
    <cx-star-rating oncx-change={(e: CustomEvent<{ value: string }>) => e.detail.value.trim()}></cx-star-rating> {/* FAILS: the event carries a number */}
  </>
);

void elements.then(({ configure }) => configure({ locael: 'de' })); // FAILS: a misspelt option of configure
configure({ apiBase: 443 }); // FAILS: the portal's address is a string
export const rating = (el: CxStarRatingElement) => el.value?.toFixed(1);
