import { longInstant } from '../lib/dates';

/** A server time as the portal writes moments (YYYY-MM-DDTHH:mm:ss, the viewer's zone); '' for none. The language does not change the order. */
export function dateTime(_lang: string, value: string | null | undefined): string {
  return value ? longInstant(value) : '';
}
