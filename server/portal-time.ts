/**
 * The portal's time zone (PORTAL_TIME_ZONE, an IANA name; UTC when unset). A period is made of
 * whole days of this zone: date bounds written without an offset ('2026-11-22T00:00:00', as the
 * filter bar sends them) are its wall-clock times, and so are the days of the default period. The
 * zone is the process's own (TZ), so every `Date` the server parses or splits into days agrees.
 */
export function applyPortalTimeZone(zone = process.env.PORTAL_TIME_ZONE || 'UTC'): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`PORTAL_TIME_ZONE "${zone}" is not a time zone: use an IANA name such as Europe/Berlin or UTC.`);
  }
  process.env.TZ = zone;
  return zone;
}

/** The zone in force: the settings answer it so that the filter bars count days as the server does. */
export const portalTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
