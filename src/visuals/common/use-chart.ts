import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Draws a chart into `ref` whenever `key` (what the chart shows, as text) or `onDrawn` changes,
 * removes the drawing before the next one, and reports each draw. The latest `draw` is used, so
 * its click handlers see the latest props without causing redraws.
 */
export function useChart(ref: RefObject<SVGSVGElement | null>, draw: (svg: SVGSVGElement) => () => void, ready: boolean, key: string, onDrawn: () => void): void {
  const latest = useRef(draw);
  useLayoutEffect(() => {
    latest.current = draw;
  });
  useEffect(() => {
    if (!ref.current || !ready) return;
    const cleanup = latest.current(ref.current);
    onDrawn();
    return cleanup;
  }, [ref, ready, key, onDrawn]);
}

/** Series names with the SeriesOrder setting's names first, then the others as they come. */
export function orderedSeries(found: Iterable<string>, order: readonly string[]): string[] {
  const all = [...new Set(found)];
  return [...order.filter((s) => all.includes(s)), ...all.filter((s) => !order.includes(s))];
}
