import { describe, expect, it } from 'vitest';
import { pills } from '../../../src/visuals/pill-chart/rules';
import { radarSeries } from '../../../src/visuals/radar/draw';
import { areaTable } from '../../../src/visuals/stacked-area/draw';
import { barShares } from '../../../src/visuals/single-bar-stack/single-bar-stack';
import { toggleSeries } from '../../../src/visuals/multi-axes-line/rules';
import { touchpointsOf } from '../../../src/visuals/touchpoint/touchpoint';
import { axisIcons } from '../../../src/visuals/column-line/column-line';
import { imageSource } from '../../../src/visuals/image/image';
import { initialWall, replaceSlot } from '../../../src/visuals/demo-wall/rotation';
import { columnLeft, journeyWidth } from '../../../src/visuals/journey-map/layout';
import { iconCount, sortRowsBy } from '../../../src/visuals/stacked-bar/decorations';

const row = (Name: string, Val: number | null) => ({ Name, Key: Name, Val });

describe('pill filter chart', () => {
  it('removes [blank] entries in any case and colours by sign: grey at 0, green above, red below', () => {
    expect(pills([row('North', 0.2), row('[BLANK]', 0.5), row('South', -0.1), row('East', 0), row('West', Number.NaN)])).toEqual([
      { name: 'North', value: 0.2, tone: 'up' },
      { name: 'South', value: -0.1, tone: 'down' },
      { name: 'East', value: 0, tone: 'same' },
      { name: 'West', value: null, tone: 'same' },
    ]);
  });
});

describe('radar', () => {
  const entry = (Name: string, data: ReturnType<typeof row>[]) => ({ Name, key: Name, data });

  it('drops [Blank] axes and series and counts NaN as nothing', () => {
    const data = radarSeries([
      entry('A', [row('x', 1), row('[Blank]', 9)]),
      entry('B', [row('x', Number.NaN)]),
      entry('C', [row('x', 3)]),
      entry('[Blank]', [row('x', 5)]),
    ])!;
    expect(data.axes).toEqual(['A', 'B', 'C']);
    expect(data.series).toEqual([{ name: 'x', values: [{ axis: 'A', value: 1 }, { axis: 'B', value: 0 }, { axis: 'C', value: 3 }] }]);
  });

  it('has no data when the largest value is zero', () => {
    expect(radarSeries([entry('A', [row('x', 0)]), entry('B', [row('x', 0)]), entry('C', [row('x', 0)])])).toBeNull();
  });
});

describe('stacked area', () => {
  const content = [
    { Name: 'Online', key: 'o', data: [row('2026-11-01', 4), row('2026-11-02', 5)] },
    { Name: 'Store', key: 's', data: [row('2026-11-02', 7), row('2026-11-03', null)] },
  ];

  it('treats a missing or null value as zero (TreatAsZero, the default)', () => {
    expect(areaTable(content, 'TreatAsZero')).toEqual({
      dates: ['2026-11-01', '2026-11-02', '2026-11-03'],
      series: ['Online', 'Store'],
      rows: [{ Online: 4, Store: 0 }, { Online: 5, Store: 7 }, { Online: 0, Store: 0 }],
    });
  });

  it('leaves such dates out with Skip', () => {
    expect(areaTable(content, 'Skip').dates).toEqual(['2026-11-02']);
  });
});

describe('single bar stack', () => {
  it('turns values into shares of the whole, negatives as nothing', () => {
    expect(barShares([{ name: 'a', value: 3 }, { name: 'b', value: 1 }, { name: 'c', value: -2 }])).toEqual([
      { name: 'a', share: 0.75 }, { name: 'b', share: 0.25 }, { name: 'c', share: 0 },
    ]);
    expect(barShares([{ name: 'a', value: 0 }])).toEqual([{ name: 'a', share: 0 }]);
  });
});

describe('multi-axes line legend', () => {
  it('toggles a series, and resets to none when every series is selected', () => {
    expect(toggleSeries([], 'NPS', ['NPS', 'Responses'])).toEqual(['NPS']);
    expect(toggleSeries(['NPS'], 'NPS', ['NPS', 'Responses'])).toEqual([]);
    expect(toggleSeries(['NPS'], 'Responses', ['NPS', 'Responses'])).toEqual([]);
  });
});

describe('touchpoints, axis icons and images', () => {
  it('follows the Touchpoints setting, with no data where a touchpoint has no valid value', () => {
    const rows = [{ Name: 'Online', Val: 0.3 }, { Name: 'In-store', Val: Number.NaN }, { Name: '[Blank]', Val: 1 }];
    expect(touchpointsOf({ Touchpoints: { 'In-store': 'nps', Online: 'nps', Kiosk: 'nps' } }, rows)).toEqual([
      { name: 'In-store', value: null }, { name: 'Online', value: 0.3 }, { name: 'Kiosk', value: null },
    ]);
    expect(touchpointsOf({}, rows).map((p) => p.name)).toEqual(['Online', 'In-store']);
  });

  it('maps axis values to icons served by the portal, and refuses other addresses', () => {
    expect(axisIcons({ Promoter: 'promoter', Bad: '../x', Other: 'https://evil.example/x' }, '/elements/icons/')).toEqual({ Promoter: '/elements/icons/promoter.svg' });
    expect(imageSource('/elements/icons/promoter.svg', 'https://portal.example')).toBe('https://portal.example/elements/icons/promoter.svg');
    expect(imageSource('https://evil.example/a.png', '')).toBeNull();
    expect(imageSource('/elements/../secret.svg', '')).toBeNull();
  });
});

describe('demo wall rotation', () => {
  it('shows five comments, then replaces the slots in turn with comments not on the wall', () => {
    let wall = initialWall(8);
    expect(wall.slots).toEqual([0, 1, 2, 3, 4]);
    wall = replaceSlot(wall, 8);
    expect(wall.slots).toEqual([5, 1, 2, 3, 4]);
    wall = replaceSlot(wall, 8);
    expect(wall.slots).toEqual([5, 6, 2, 3, 4]);
    wall = replaceSlot(wall, 8, 4);
    expect(wall.slots).toEqual([5, 6, 2, 3, 7]);
    expect(wall.turn).toBe(2);
    wall = replaceSlot(wall, 8);
    expect(wall.slots).toEqual([5, 6, 0, 3, 7]);
  });

  it('keeps the wall as it is when there is nothing new to show', () => {
    const wall = initialWall(4);
    expect(wall.slots).toEqual([0, 1, 2, 3]);
    expect(replaceSlot(wall, 4)).toBe(wall);
  });
});

describe('journey map, icon bar and stacked bar with gauge', () => {
  it('sizes the wrapper from the touchpoints: 90 per column and 15 after every third', () => {
    expect(journeyWidth(0)).toBe(0);
    expect(journeyWidth(3)).toBe(270);
    expect(journeyWidth(4)).toBe(375);
    expect(journeyWidth(7)).toBe(7 * 90 + 2 * 15);
    expect([0, 2, 3, 6].map((i) => columnLeft(i))).toEqual([0, 180, 285, 570]);
  });

  it('keeps the icon count between 1 and 5', () => {
    expect([0, 1, 3.4, 5, 9].map(iconCount)).toEqual([1, 1, 3, 5, 5]);
  });

  it('sorts rows A to Z (aZ), Z to A (Za), or keeps them (hide)', () => {
    const rows = [{ name: 'b' }, { name: 'c' }, { name: 'a' }];
    expect(sortRowsBy(rows, 'aZ').map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(sortRowsBy(rows, 'Za').map((r) => r.name)).toEqual(['c', 'b', 'a']);
    expect(sortRowsBy(rows, 'hide').map((r) => r.name)).toEqual(['b', 'c', 'a']);
  });
});
