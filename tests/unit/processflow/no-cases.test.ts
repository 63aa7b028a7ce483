import { describe, expect, it } from 'vitest';
import { noCasesLink } from '../../../src/processflow/queue/no-cases';
import type { QueueCount } from '../../../src/api/processflow';

const counts = (initial: number, inProgress: number, final: number): QueueCount[] => [
  { tag: 'Initial', name: 'New', count: initial },
  { tag: 'InProgress', name: 'Working', count: inProgress },
  { tag: 'Final', name: 'Closed', count: final },
  { tag: 'All', name: 'All', count: initial + inProgress + final },
];
const to = (tag: QueueCount['tag'], c: QueueCount[], filtered = false) => noCasesLink(tag, c, filtered)?.name;

describe('where an empty queue points (spec part 3 section 4)', () => {
  it('sends the Initial queue to the work in progress, else to All', () => {
    expect(to('Initial', counts(0, 3, 9))).toBe('Working');
    expect(to('Initial', counts(0, 0, 9))).toBe('All');
  });
  it('sends the InProgress queue to the new cases, else to All', () => {
    expect(to('InProgress', counts(2, 0, 9))).toBe('New');
    expect(to('InProgress', counts(0, 0, 9))).toBe('All');
  });
  it('sends the Final queue to new, then in-progress work, else nowhere', () => {
    expect(to('Final', counts(2, 3, 0))).toBe('New');
    expect(to('Final', counts(0, 3, 0))).toBe('Working');
    expect(to('Final', counts(0, 0, 0))).toBeUndefined();
  });
  it('gives the default variation, without a link, whenever filters are on', () => {
    for (const tag of ['Initial', 'InProgress', 'Final', 'All'] as const) expect(to(tag, counts(1, 1, 1), true)).toBeUndefined();
  });
});
