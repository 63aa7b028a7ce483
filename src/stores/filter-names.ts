import { map, type MapStore } from 'nanostores';
import { scopedStores } from './scoped';

/**
 * The names of a scope's filters by key ('Region' for `Region`, 'NPS group' for `NPSGroup`), as its
 * filter bar got them from the server: what a favourite's description names them by.
 */
export const filterNamesFor: (scope: string) => MapStore<Record<string, string>> = scopedStores('filterNames', () => map<Record<string, string>>({}));
