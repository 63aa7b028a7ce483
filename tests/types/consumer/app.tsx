// A React 19 app: the elements in JSX with typed attributes, events and refs.
import { useRef } from 'react';
import type {} from './react';
import type { CxStarRatingElement } from './cx-elements';

export function Good() {
  const ref = useRef<CxStarRatingElement>(null);
  return (
    <>
      <cx-star-rating ref={ref} value={3} max={5} readonly label="Your visit" oncx-change={(event) => console.warn(event.detail.value.toFixed(0))} />
      <cx-operations mode="panel" />
      <cx-visual module-id="responses" visual="nps">
        <cx-filter key="Region" value="North" />
      </cx-visual>
    </>
  );
}

export function Bad() {
  return (
    <>
      {/* @ts-expect-error a misspelt attribute */}
      <cx-star-rating vlaue={3} />
      {/* @ts-expect-error an operations page is "home" or "panel" */}
      <cx-operations mode="admin" />
      {/* @ts-expect-error the value is a number */}
      <cx-star-rating value={{ stars: 3 }} />
      {/* @ts-expect-error the event carries a number */}
      <cx-star-rating oncx-change={(event: CustomEvent<{ value: string }>) => console.warn(event.detail.value.length)} />
    </>
  );
}
