import { describe, expect, it } from 'vitest';
import { BlockCache, GRID } from '../../src/viewer/records/block-cache';

/** A fake server page source that records calls and answers when told (the grid's boundary, not the server). */
function source(total = 1000) {
  const calls: number[] = [];
  const waiting: Array<() => void> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = (skip: number, top: number) => {
    calls.push(skip);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<{ data: Array<Record<string, unknown>>; recordCount: number }>((resolve) =>
      waiting.push(() => {
        inFlight -= 1;
        resolve({ data: Array.from({ length: Math.min(top, total - skip) }, (_, i) => ({ id: skip + i })), recordCount: total });
      }),
    );
  };
  const answerAll = async () => {
    while (waiting.length) {
      waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { fetch, calls, answerAll, max: () => maxInFlight };
}

describe('records block cache', () => {
  it('loads blocks of 100, keeps the 2 most recently used, and asks at most 2 at a time', async () => {
    const s = source();
    const cache = new BlockCache(s.fetch, () => undefined);
    const done = cache.ensure(0, 399);
    await s.answerAll();
    await done;
    expect(s.calls).toEqual([0, 100, 200, 300]);
    expect(s.max()).toBe(GRID.concurrentRequests);
    expect(cache.cachedBlocks).toHaveLength(GRID.blocksCached);
    expect(cache.row(350)).toEqual({ id: 350 });
    expect(cache.row(50)).toBeUndefined();
    expect(cache.recordCount).toBe(1000);
  });

  it('asks once for a block already on its way, and not at all for one held', async () => {
    const s = source();
    const cache = new BlockCache(s.fetch, () => undefined);
    const a = cache.ensure(0, 10);
    const b = cache.ensure(5, 20);
    await s.answerAll();
    await Promise.all([a, b]);
    await cache.ensure(0, 99);
    expect(s.calls).toEqual([0]);
  });

  it('drops answers to a load that a new sort or filter replaced', async () => {
    const s = source();
    const cache = new BlockCache(s.fetch, () => undefined);
    const old = cache.ensure(0, 10);
    const fresh = source(50);
    cache.reset(fresh.fetch);
    await s.answerAll();
    await old;
    expect(cache.row(0)).toBeUndefined();
    const now = cache.ensure(0, 10);
    await fresh.answerAll();
    await now;
    expect(cache.recordCount).toBe(50);
  });
});
