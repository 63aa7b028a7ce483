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
    keepTextInside(ref.current);
    onDrawn();
    return cleanup;
  }, [ref, ready, key, onDrawn]);
}

/** Series names with the SeriesOrder setting's names first, then the others as they come. */
export function orderedSeries(found: Iterable<string>, order: readonly string[]): string[] {
  const all = [...new Set(found)];
  return [...order.filter((s) => all.includes(s)), ...all.filter((s) => !order.includes(s))];
}

/**
 * Moves every text of a drawing that reaches past the SVG's box back inside it: axis end labels,
 * negative or long tick labels, rotated labels, the last rows of a list. One rule for every chart,
 * whatever its margins, at any tile size. A text wider than the drawing keeps its start in view.
 */
export function keepTextInside(svg: SVGSVGElement): void {
  const box = svg.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return;
  // Every text measured first, then every shift written: a write between two reads would lay the
  // page out again for each text (a shift moves no other text: each is its own element).
  const shifts: Array<[SVGTextElement, string]> = [];
  for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
    const r = text.getBoundingClientRect();
    if (r.width === 0) continue;
    const dx = r.left < box.left ? box.left - r.left : r.right > box.right ? Math.max(box.right - r.right, box.left - r.left) : 0;
    const dy = r.top < box.top ? box.top - r.top : r.bottom > box.bottom ? Math.max(box.bottom - r.bottom, box.top - r.top) : 0;
    if (!dx && !dy) continue;
    // The screen shift in the parent's units (its scale and rotation, not its position).
    const parent = text.parentNode as SVGGraphicsElement | null;
    const ctm = parent?.getScreenCTM?.();
    if (!ctm) continue;
    const { a, b, c, d } = ctm.inverse();
    const [x, y] = [a * dx + c * dy, b * dx + d * dy];
    shifts.push([text, `translate(${x.toFixed(2)},${y.toFixed(2)}) ${text.getAttribute('transform') ?? ''}`.trim()]);
  }
  for (const [text, transform] of shifts) text.setAttribute('transform', transform);
}
