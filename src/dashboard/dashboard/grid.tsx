import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useElement } from '../../elements/element-context';
import type { LayoutItem } from '../../api/visual-types';
import { GRID } from '../../lib/grid-layout';

export interface GridProps {
  layout: LayoutItem[];
  columns: number;
  editor: boolean;
  /** Header text per tile, for the move handles' names. */
  titles: Record<string, string>;
  onMove: (name: string, x: number, y: number) => void;
  /** Tiles can be resized too (the builder): a resize handle on each, and Shift+arrow keys on either handle. */
  onResize?: (name: string, w: number, h: number) => void;
  children: (name: string) => ReactNode;
}

const KEY_STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The tile grid: at most 12 columns, rows of 120 px, 16 px margins. In edit mode each tile has a
 * move handle: drag it with the pointer, or focus it and use the arrow keys (one cell per press).
 * With `onResize`, each tile also has a resize handle (its corner): drag it, or use the arrow keys
 * on it, or Shift+arrow keys on the move handle (one cell wider, narrower, taller or shorter).
 * A move or resize by keyboard is told in a polite live region (the tile's column, row and size),
 * and the tiles are in the page in the order they are seen (by row, then column): Tab follows the grid.
 */
export function Grid({ layout, columns, editor, titles, onMove, onResize, children }: GridProps) {
  const { t } = useElement();
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ name: string; resize: boolean; startX: number; startY: number; dx: number; dy: number; cellW: number; cellH: number } | null>(null);
  // The tile a key press just moved or resized (and by which handle): told, and focused, once drawn in its new place.
  const keyed = useRef<{ name: string; resize: boolean } | null>(null);
  const [presses, setPresses] = useState(0);
  const live = useRef<HTMLParagraphElement>(null);
  const rows = Math.max(1, ...layout.map((l) => l.y + l.h));
  const offset = (d: NonNullable<typeof drag>) => ({ x: Math.round(d.dx / d.cellW), y: Math.round(d.dy / d.cellH) });
  const start = (e: PointerEvent, name: string, resize = false) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    // One grid step in pixels, measured when the drag starts.
    const width = grid.current?.clientWidth ?? columns * GRID.columnWidth;
    const cellW = (width - (columns - 1) * GRID.margin) / columns + GRID.margin;
    setDrag({ name, resize, startX: e.clientX, startY: e.clientY, dx: 0, dy: 0, cellW, cellH: GRID.rowHeight + GRID.margin });
  };
  const moveTo = (e: PointerEvent) => drag && setDrag({ ...drag, dx: e.clientX - drag.startX, dy: e.clientY - drag.startY });
  const end = (item: LayoutItem) => {
    if (!drag) return;
    const o = offset(drag);
    setDrag(null);
    if (!o.x && !o.y) return;
    if (drag.resize) onResize?.(item.name, item.w + o.x, item.h + o.y);
    else onMove(item.name, item.x + o.x, item.y + o.y);
  };
  const onKey = (e: KeyboardEvent, item: LayoutItem, resize: boolean) => {
    const step = KEY_STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    if (onResize && (resize || e.shiftKey)) onResize(item.name, item.w + step[0], item.h + step[1]);
    else onMove(item.name, item.x + step[0], item.y + step[1]);
    keyed.current = { name: item.name, resize };
    setPresses((n) => n + 1);
  };
  useLayoutEffect(() => {
    const moved = keyed.current;
    const item = moved && layout.find((l) => l.name === moved.name);
    keyed.current = null;
    if (!moved || !item) return;
    // A tile that moved in the page's order lost the focus (the browser blurs a node it moves): its handle takes it back.
    const handle = grid.current?.querySelector<HTMLElement>(`.cell[data-tile="${CSS.escape(item.name)}"] ${moved.resize ? '.resize-handle' : '.move-handle'}`);
    if (handle && (handle.getRootNode() as Document | ShadowRoot).activeElement !== handle) handle.focus();
    if (live.current) live.current.textContent = t('dashboard.editor.placed', { name: titles[item.name] ?? item.name, column: item.x + 1, row: item.y + 1, width: item.w, height: item.h });
  }, [presses, layout, titles, t]);
  const handle = (item: LayoutItem, resize: boolean) => ({
    'aria-describedby': 'move-help',
    onPointerDown: (e: PointerEvent) => start(e, item.name, resize),
    onPointerMove: moveTo,
    onPointerUp: () => end(item),
    onPointerCancel: () => setDrag(null),
    onKeyDown: (e: KeyboardEvent) => onKey(e, item, resize),
  });
  return (
    <div
      className={editor ? 'grid editing' : 'grid'}
      ref={grid}
      style={{
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${rows}, ${GRID.rowHeight}px)`,
        gap: GRID.margin,
        maxWidth: columns * GRID.columnWidth + (columns - 1) * GRID.margin + 400,
      }}
    >
      {[...layout].sort((a, b) => a.y - b.y || a.x - b.x).map((item) => {
        const moving = drag?.name === item.name ? offset(drag) : { x: 0, y: 0 };
        const resizing = !!drag?.resize;
        const x = Math.max(0, Math.min(columns - item.w, item.x + (resizing ? 0 : moving.x)));
        const w = Math.max(1, Math.min(columns - x, item.w + (resizing ? moving.x : 0)));
        const h = Math.max(1, item.h + (resizing ? moving.y : 0));
        return (
          <div
            key={item.name}
            className={drag?.name === item.name ? 'cell dragging' : 'cell'}
            data-tile={item.name}
            style={{ gridColumn: `${x + 1} / span ${w}`, gridRow: `${Math.max(0, item.y + (resizing ? 0 : moving.y)) + 1} / span ${h}` }}
          >
            {editor && (
              <button type="button" className="move-handle" aria-label={t('dashboard.editor.move', { name: titles[item.name] ?? item.name })} {...handle(item, false)}>
                <svg viewBox="0 0 12 8" width="18" height="12" aria-hidden="true">
                  {[2, 6, 10].flatMap((cx) => [2, 6].map((cy) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.2" fill="currentColor" />))}
                </svg>
              </button>
            )}
            {children(item.name)}
            {editor && onResize && (
              <button type="button" className="resize-handle" aria-label={t('dashboard.editor.resize', { name: titles[item.name] ?? item.name })} {...handle(item, true)}>
                <svg viewBox="0 0 10 10" width="12" height="12" aria-hidden="true">
                  <path d="M9 1 1 9M9 5 5 9" stroke="currentColor" strokeWidth="1.4" fill="none" />
                </svg>
              </button>
            )}
          </div>
        );
      })}
      {editor && (
        <>
          <p id="move-help" hidden>
            {t(onResize ? 'dashboard.editor.moveResizeHelp' : 'dashboard.editor.moveHelp')}
          </p>
          {/* Filled by the effect above, after each move or resize by keyboard. */}
          <p ref={live} className="cx-visually-hidden" aria-live="polite" />
        </>
      )}
    </div>
  );
}
