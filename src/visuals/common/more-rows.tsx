import { useState, type ReactElement } from 'react';
import { useElement } from '../../elements/element-context';

/** The height of the '+N more' button's line, as drawn (tile.css `.more-rows`). */
export const MORE_ROOM = 28;

/**
 * How many of `total` rows of `rowHeight` fit in `room` pixels: all of them when they fit, else as
 * many as fit beside the '+N more' button (at least one). A list never drops a category silently.
 */
export function rowsThatFit(total: number, rowHeight: number, room: number): number {
  if (total * rowHeight <= room) return total;
  return Math.max(1, Math.min(total, Math.floor((room - MORE_ROOM) / rowHeight)));
}

/** The rows a list shows, and the button that shows the rest (and fewer again). */
export function useMoreRows(total: number, rowHeight: number, room: number): { shown: number; button: ReactElement | null } {
  const { t } = useElement();
  const [open, setOpen] = useState(false);
  const fit = rowsThatFit(total, rowHeight, room);
  if (fit >= total) return { shown: total, button: null };
  const button = (
    <button type="button" className="link more-rows" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      {open ? t('visuals.fewerRows') : t('visuals.moreRows', { count: total - fit })}
    </button>
  );
  return { shown: open ? total : fit, button };
}
