import { clearPositionIndexes } from './position-index';

/** Spec part 3 section 4: a refresh within one minute of the previous one is skipped. */
export const REFRESH_SKIP_MS = 60_000;

let last: Date | null = null;

/**
 * GET api/smartdata/refresh/SmartData/true: smart data is read from the database on every call, so a
 * refresh drops what this process derived from it (the paging samples, rebuilt on demand). Within a
 * minute of the last refresh it does nothing, so repeated calls cost nothing; `force` false only
 * tells when the last one was.
 */
export function refreshSmartData(now: Date, force: boolean): { isSuccess: true; refreshed: boolean; refreshedAt: string | null } {
  if (!force || (last && now.getTime() - last.getTime() < REFRESH_SKIP_MS && now >= last)) return { isSuccess: true, refreshed: false, refreshedAt: last?.toISOString() ?? null };
  clearPositionIndexes();
  last = now;
  return { isSuccess: true, refreshed: true, refreshedAt: now.toISOString() };
}
