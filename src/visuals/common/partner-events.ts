import { useCallback, useEffect, useRef } from 'react';
import type { ElementApi } from '../../elements/element-context';
import { selectionsFor, toggleVisualSelection } from '../../stores/selections';
import { selectionEquals, type SelectionMode, type VisualSelection } from './selection';

/** `cx-drawn`: the element's data is on screen (as Tableau's FirstInteractive), once per answer. */
export interface DrawnDetail {
  /** The visual's name (`cx-visual`, a review tile), the dashboard's id (`cx-dashboard`), else what the element shows (a queue's, a module's). */
  name: string;
  /** Rows of the visual's data (0 for 'No results found for selection'), the dashboard's tiles, else the items shown. */
  count: number;
}

/** `cx-select`: the user clicked a mark (as Tableau's MarkSelectionChanged). */
export interface SelectDetail {
  visual: string;
  axisValue: string;
  seriesValue: string;
  /** The mark is selected now (false: the click took it out of the selection). */
  selected: boolean;
}

/**
 * Reports `cx-drawn` once per answer (`generation`): a visual draws again as it is resized, or
 * as its legend is measured, and the page hears of each answer once.
 */
export function useDrawnEvent(emit: ElementApi['emit']): (generation: number, detail: DrawnDetail) => void {
  const told = useRef<number | null>(null);
  return useCallback(
    (generation, detail) => {
      if (told.current === generation) return;
      told.current = generation;
      emit<DrawnDetail>('drawn', detail);
    },
    [emit],
  );
}

/**
 * `cx-drawn` for an element showing loaded data: once for each `answer` (a new object per load),
 * after the commit that puts it on screen; no answer yet (null, undefined), nothing.
 */
export function useDrawnAnswer(emit: ElementApi['emit'], answer: unknown, detail: () => DrawnDetail): void {
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (answer === null || answer === undefined || told.current === answer) return;
    told.current = answer;
    emit<DrawnDetail>('drawn', detail());
  });
}

/** A click on a mark: toggles it in the scope's selections and tells the page with `cx-select`. */
export function selectMark(emit: ElementApi['emit'], scope: string, s: VisualSelection, mode: SelectionMode): void {
  toggleVisualSelection(scope, s, mode);
  const selected = selectionsFor(scope).get().some((x) => selectionEquals(x, s));
  emit<SelectDetail>('select', { visual: s.visualName, axisValue: s.axisValue, seriesValue: s.seriesValue, selected });
}
