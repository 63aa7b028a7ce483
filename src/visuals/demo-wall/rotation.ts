/** Demo wall constants of spec part 3: 3 by 2 cards, one replaced every 5 s, a 960 by 540 view. */
export const WALL = { columns: 3, rows: 2, rotateMs: 5000, width: 960, height: 540 } as const;
/** The first slot holds the NPS gauge; the others hold comments. */
export const COMMENT_SLOTS = WALL.columns * WALL.rows - 1;

export interface WallState {
  /** The pool index shown in each comment slot. */
  slots: number[];
  /** The pool index the next replacement shows. */
  next: number;
  /** The slot the timer replaces next. */
  turn: number;
}

export function initialWall(poolSize: number): WallState {
  const shown = Math.min(COMMENT_SLOTS, poolSize);
  return { slots: Array.from({ length: shown }, (_, i) => i), next: poolSize ? shown % poolSize : 0, turn: 0 };
}

/**
 * Replaces one comment card with the next comment of the pool: the clicked slot, or on the timer
 * the slots in turn. A pool no larger than the wall has nothing new to show.
 */
export function replaceSlot(s: WallState, poolSize: number, clicked?: number): WallState {
  if (poolSize <= s.slots.length || s.slots.length === 0) return s;
  const slot = clicked ?? s.turn;
  // Skip comments already on the wall.
  let next = s.next;
  while (s.slots.includes(next)) next = (next + 1) % poolSize;
  const slots = s.slots.map((v, i) => (i === slot ? next : v));
  return { slots, next: (next + 1) % poolSize, turn: clicked === undefined ? (s.turn + 1) % s.slots.length : s.turn };
}
