import { useEffect, useState } from 'react';
import { isBadRequest } from '../../api/client';
import { useElement } from '../../elements/element-context';
import { openFavourite } from '../../api/favourites';
import type { ViewerProfile, ViewerSource } from '../../api/viewer';
import { filtersFor, takeHandOff } from '../../stores/filters';
import { DEFAULT_VIEW, viewFor } from '../../stores/view-state';
import { loadGuard } from '../../dashboard/load-guard';
import { HAND_OFF_KEY, HAND_OFF_MS } from '../analytics/pivot-state';
import { restoreView } from '../saved-view';
import { fetchSetup, type ViewerSetup } from '../shared/use-viewer-setup';
import { defaultFilterState } from './load-rules';

export interface DataLoadInput {
  moduleId: string;
  scope: string;
  queryProfile?: string;
  pathProfile?: string;
  /** `f`: a favourite of one's own (its access time is updated); `s`: a shared one (it is not). */
  favourite?: string;
  shared?: string;
  handOff: boolean;
  /** The path's trailing Id: the page shows that record (the details link leads here). */
  recordId?: string;
}

export interface DataLoad {
  setup: ViewerSetup;
  source: ViewerSource;
  profiles: ViewerProfile[];
  /** The load session stamp: what the page rendered for this load is keyed by it. */
  stamp: number;
  /** The favourite opened, if one was. */
  opened: string;
  /** A favourite that could not be opened (gone, or not shared with the user): the defaults stand. */
  openFailed: boolean;
}

/**
 * The data viewer's load of spec part 2: pick the profile (query, else path, else first), load
 * its schema, reset the filters, apply the hand-off, the favourite or the profile's default
 * filters (or, with a record id, that record), then let the mode load data. An answer is used
 * only when it belongs to the latest load. A favourite that cannot be opened leaves the defaults.
 */
export function useDataLoad({ moduleId, scope, queryProfile, pathProfile, favourite, shared, handOff, recordId }: DataLoadInput): { load: DataLoad | null; error: string } {
  const { api } = useElement();
  const [guard] = useState(loadGuard);
  // What was loaded, for which input: a new input shows as loading until its own answer arrives.
  const key = JSON.stringify([moduleId, scope, queryProfile, pathProfile, favourite, shared, handOff, recordId]);
  const [result, setResult] = useState<{ key: string; load: DataLoad | null; error: string }>({ key: '', load: null, error: '' });
  useEffect(() => {
    const stamp = guard.next();
    const live = () => guard.isLatest(stamp);
    const setLoad = (load: DataLoad) => setResult({ key, load, error: '' });
    const setError = (error: string) => setResult({ key, load: null, error });
    (async () => {
      const { setup, profiles, source } = await fetchSetup(api, moduleId, queryProfile, pathProfile);
      const { profile } = setup;
      if (!live()) return;
      filtersFor(scope).set(defaultFilterState([]));
      viewFor(scope).set({ ...DEFAULT_VIEW, profileName: profile.name });
      let opened = '';
      let openFailed = false;
      const id = favourite || shared;
      if (handOff && takeHandOff(scope, HAND_OFF_KEY, HAND_OFF_MS)) {
        // The analytics cell's values stand in for the defaults.
      } else if (id) {
        const f = await openFavourite(id, !!favourite, api).catch(() => null);
        if (!live()) return;
        if (f && !isBadRequest(f)) {
          restoreView(scope, f.payload);
          viewFor(scope).setKey('profileName', profile.name);
          opened = f.title;
        } else {
          openFailed = true;
          filtersFor(scope).set(defaultFilterState(profile.defaultSmartFilters));
        }
      } else {
        filtersFor(scope).set(defaultFilterState(profile.defaultSmartFilters));
      }
      setLoad({ setup, source, profiles, stamp, opened, openFailed });
    })().catch((e: unknown) => live() && setError(e instanceof Error ? e.message : String(e)));
  }, [api, guard, key, moduleId, scope, queryProfile, pathProfile, favourite, shared, handOff, recordId]);
  return result.key === key ? result : { load: null, error: '' };
}
