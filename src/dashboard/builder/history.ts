/** Undo and redo over every change of the builder's draft: a pure reducer, the newest change last. */

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The last change's field and time, when it was typed: the next keys in that field join it. */
  typed?: Typing;
}

/** What is being typed (a tile's field) and when. */
export interface Typing {
  key: string;
  at: number;
}

/** Keys typed into one field within this time of each other are one undo step. */
export const TYPING_MS = 1_000;

export type HistoryAction<T> =
  /** A change the user made: it can be undone, and what was undone before can no longer be redone. */
  | { type: 'change'; next: T; typed?: Typing }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A new starting point (loaded, restored, published elsewhere): nothing to undo or redo. */
  | { type: 'reset'; present: T };

/** Changes kept for undo; the oldest go first. */
export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function historyReducer<T>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'change': {
      if (action.next === history.present) return history;
      const { typed } = action;
      // Still typing into the same field: the present is replaced, so undo takes the whole word back.
      if (typed && history.typed?.key === typed.key && typed.at - history.typed.at <= TYPING_MS && history.past.length) return { past: history.past, present: action.next, future: [], typed };
      return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: action.next, future: [], ...(typed ? { typed } : {}) };
    }
    case 'undo': {
      if (!history.past.length) return history;
      const previous = history.past[history.past.length - 1];
      return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
    }
    case 'redo': {
      if (!history.future.length) return history;
      const [next, ...rest] = history.future;
      return { past: [...history.past, history.present], present: next, future: rest };
    }
    case 'reset':
      return startHistory(action.present);
  }
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;
