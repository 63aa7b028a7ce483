/** Undo and redo over every change of the builder's draft: a pure reducer, the newest change last. */

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export type HistoryAction<T> =
  /** A change the user made: it can be undone, and what was undone before can no longer be redone. */
  | { type: 'change'; next: T }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A new starting point (loaded, restored, published elsewhere): nothing to undo or redo. */
  | { type: 'reset'; present: T };

/** Changes kept for undo; the oldest go first. */
export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function historyReducer<T>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'change':
      if (action.next === history.present) return history;
      return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: action.next, future: [] };
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
