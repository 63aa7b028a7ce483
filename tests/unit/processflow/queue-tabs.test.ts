import { describe, expect, it } from 'vitest';
import { queueTabs, TAB_RESERVED, TAB_WIDTH } from '../../../src/processflow/queue/queue-tabs';

const queues = ['New', 'Working', 'Closed', 'All'].map((name) => ({ name }));
const names = (width: number, current: string) => {
  const { shown, more } = queueTabs(queues, current, width);
  return [shown.map((q) => q.name), more.map((q) => q.name)];
};

describe('the queue tabs that fit (spec part 3: 120 px a tab)', () => {
  it('shows every tab when they fit, in order', () => {
    expect(names(TAB_RESERVED + 4 * TAB_WIDTH, 'All')).toEqual([['New', 'Working', 'Closed', 'All'], []]);
  });
  it('puts the rest under More, in order', () => {
    expect(names(TAB_RESERVED + 2 * TAB_WIDTH, 'New')).toEqual([['New', 'Working'], ['Closed', 'All']]);
  });
  it('keeps the queue on screen among the tabs: it takes the last place shown', () => {
    expect(names(TAB_RESERVED + 2 * TAB_WIDTH, 'All')).toEqual([['New', 'All'], ['Working', 'Closed']]);
    expect(names(TAB_RESERVED + 2 * TAB_WIDTH, 'Closed')).toEqual([['New', 'Closed'], ['Working', 'All']]);
  });
  it('on a phone, where one tab fits, shows the queue on screen alone', () => {
    expect(names(375 - 48, 'Working')).toEqual([['Working'], ['New', 'Closed', 'All']]);
    expect(names(375 - 48, 'New')).toEqual([['New'], ['Working', 'Closed', 'All']]);
  });
  it('shows the first tabs for a queue it does not know', () => {
    expect(names(TAB_RESERVED + 2 * TAB_WIDTH, 'Gone')).toEqual([['New', 'Working'], ['Closed', 'All']]);
  });
});
