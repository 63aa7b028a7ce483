import { useEffect, useState } from 'react';
import { isBadRequest, type ApiTarget } from '../../api/client';
import { viewerSource } from '../../api/viewer';

/** Each module's date field, by portal and module, once known on the page (modules differ: ResponseDate, ReviewDate, ...). */
const known = new Map<string, string>();
const idOf = (api: ApiTarget, moduleId: string) => `${api.apiBase}|${moduleId}`;

/** Records a module's date field as an answer names it, so the next tile of the module need not ask. */
export function rememberDateKey(api: ApiTarget, moduleId: string, dateKey: string): void {
  known.set(idOf(api, moduleId), dateKey);
}

/**
 * The date field of a module's data, from its data source, before a tile asks for data with a
 * period: `undefined` until known. Each element asks for itself (a refused call shows that
 * element's sign-in state); an answer is kept for the page.
 */
export function useModuleDateKey(moduleId: string, api: ApiTarget): { dateKey: string | undefined; error: string } {
  const id = idOf(api, moduleId);
  const [answer, setAnswer] = useState<{ id: string; dateKey?: string; error?: string }>({ id: '' });
  useEffect(() => {
    if (!moduleId || known.has(id)) return;
    let live = true;
    viewerSource(moduleId, api)
      .then((source) => {
        if (isBadRequest(source)) throw new Error(source.message ?? '');
        known.set(id, source.dateFilterKey);
        if (live) setAnswer({ id, dateKey: source.dateFilterKey });
      })
      .catch((e: unknown) => live && setAnswer({ id, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [api, id, moduleId]);
  const mine = answer.id === id ? answer : undefined;
  return { dateKey: known.get(id) ?? mine?.dateKey, error: mine?.error ?? '' };
}
