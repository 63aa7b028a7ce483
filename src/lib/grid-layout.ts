import type { LayoutItem } from '../api/visual-types';

/** Spec part 2 section 9: the dashboard grid. */
export const GRID = { maxColumns: 12, minColumns: 4, rowHeight: 120, columnWidth: 115, margin: 16, maxRows: 100 } as const;
export const LAYOUT_BREAKPOINTS = [1200, 768] as const;
export const RESIZE_DEBOUNCE_MS = 500;

/** Layout 0 at 1200 px or more, 1 above 768 px, otherwise 2. */
export function layoutIndex(width: number): 0 | 1 | 2 {
  return width >= LAYOUT_BREAKPOINTS[0] ? 0 : width > LAYOUT_BREAKPOINTS[1] ? 1 : 2;
}

/** Each layout index takes 4 columns off the 12, never below 4. */
export function columnsFor(index: 0 | 1 | 2): number {
  return Math.max(GRID.minColumns, GRID.maxColumns - 4 * index);
}

/** Lays tiles out left to right, starting a new row when one does not fit. */
export function flow(tiles: ReadonlyArray<{ name: string; width: number; height: number }>, columns: number = GRID.maxColumns): LayoutItem[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return tiles.map((d) => {
    const w = Math.min(d.width, columns);
    if (x + w > columns) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const item = { name: d.name, x, y, w, h: d.height };
    x += w;
    rowHeight = Math.max(rowHeight, d.height);
    return item;
  });
}

/**
 * The 12-column layout fitted to fewer columns: tiles keep their reading order (by row, then
 * column) and width (capped), and flow into the narrower grid.
 */
export function fitLayout(layout: readonly LayoutItem[], columns: number): LayoutItem[] {
  if (columns >= GRID.maxColumns) return [...layout];
  const ordered = [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
  return flow(ordered.map((l) => ({ name: l.name, width: l.w, height: l.h })), columns);
}

const overlaps = (a: LayoutItem, b: LayoutItem) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Moves one tile to a cell (kept inside the grid). Tiles it now covers move down below it, and
 * so on, so no two tiles overlap; then the others close up; the moved tile keeps the place it
 * was dropped on.
 */
export function moveTile(layout: readonly LayoutItem[], name: string, x: number, y: number, columns: number = GRID.maxColumns): LayoutItem[] {
  const moved = layout.find((l) => l.name === name);
  if (!moved) return [...layout];
  return settle(layout, { ...moved, x: Math.max(0, Math.min(columns - moved.w, x)), y: Math.max(0, Math.min(GRID.maxRows - 1, y)) });
}

/**
 * Gives one tile a new size (at least one cell, kept inside the grid from where it stands); the
 * tiles it now covers move down, as for a move, and the others close up.
 */
export function resizeTile(layout: readonly LayoutItem[], name: string, w: number, h: number, columns: number = GRID.maxColumns): LayoutItem[] {
  const tile = layout.find((l) => l.name === name);
  if (!tile) return [...layout];
  return settle(layout, { ...tile, w: Math.max(1, Math.min(columns - tile.x, w)), h: Math.max(1, Math.min(GRID.maxRows - tile.y, h)) });
}

/** The first cell, in reading order, where a w × h tile fits without covering another (a new tile's place). */
export function firstFreeSpot(layout: readonly LayoutItem[], w: number, h: number, columns: number = GRID.maxColumns): { x: number; y: number } {
  const width = Math.min(w, columns);
  const bottom = Math.max(0, ...layout.map((l) => l.y + l.h));
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + width <= columns; x++) {
      if (!layout.some((l) => overlaps(l, { name: '', x, y, w: width, h }))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/** `changed` (a tile of `layout`) holds its new place; the tiles it covers move down, then all close up. */
function settle(layout: readonly LayoutItem[], changed: LayoutItem): LayoutItem[] {
  const name = changed.name;
  const placed: LayoutItem[] = [changed];
  const others = layout.filter((l) => l.name !== name).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const tile of others) {
    const next = { ...tile };
    let blocker = placed.find((p) => overlaps(p, next));
    while (blocker) {
      next.y = blocker.y + blocker.h;
      blocker = placed.find((p) => overlaps(p, next));
    }
    placed.push(next);
  }
  const closed = closeUp(placed, name);
  return layout.map((l) => closed.find((p) => p.name === l.name)!);
}

/**
 * Tiles rise into the room above them (the place a moved tile left, say), in reading order, and
 * never past another tile. The `pinned` tile (the one just moved) holds its place while the
 * others rise, then rises itself only into room left empty above it.
 */
export function closeUp(layout: readonly LayoutItem[], pinned?: string): LayoutItem[] {
  const rise = (tile: LayoutItem, others: readonly LayoutItem[]) => {
    const next = { ...tile };
    while (next.y > 0 && !others.some((p) => p.name !== next.name && overlaps(p, { ...next, y: next.y - 1 }))) next.y -= 1;
    return next;
  };
  const placed: LayoutItem[] = layout.filter((l) => l.name === pinned);
  for (const tile of [...layout].filter((l) => l.name !== pinned).sort((a, b) => a.y - b.y || a.x - b.x)) placed.push(rise(tile, placed));
  const settled = placed.map((p) => (p.name === pinned ? rise(p, placed) : p));
  return layout.map((l) => settled.find((p) => p.name === l.name)!);
}
