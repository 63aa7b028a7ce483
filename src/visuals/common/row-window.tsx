import { useLayoutEffect, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * Tables longer than this draw only the rows near the view. A store table of 500 rows was most of a
 * dashboard's redraw after a filter change (3,000 elements built and laid out again, a few dozen
 * seen); see docs/decisions.md. Shorter tables draw every row, as before.
 */
const WINDOW_FROM = 60;
/** A row of 13 px text with 8 px padding above and below and a border, as drawn; rows are measured once drawn. */
const ROW_HEIGHT = 33;
/** Rows drawn beyond each edge of the view, so the keyboard's next row is there before it is reached. */
const OVERSCAN = 10;

export interface RowWindow {
  /** The rows to draw: every index when not windowed. */
  indexes: number[];
  /** Space held by the rows not drawn above and below, in pixels (0 when not windowed). */
  before: number;
  after: number;
  /** The table's own attributes: how many rows it has in all, when not all are drawn. */
  table: { 'aria-rowcount'?: number };
  /** A header row's attributes (`n` from 1). */
  headerRow: (n: number) => { 'aria-rowindex'?: number };
  /** A drawn body row's attributes: its number in the whole table, and a ref that measures it. */
  row: (index: number) => { ref?: (row: HTMLTableRowElement | null) => void; 'data-index'?: number; 'aria-rowindex'?: number };
}

/** Holds the space of the rows not drawn, so the scroll bar and position stay those of the whole table. */
export function RowSpacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr className="row-spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/** The nearest ancestor that scrolls vertically (the tile's body in a dashboard). */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

const ALL: RowWindow = { indexes: [], before: 0, after: 0, table: {}, headerRow: () => ({}), row: () => ({}) };

/**
 * Which of `count` rows to draw: all of a short table, the ones near the view of a long one. The
 * view is the nearest scrolling ancestor of `body`, the table's body; `headerRows` header rows come
 * before it (they count in the rows' numbers).
 */
export function useRowWindow(count: number, body: RefObject<HTMLTableSectionElement | null>, headerRows = 1): RowWindow {
  const long = count > WINDOW_FROM;
  // Unknown (undefined) until a long table is laid out; null when nothing scrolls it (it then shows every row).
  const [view, setView] = useState<{ scroller: HTMLElement; margin: number } | null>();
  useLayoutEffect(() => {
    const el = body.current;
    const scroller = long && el ? scrollParent(el) : null;
    // Where the rows start inside the scrolled content (below the tabs, buttons and header).
    const margin = scroller ? el!.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop : 0;
    // A short table forgets its view: when it grows long again (another tab), it starts from a window.
    setView((v) => (!long ? undefined : v?.scroller === scroller && v.margin === margin ? v : scroller && { scroller, margin }));
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
  if (!windowed) return { ...ALL, indexes: Array.from({ length: count }, (_, i) => i) };
  const items = virtualizer.getVirtualItems();
  const margin = view?.margin ?? 0;
  const first = items[0];
  const last = items.at(-1);
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start - margin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - margin) : 0,
    table: { 'aria-rowcount': headerRows + count },
    headerRow: (n) => ({ 'aria-rowindex': n }),
    row: (index) => ({ ref: virtualizer.measureElement, 'data-index': index, 'aria-rowindex': headerRows + index + 1 }),
  };
}
