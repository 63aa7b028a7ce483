import { dayIn } from '../lib/date-ranges';
import { $settings } from './settings';

/** Today in the portal's time zone once its settings are in (GET /api/settings `timeZone`); the browser's day before. */
export function portalToday(now = new Date()): Date {
  const zone = $settings.get()?.timeZone;
  try {
    return zone ? dayIn(zone, now) : now;
  } catch {
    // A zone this browser does not know: its own day.
    return now;
  }
}
