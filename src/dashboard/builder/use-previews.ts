import { useEffect, useRef, useState } from 'react';
import { isBadRequest, type ApiTarget } from '../../api/client';
import { previewTile } from '../../api/dashboard-builder';
import type { VisualDefinition, VisualItem } from '../../api/visual-types';
import type { SmartFilter } from '../../stores/filters';

/** A tile's live preview: asked for, drawn (a new generation each answer), or refused with the server's message. */
export type Preview =
  | { state: 'loading' }
  | { state: 'drawn'; item: VisualItem; generation: number }
  | { state: 'failed'; message: string; column?: string };

/** What a preview depends on: the definition without its title (a new title needs no new drawing). */
function previewKey(definition: VisualDefinition, filters: string): string {
  const { Header: _header, ...bindings } = definition.templateBindings;
  return JSON.stringify([definition.template, bindings, definition.secondaryTemplateBindings ?? null, filters]);
}

const failure = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Live previews of definitions not saved yet (POST /api/dashboards/preview): one request per
 * definition, asked again only when that definition (or the filters) changed; an answer that a
 * newer change overtook is dropped.
 */
export function usePreviews(moduleId: string | null, definitions: readonly VisualDefinition[], smartFilters: SmartFilter[], api: ApiTarget): ReadonlyMap<string, Preview> {
  const [previews, setPreviews] = useState<ReadonlyMap<string, Preview>>(new Map());
  const asked = useRef(new Map<string, string>());
  const generation = useRef(0);
  const filters = JSON.stringify(smartFilters);
  useEffect(() => {
    if (!moduleId) return;
    const names = new Set(definitions.map((d) => d.name));
    const stale = [...asked.current.keys()].filter((n) => !names.has(n));
    for (const name of stale) asked.current.delete(name);
    const due = definitions.filter((d) => asked.current.get(d.name) !== previewKey(d, filters));
    if (!due.length && !stale.length) return;
    setPreviews((old) => {
      const next = new Map([...old].filter(([n]) => names.has(n)));
      // A tile drawn before keeps its drawing while the new one is on its way.
      for (const d of due) if (next.get(d.name)?.state !== 'drawn') next.set(d.name, { state: 'loading' });
      return next;
    });
    for (const definition of due) {
      const key = previewKey(definition, filters);
      asked.current.set(definition.name, key);
      const settle = (preview: Preview) => {
        if (asked.current.get(definition.name) !== key) return;
        setPreviews((old) => new Map(old).set(definition.name, preview));
      };
      previewTile({ moduleId, visual: definition, smartFilters: JSON.parse(filters) as SmartFilter[] }, api)
        .then((res) =>
          settle(
            isBadRequest(res)
              ? { state: 'failed', message: res.message ?? '', column: typeof res.column === 'string' ? res.column : undefined }
              : { state: 'drawn', item: res, generation: ++generation.current },
          ),
        )
        .catch((e: unknown) => settle({ state: 'failed', message: failure(e) }));
    }
  }, [moduleId, definitions, filters, api]);
  return previews;
}
