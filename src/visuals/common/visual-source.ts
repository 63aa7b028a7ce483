import { createContext, useContext } from 'react';
import type { SmartFilter } from '../../stores/filters';

/** Where a tile's data came from: the module and filters a tile that loads more (the review feed) asks again with. */
export interface VisualSourceValue {
  moduleId: string;
  smartFilters: SmartFilter[];
}

export const VisualSource = createContext<VisualSourceValue | null>(null);
export const useVisualSource = () => useContext(VisualSource);
