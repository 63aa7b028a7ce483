import { useEffect, useRef, useState } from 'react';
import { isBadRequest, type ApiTarget } from '../../api/client';
import { previewTile } from '../../api/dashboard-builder';
import type { VisualDefinition, VisualItem } from '../../api/visual-types';
import type { SmartFilter } from '../../stores/filters';
import { problemOf, type Problem } from './builder-store';

/** A tile's live preview: asked for, drawn (a new generation each answer), or refused with the server's message. */
export type Preview =
  | { state: 'loading' }
  | { state: 'drawn'; item: VisualItem; generation: number }
  | { state: 'failed'; message: string; column?: string; problem?: Problem['kind'] };

type Answer = { item: VisualItem } | { message: string; column?: string };

/** Quiet time after a tile's settings changed before its preview is asked again (typing a number, a text). */
export const PREVIEW_DELAY_MS = 300;

/** Answers by what the server reads; the gallery and the grid share one, so a chosen card's drawing is the new tile's. */
export interface PreviewCache {
  get(key: string): Answer | undefined;
  set(key: string, answer: Answer): void;
}

/** The newest `limit` answers (undo and redo find theirs again). */
export function previewCache(limit = 200): PreviewCache {
  const answers = new Map<string, Answer>();
  return {
    get(key) {
      const answer = answers.get(key);
      if (answer) {
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },
    set(key, answer) {
      answers.delete(key);
      answers.set(key, answer);
      if (answers.size > limit) answers.delete(answers.keys().next().value!);
    },
  };
}

/**
 * What a preview depends on: what the server reads to draw it (server/dashboards/visual-item.ts).
 * The title, the name and the display options (a legend, a format) are the tile's own, drawn from
 * the definition on screen: changing them asks for nothing.
 */
export function previewKey(moduleId: string, definition: VisualDefinition, filters: string): string {
  const b = definition.templateBindings;
  return JSON.stringify([moduleId, definition.template, b.Query, b.ExtraSeries ?? null, b.Filters ?? null, b.SubHeader ?? null, b.HeroLabel ?? null, filters]);
}

const previewOf = (answer: Answer, name: string, generation: number): Preview =>
  'item' in answer ? { state: 'drawn', item: { ...answer.item, name }, generation } : { state: 'failed', ...answer };

/**
 * Live previews of definitions not saved yet (POST /api/dashboards/preview): asked again only when
 * what the server reads changed, from the cache when it was drawn before, a changed tile after
 * PREVIEW_DELAY_MS; a request a newer change overtook is aborted.
 */
export function usePreviews(moduleId: string | null, definitions: readonly VisualDefinition[], smartFilters: SmartFilter[], api: ApiTarget, cache: PreviewCache): ReadonlyMap<string, Preview> {
  const [previews, setPreviews] = useState<ReadonlyMap<string, Preview>>(new Map());
  const asked = useRef(new Map<string, string>());
  const pending = useRef(new Map<string, AbortController>());
  // Tiles drawn before: a change of theirs waits for the settings to settle.
  const seen = useRef(new Set<string>());
  const generation = useRef(0);
  const filters = JSON.stringify(smartFilters);
  useEffect(() => {
    if (!moduleId) return;
    const [asking, requests] = [asked.current, pending.current];
    const names = new Set(definitions.map((d) => d.name));
    const stop = (name: string) => {
      pending.current.get(name)?.abort();
      pending.current.delete(name);
    };
    const stale = [...asked.current.keys()].filter((n) => !names.has(n));
    for (const name of stale) {
      asked.current.delete(name);
      seen.current.delete(name);
      stop(name);
    }
    const known = new Map<string, Preview>();
    const due: Array<{ definition: VisualDefinition; key: string }> = [];
    let changed = false;
    for (const definition of definitions) {
      const key = previewKey(moduleId, definition, filters);
      if (asked.current.get(definition.name) === key) continue;
      changed ||= seen.current.has(definition.name);
      seen.current.add(definition.name);
      asked.current.set(definition.name, key);
      stop(definition.name);
      const answer = cache.get(key);
      if (answer) known.set(definition.name, previewOf(answer, definition.name, ++generation.current));
      else due.push({ definition, key });
    }
    if (!due.length && !known.size && !stale.length) return;
    setPreviews((old) => {
      const next = new Map([...old].filter(([n]) => names.has(n)));
      for (const [name, preview] of known) next.set(name, preview);
      // A tile drawn before keeps its drawing while the new one is on its way.
      for (const { definition } of due) if (next.get(definition.name)?.state !== 'drawn') next.set(definition.name, { state: 'loading' });
      return next;
    });
    const send = () => {
      for (const { definition, key } of due) {
        const controller = new AbortController();
        pending.current.set(definition.name, controller);
        const settle = (answer: Answer | Preview) => {
          if (controller.signal.aborted || asked.current.get(definition.name) !== key) return;
          pending.current.delete(definition.name);
          const preview = 'state' in answer ? answer : previewOf(answer, definition.name, ++generation.current);
          setPreviews((old) => new Map(old).set(definition.name, preview));
        };
        previewTile({ moduleId, visual: definition, smartFilters: JSON.parse(filters) as SmartFilter[] }, api, { inline: true, signal: controller.signal })
          .then((res) => {
            const answer: Answer = isBadRequest(res) ? { message: res.message ?? '', ...(typeof res.column === 'string' ? { column: res.column } : {}) } : { item: res };
            // Drawn or refused, the answer holds for these settings; a broken connection does not.
            cache.set(key, answer);
            settle(answer);
          })
          .catch((e: unknown) => {
            const problem = problemOf(e);
            settle({ state: 'failed', message: problem.kind === 'refused' ? problem.message : '', problem: problem.kind });
          });
      }
    };
    // A tile just placed (or the gallery opened) is drawn at once; a tile being set up waits for the settings to settle.
    if (!changed) return send();
    const timer = setTimeout(send, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      // Not asked after all: the next run asks for them again.
      for (const { definition, key } of due) if (!requests.has(definition.name) && asking.get(definition.name) === key) asking.delete(definition.name);
    };
  }, [moduleId, definitions, filters, api, cache]);
  useEffect(() => {
    const requests = pending.current;
    return () => requests.forEach((c) => c.abort());
  }, []);
  return previews;
}
