import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { filtersFor, toSmartFilters, type SmartFilter } from '../../stores/filters';

/**
 * The scope's filters as the API takes them, the same array for as long as they mean the same
 * filters: a store update that changes nothing (a filter bar settling its state) starts no new load.
 * Null until the date field is known.
 */
export function useSmartFilters(scope: string, dateKey: string | undefined): SmartFilter[] | null {
  const state = useStore(filtersFor(scope));
  const key = dateKey ? JSON.stringify(toSmartFilters(state, dateKey)) : '';
  return useMemo(() => (key ? (JSON.parse(key) as SmartFilter[]) : null), [key]);
}
