import { useCallback, useEffect, useRef, useState } from 'react';
import { isBadRequest } from '../api/client';
import { saveSurvey, type SurveyView } from '../api/surveys';
import type { ApiTarget } from '../api/client';
import type { SurveyDefinition, SurveySettings } from '../lib/survey-model';

/** How long typing may pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState = { kind: 'saved' } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'failed'; message: string; stale: boolean };
export interface Draft {
  settings: SurveySettings;
  definition: SurveyDefinition;
}

/**
 * The editor's draft, saved a moment after each change (one save at a time; changes made while
 * one travels go in the next), with an undo of the last change. The server's version guard turns
 * another editor's save in between into a failed state that names them; nothing typed is lost.
 */
export function useAutosave(initial: SurveyView, api: ApiTarget, onSaved: (view: SurveyView) => void) {
  const [draft, setDraftState] = useState<Draft>({ settings: initial.settings, definition: initial.definition });
  const [previous, setPrevious] = useState<Draft | null>(null);
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const version = useRef(initial.version);
  const latest = useRef(draft);
  const dirty = useRef(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // One save at a time: changes made while one travels go in the next round; a refusal stops
  // the rounds until the next change (no retry loop against a stale version).
  const flush = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      while (dirty.current) {
        dirty.current = false;
        setState({ kind: 'saving' });
        const res = await saveSurvey({ shortcode: initial.shortcode, version: version.current, ...latest.current }, api).catch(() => null);
        if (!res || isBadRequest(res)) {
          dirty.current = true;
          setState({ kind: 'failed', message: res?.message ?? '', stale: !!res?.errors?.version });
          return;
        }
        version.current = res.version;
        onSaved(res);
        if (!dirty.current) setState({ kind: 'saved' });
      }
    } finally {
      inFlight.current = false;
    }
  }, [api, initial.shortcode, onSaved]);

  const schedule = useCallback(() => {
    dirty.current = true;
    setState({ kind: 'pending' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void flush();
    }, AUTOSAVE_DELAY_MS);
  }, [flush]);

  /** A change made by the user: remembered for undo, then saved. */
  const change = useCallback(
    (update: (d: Draft) => Draft) => {
      const next = update(latest.current);
      setPrevious(latest.current);
      latest.current = next;
      setDraftState(next);
      schedule();
    },
    [schedule],
  );

  const undo = useCallback(() => {
    if (!previous) return;
    latest.current = previous;
    setDraftState(previous);
    setPrevious(null);
    schedule();
  }, [previous, schedule]);

  /** Saves now (before publishing); resolves when nothing is left unsaved. */
  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    while (inFlight.current) await new Promise((r) => setTimeout(r, 50));
    await flush();
    return !dirty.current;
  }, [flush]);

  // Leaving with a change unsaved sends it at once.
  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  return { draft, change, undo, canUndo: previous !== null, state, saveNow, version: () => version.current, setVersion: (v: number) => (version.current = v) };
}
