import { useCallback, useState } from 'react';

/**
 * The height that what stands above a chart (its legend, its controls) takes, margins included, as
 * laid out: a chart's height is its tile's less this. A legend that wraps (many series, a narrow
 * tile, longer names in another language) would otherwise push its chart past the tile's bottom.
 * Read in a ResizeObserver, after layout, so no layout is forced; `assumed` (one line) until then.
 * A chart waits for `measured` before it draws, so it is drawn once, at the height it keeps.
 */
export function useRoomAbove<T extends HTMLElement>(assumed: number): { measure: (el: T | null) => (() => void) | undefined; room: number; measured: boolean } {
  const [room, setRoom] = useState<number>();
  const measure = useCallback((el: T | null) => {
    if (!el) return undefined;
    const observer = new ResizeObserver(() => {
      const { marginTop, marginBottom } = getComputedStyle(el);
      setRoom(Math.ceil(el.offsetHeight + parseFloat(marginTop) + parseFloat(marginBottom)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { measure, room: room ?? assumed, measured: room !== undefined };
}
