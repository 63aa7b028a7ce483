import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_LIMIT, historyReducer, startHistory, type History, type HistoryAction } from '../../src/dashboard/builder/history';
import { addTile, duplicateTile, EMPTY_BODY, freeName, mainLayout, moveIn, removeTile, resizeIn } from '../../src/dashboard/builder/body';
import { firstFreeSpot, resizeTile } from '../../src/lib/grid-layout';
import type { VisualDefinition } from '../../src/api/visual-types';

const run = <T>(start: T, actions: HistoryAction<T>[]): History<T> => actions.reduce(historyReducer<T>, startHistory(start));

describe('the builder history (undo and redo)', () => {
  it('undoes and redoes every change in order', () => {
    const h = run('a', [{ type: 'change', next: 'b' }, { type: 'change', next: 'c' }, { type: 'undo' }, { type: 'undo' }]);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(true);
    const redone = run('a', [{ type: 'change', next: 'b' }, { type: 'change', next: 'c' }, { type: 'undo' }, { type: 'undo' }, { type: 'redo' }]);
    expect(redone.present).toBe('b');
    expect(redone.future).toEqual(['c']);
  });

  it('forgets what was undone once a new change is made, and ignores undo or redo with nothing to do', () => {
    const h = run('a', [{ type: 'change', next: 'b' }, { type: 'undo' }, { type: 'change', next: 'x' }, { type: 'redo' }]);
    expect(h).toEqual({ past: ['a'], present: 'x', future: [] });
    const start = startHistory('a');
    expect(historyReducer(start, { type: 'undo' })).toBe(start);
    expect(historyReducer(start, { type: 'redo' })).toBe(start);
    expect(historyReducer(start, { type: 'change', next: 'a' })).toBe(start);
  });

  it('makes the keys typed into one field within a second one step; another field, a pause or an undo starts a new one', () => {
    const typed = (key: string, at: number) => ({ key, at });
    const h = run('', [
      { type: 'change', next: 'N', typed: typed('a:Header', 0) },
      { type: 'change', next: 'NP', typed: typed('a:Header', 400) },
      { type: 'change', next: 'NPS', typed: typed('a:Header', 800) },
    ]);
    expect(h.past).toEqual(['']);
    expect(h.present).toBe('NPS');
    expect(historyReducer(h, { type: 'change', next: 'NPS!', typed: typed('a:Header', 2000) }).past).toEqual(['', 'NPS']);
    expect(historyReducer(h, { type: 'change', next: 'x', typed: typed('b:Header', 900) }).past).toEqual(['', 'NPS']);
    const undone = historyReducer(historyReducer(h, { type: 'undo' }), { type: 'change', next: 'M', typed: typed('a:Header', 900) });
    expect(undone.past).toEqual(['']);
  });

  it('starts again from a reset (loaded, restored) and keeps at most HISTORY_LIMIT changes', () => {
    expect(run('a', [{ type: 'change', next: 'b' }, { type: 'reset', present: 'r' }])).toEqual({ past: [], present: 'r', future: [] });
    const many = run(0, Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => ({ type: 'change' as const, next: i + 1 })));
    expect(many.past).toHaveLength(HISTORY_LIMIT);
    expect(many.past[0]).toBe(5);
  });
});

const tile = (name: string, width = 4, height = 2): VisualDefinition => ({ name, template: 'Gauge', width, height, templateBindings: { Header: name, Query: { kind: 'kpi', measure: 'nps' } } });

describe('the builder draft changes', () => {
  it('places a new tile at the first free spot of the 12-column grid', () => {
    let body = addTile(EMPTY_BODY, tile('a', 4, 2));
    body = addTile(body, tile('b', 6, 2));
    body = addTile(body, tile('c', 4, 2));
    expect(mainLayout(body)).toEqual([
      { name: 'a', x: 0, y: 0, w: 4, h: 2 },
      { name: 'b', x: 4, y: 0, w: 6, h: 2 },
      { name: 'c', x: 0, y: 2, w: 4, h: 2 },
    ]);
    // A gap left by a removed tile is the first free spot again.
    expect(mainLayout(addTile(removeTile(body, 'a'), tile('d', 3, 2))).find((l) => l.name === 'd')).toMatchObject({ x: 0, y: 0 });
    expect(firstFreeSpot([], 20, 1)).toEqual({ x: 0, y: 0 });
  });

  it('names tiles lower-case with dashes, never twice, and duplicates a tile with its size under a new title', () => {
    const body = addTile(EMPTY_BODY, tile('stacked-bar-1'));
    expect(freeName(body, 'StackedBar')).toBe('stacked-bar-2');
    const { body: copied, name } = duplicateTile(resizeIn(body, 'stacked-bar-1', 6, 3), 'stacked-bar-1', 'Copy');
    expect(name).toBe('stacked-bar-2');
    expect(copied.definitions[1].templateBindings.Header).toBe('Copy');
    expect(body.definitions[0].templateBindings.Header).toBe('stacked-bar-1');
    expect(mainLayout(copied)[1]).toMatchObject({ w: 6, h: 3, x: 6, y: 0 });
  });

  it('resizes a tile inside the grid and moves the tiles it now covers down', () => {
    const layout = [
      { name: 'a', x: 0, y: 0, w: 4, h: 2 },
      { name: 'b', x: 4, y: 0, w: 4, h: 2 },
    ];
    expect(resizeTile(layout, 'a', 6, 2)).toEqual([
      { name: 'a', x: 0, y: 0, w: 6, h: 2 },
      { name: 'b', x: 4, y: 2, w: 4, h: 2 },
    ]);
    expect(resizeTile(layout, 'b', 40, 0)).toEqual([layout[0], { name: 'b', x: 4, y: 0, w: 8, h: 1 }]);
    const body = moveIn(addTile(addTile(EMPTY_BODY, tile('a')), tile('b')), 'b', 0, 0);
    expect(mainLayout(body).find((l) => l.name === 'b')).toMatchObject({ x: 0, y: 0 });
  });
});
