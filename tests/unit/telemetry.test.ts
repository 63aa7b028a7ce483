import { describe, expect, it } from 'vitest';
import { seenRecently, UNIQUE_WINDOW_MS } from '../../src/api/telemetry';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

describe('unique telemetry events', () => {
  it('go out at most once per 24 hours per name', () => {
    const store = new MemoryStorage();
    const t0 = Date.parse('2026-11-22T08:00:00Z');
    expect(seenRecently(store, 'opened-dashboard', t0)).toBe(false);
    expect(seenRecently(store, 'opened-dashboard', t0 + 1000)).toBe(true);
    expect(seenRecently(store, 'other', t0 + 1000)).toBe(false);
    expect(seenRecently(store, 'opened-dashboard', t0 + UNIQUE_WINDOW_MS - 1)).toBe(true);
    expect(seenRecently(store, 'opened-dashboard', t0 + UNIQUE_WINDOW_MS)).toBe(false);
  });

  it('survive a damaged store', () => {
    const store = new MemoryStorage();
    store.setItem('cx.telemetry.unique', '{not json');
    expect(seenRecently(store, 'x', 0)).toBe(false);
  });
});
