import { atom, type WritableAtom } from 'nanostores';
import { scopedStores } from './scoped';
import { toggleSelection, type SelectionMode, type VisualSelection } from '../visuals/common/selection';

const storageKey = (cacheKey: string) => `cx.selections.${cacheKey}`;

function restore(cacheKey: string): VisualSelection[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(cacheKey)) ?? '[]');
    return Array.isArray(saved) ? saved.filter((s): s is VisualSelection => !!s && typeof s.visualName === 'string' && typeof s.axisValue === 'string') : [];
  } catch {
    return [];
  }
}

/** The visual selections of one cache key (a dashboard and its filter scope), cached in localStorage. */
export const selectionsFor: (cacheKey: string) => WritableAtom<VisualSelection[]> = scopedStores('selectionScopes', (cacheKey) => {
  const store = atom<VisualSelection[]>(restore(cacheKey));
  store.listen((value) => {
    try {
      localStorage.setItem(storageKey(cacheKey), JSON.stringify(value));
    } catch {
      // Blocked storage: selections last for this page.
    }
  });
  return store;
});

export function toggleVisualSelection(cacheKey: string, s: VisualSelection, mode?: SelectionMode): void {
  const store = selectionsFor(cacheKey);
  store.set(toggleSelection(store.get(), s, mode));
}

/** Clears one visual's selections, or all of them. */
export function clearSelections(cacheKey: string, visualName?: string): void {
  const store = selectionsFor(cacheKey);
  store.set(visualName ? store.get().filter((s) => s.visualName !== visualName) : []);
}
