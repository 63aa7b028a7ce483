// A TypeScript page with no framework: only the DOM's types and the elements' own.
import type {} from './cx-elements';

const rating = document.createElement('cx-star-rating');
rating.value = 4;
rating.readonly = true;
rating.addEventListener('cx-change', (event) => {
  const chosen: number = event.detail.value;
  console.warn(chosen.toFixed(0));
});
const operations = document.createElement('cx-operations');
operations.mode = 'panel';
const tile = document.createElement('cx-visual');
tile.moduleId = 'responses';

// @ts-expect-error the rating's value is a number
rating.value = 'four';
// @ts-expect-error an operations page is "home" or "panel"
operations.mode = 'admin';
// @ts-expect-error a boolean property takes a boolean
rating.readonly = 'yes';
rating.addEventListener('cx-change', (event) => {
  // @ts-expect-error the event's value is a number, not a string
  const chosen: string = event.detail.value;
  console.warn(chosen);
});
