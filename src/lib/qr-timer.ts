/** One-time QR sign-in code timing (spec part 1: regenerate at expiry with 20 s minimum, tick every second). */

export const QR_MIN_REMAINING_S = 20;
export const QR_TICK_MS = 1000;

/** Whole seconds until `expires`, never below 0. */
export function secondsLeft(expires: string | Date, now = Date.now()): number {
  return Math.max(0, Math.floor((new Date(expires).getTime() - now) / 1000));
}

/** A code with 20 seconds or less left is replaced, so a scan never races its expiry. */
export function shouldRegenerate(expires: string | Date, now = Date.now()): boolean {
  return secondsLeft(expires, now) <= QR_MIN_REMAINING_S;
}

/** What the assistant scans: the QR base URL with the code, user name and client id. */
export function qrPayload(base: string, code: { code: string; username: string; clientId: string }): string {
  const params = new URLSearchParams({ code: code.code, username: code.username, clientId: code.clientId });
  return `${base}${base.includes('?') ? '&' : '?'}${params}`;
}
