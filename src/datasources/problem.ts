import { ApiError, isBadRequest } from '../api/client';

/**
 * What to tell the user of a failed call: the server's own message (a 400, 409, 413 or 429 names
 * the problem and the limit), else `fallback` (the portal could not be reached).
 */
export function problemOf(failure: unknown, fallback: string): string {
  if (isBadRequest(failure)) return failure.message ?? Object.values(failure.errors ?? {}).flat()[0] ?? fallback;
  if (failure instanceof ApiError && failure.message && !/^HTTP \d+$/.test(failure.message)) return failure.message;
  return fallback;
}
