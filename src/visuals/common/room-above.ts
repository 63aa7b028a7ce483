import { useCallback, useState } from 'react';

/**
 * The height that what stands above a chart (its legend, its controls) takes, margins included, as
 * laid out: a chart's height is its tile's less this. `assumed` (one line) until the element is
 * observed; a legend that wraps (many series, a narrow tile, longer names in another language)
 * reports its own height, and the chart is drawn again to fit below it instead of running past the
 * tile's bottom. Read in a ResizeObserver, after layout: no layout is forced.
 */
export function useRoomAbove<T extends HTMLElement>(assumed: number): [ref: (el: T | null) => (() => void) | undefined, room: number] {
  const [room, setRoom] = useState(assumed);
  const ref = useCallback((el: T | null) => {
    if (!el) return undefined;
    const observer = new ResizeObserver(() => {
      const { marginTop, marginBottom } = getComputedStyle(el);
      setRoom(Math.ceil(el.offsetHeight + parseFloat(marginTop) + parseFloat(marginBottom)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, room];
}
