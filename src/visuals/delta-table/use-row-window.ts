import { useLayoutEffect, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * Tables longer than this draw only the rows near the view. A store table of 500 rows was most of a
 * dashboard's redraw after a filter change (3,000 elements built and laid out again, a few dozen
 * seen); see docs/decisions.md. Shorter tables draw every row, as before.
 */
export const WINDOW_FROM = 60;
/** A row of 13 px text with 8 px padding above and below and a border, as drawn; rows are measured once drawn. */
const ROW_HEIGHT = 33;
/** Rows drawn beyond each edge of the view, so the keyboard's next row is there before it is reached. */
const OVERSCAN = 10;

export interface RowWindow {
  /** Every row index when not windowed. */
  indexes: number[];
  /** Space held by the rows not drawn above and below, in pixels (0 when not windowed). */
  before: number;
  after: number;
  /** Lets the window measure a drawn row (its `data-index` names it); undefined when not windowed. */
  measure?: (row: HTMLTableRowElement | null) => void;
  windowed: boolean;
}

/** The nearest ancestor that scrolls vertically (the tile's body in a dashboard). */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * Which of `count` rows to draw: all of a short table, the ones near the view of a long one. The
 * view is the nearest scrolling ancestor of `body`, the table's body.
 */
export function useRowWindow(count: number, body: RefObject<HTMLTableSectionElement | null>): RowWindow {
  const long = count > WINDOW_FROM;
  // undefined until the first layout; null when nothing scrolls the table (it then shows every row).
  const [view, setView] = useState<{ scroller: HTMLElement; margin: number } | null>();
  useLayoutEffect(() => {
    const el = body.current;
    const scroller = long && el ? scrollParent(el) : null;
    // Where the rows start inside the scrolled content (below the tabs, buttons and header).
    const margin = scroller ? el!.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop : 0;
    setView((v) => (v?.scroller === scroller && v.margin === margin ? v : scroller && { scroller, margin }));
  }, [long, body]);
  const windowed = long && view !== null;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's object changes in place; nothing here is memoised on it
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count,
    enabled: windowed,
    getScrollElement: () => view?.scroller ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: view?.margin ?? 0,
    // Before the view is known (the first render): as many rows as a tall tile shows.
    initialRect: { width: 0, height: 720 },
  });
  if (!windowed) return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, windowed };
  const items = virtualizer.getVirtualItems();
  const margin = view?.margin ?? 0;
  const first = items[0];
  const last = items.at(-1);
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start - margin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - margin) : 0,
    measure: virtualizer.measureElement,
    windowed,
  };
}
