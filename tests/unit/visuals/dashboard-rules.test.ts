import { describe, expect, it } from 'vitest';
import { columnsFor, fitLayout, flow, layoutIndex, moveTile } from '../../../src/lib/grid-layout';
import { applyLayoutEdits, recordEdit } from '../../../src/dashboard/editor/edits';
import { loadGuard } from '../../../src/dashboard/load-guard';

describe('dashboard grid', () => {
  it('picks layout 0 at 1200 px or more, 1 above 768 px, else 2, with 12, 8 and 4 columns', () => {
    expect([1400, 1200, 1199, 769, 768, 320].map(layoutIndex)).toEqual([0, 0, 1, 1, 2, 2]);
    expect([0, 1, 2].map((i) => columnsFor(i as 0 | 1 | 2))).toEqual([12, 8, 4]);
  });

  it('flows tiles into rows and refits a 12-column layout to fewer columns in reading order', () => {
    const layout = flow([{ name: 'a', width: 6, height: 2 }, { name: 'b', width: 6, height: 3 }, { name: 'c', width: 12, height: 1 }]);
    expect(layout).toEqual([{ name: 'a', x: 0, y: 0, w: 6, h: 2 }, { name: 'b', x: 6, y: 0, w: 6, h: 3 }, { name: 'c', x: 0, y: 3, w: 12, h: 1 }]);
    expect(fitLayout(layout, 4)).toEqual([{ name: 'a', x: 0, y: 0, w: 4, h: 2 }, { name: 'b', x: 0, y: 2, w: 4, h: 3 }, { name: 'c', x: 0, y: 5, w: 4, h: 1 }]);
  });

  it('moves a tile inside the grid and pushes the tiles it covers down', () => {
    const layout = flow([{ name: 'a', width: 6, height: 2 }, { name: 'b', width: 6, height: 2 }, { name: 'c', width: 6, height: 2 }]);
    const moved = moveTile(layout, 'c', 20, 0);
    expect(moved.find((l) => l.name === 'c')).toMatchObject({ x: 6, y: 0 });
    expect(moved.find((l) => l.name === 'b')).toMatchObject({ x: 6, y: 2 });
    expect(moved.find((l) => l.name === 'a')).toMatchObject({ x: 0, y: 0 });
    expect(moveTile(layout, 'a', -3, -1)[0]).toMatchObject({ x: 0, y: 0 });
  });

  it('closes up the room a moved tile leaves: the tiles below rise, none past another', () => {
    // a b / c d / e (12 wide): a is dropped far below d; c and e rise into its room, and a up to d.
    const layout = flow([{ name: 'a', width: 6, height: 2 }, { name: 'b', width: 6, height: 2 }, { name: 'c', width: 6, height: 2 }, { name: 'd', width: 6, height: 2 }, { name: 'e', width: 6, height: 2 }]);
    const moved = moveTile(layout, 'a', 6, 9);
    expect(moved).toEqual([
      { name: 'a', x: 6, y: 4, w: 6, h: 2 },
      { name: 'b', x: 6, y: 0, w: 6, h: 2 },
      { name: 'c', x: 0, y: 0, w: 6, h: 2 },
      { name: 'd', x: 6, y: 2, w: 6, h: 2 },
      { name: 'e', x: 0, y: 2, w: 6, h: 2 },
    ]);
  });
});

describe('edit mode changes', () => {
  it('records only real changes, and applies them to the layout', () => {
    const original = { x: 0, y: 0, w: 3, h: 2 };
    let edits = recordEdit({}, 'nps', 'layout', { x: 3 }, original);
    expect(edits).toEqual({ nps: { layout: { x: 3 } } });
    edits = recordEdit(edits, 'nps', 'templateBindings', { Header: 'Net promoter' }, { Header: 'NPS' });
    expect(applyLayoutEdits([{ name: 'nps', ...original }], edits)).toEqual([{ name: 'nps', x: 3, y: 0, w: 3, h: 2 }]);
    edits = recordEdit(edits, 'nps', 'layout', { x: 0 }, original);
    edits = recordEdit(edits, 'nps', 'templateBindings', { Header: 'NPS' }, { Header: 'NPS' });
    expect(edits).toEqual({});
  });
});

describe('stale-response guard', () => {
  it('applies only the latest load', () => {
    const guard = loadGuard();
    const first = guard.next();
    const second = guard.next();
    expect(guard.isLatest(first)).toBe(false);
    expect(guard.isLatest(second)).toBe(true);
  });
});
