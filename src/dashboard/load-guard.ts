/**
 * The stale-response guard of spec part 2: each load takes a stamp, and only the answer to the
 * latest load is applied; an older answer arriving late is dropped.
 */
export function loadGuard() {
  let latest = 0;
  return {
    next(): number {
      latest += 1;
      return latest;
    },
    isLatest(stamp: number): boolean {
      return stamp === latest;
    },
  };
}
